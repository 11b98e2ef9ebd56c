/// The page's files (the server embeds them at build time): the routes that answer them and
/// their content types.
public enum PageFile: CaseIterable, Sendable {
    case html, script, style

    public var contentType: String {
        switch self {
        case .html: "text/html; charset=utf-8"
        case .script: "text/javascript; charset=utf-8"
        case .style: "text/css; charset=utf-8"
        }
    }
}
