/// What a request asks of the browser view, its body validated: the routes of the page and of
/// the JSON API the page uses.
public enum ServeRoute: Equatable, Sendable {
    /// GET / (and /index.html), /page.js, /page.css.
    case page(PageFile)
    /// GET /api/state.
    case state
    /// POST /api/viewport.
    case viewport(ViewportRequest)
    /// POST /api/drag.
    case drag(DragRequest)
    /// POST /api/neighbor.
    case neighbor(NeighborRequest)
    /// POST /api/scrollSection.
    case scrollSection(ScrollSectionRequest)
    /// POST /api/layout: the playground's layout switcher.
    case layout(LayoutRequest)
    /// GET /api/source: the text the playground's editor starts from.
    case source
    /// POST /api/script: an edit to run in place of the script's file.
    case script(ScriptRequest)
    /// GET of one of the editor's files (Debian's CodeMirror).
    case vendor(VendorFile)

    /// Each path and the one method it takes (a GET path also takes HEAD).
    static let methods: [String: String] = [
        "/": "GET", "/index.html": "GET", "/page.js": "GET", "/page.css": "GET",
        "/api/state": "GET", "/api/viewport": "POST", "/api/drag": "POST",
        "/api/neighbor": "POST", "/api/scrollSection": "POST", "/api/source": "GET", "/api/script": "POST",
        "/api/layout": "POST",
    ].merging(VendorFile.allCases.map { ($0.route, "GET") }) { a, _ in a }

    /// The route of a request, or why it is refused: 404 for an unknown path, 405 for the wrong
    /// method (with the methods allowed), 415 for a POST that does not say its body is JSON, 400
    /// for a body that is not the object the route takes. A POST must say its body is JSON:
    /// another site's page cannot send that without the browser asking first (CORS), which this
    /// server never allows, so it cannot drive the grid.
    public static func route(method: String, path: String, contentType: String?, body: [UInt8]) throws(ServeFailure) -> ServeRoute {
        guard let allowed = methods[path] else { throw ServeFailure(404, "not found: \(path)") }
        guard method == allowed || (allowed == "GET" && method == "HEAD") else {
            throw ServeFailure(405, "\(path) takes \(allowed), not \(method)", allow: allowed == "GET" ? "GET, HEAD" : allowed)
        }
        if method == "POST" && !(contentType ?? "").lowercased().hasPrefix("application/json") {
            throw ServeFailure(415, "\(path): the body must be sent as Content-Type: application/json")
        }
        switch path {
        case "/page.js": return .page(.script)
        case "/page.css": return .page(.style)
        case "/api/state": return .state
        case "/api/viewport": return .viewport(try ViewportRequest.parse(body))
        case "/api/drag": return .drag(try DragRequest.parse(body))
        case "/api/neighbor": return .neighbor(try NeighborRequest.parse(body))
        case "/api/scrollSection": return .scrollSection(try ScrollSectionRequest.parse(body))
        case "/api/layout": return .layout(try LayoutRequest.parse(body))
        case "/api/source": return .source
        case "/api/script": return .script(try ScriptRequest.parse(body))
        default:
            if let file = VendorFile.allCases.first(where: { $0.route == path }) { return .vendor(file) }
            return .page(.html)
        }
    }
}
