import Testing
import GridLayout
import ServeCore

/// The playground's routes: the editor's text (GET /api/source), an edit to run (POST
/// /api/script, its body validated), the layout switcher's POST /api/layout and the editor's
/// files from Debian's CodeMirror.
@Suite struct PlaygroundRouteTests {
    func route(_ method: String, _ path: String, _ body: String = "", type: String? = "application/json") -> Result<ServeRoute, ServeFailure> {
        do { return .success(try ServeRoute.route(method: method, path: path, contentType: type, body: Array(body.utf8))) } catch {
            return .failure(error)
        }
    }

    let shape = #"(expected {"text": string})"#

    @Test func anEditCarriesItsText() {
        #expect(route("POST", "/api/script", #"{"text": "return 1\n-- é"}"#) == .success(.script(ScriptRequest(text: "return 1\n-- é"))))
        #expect(route("POST", "/api/script", #"{"text": ""}"#) == .success(.script(ScriptRequest(text: ""))))
        #expect(route("GET", "/api/source", type: nil) == .success(.source))
    }

    @Test func aBadEditIsRefusedNamingWhatIsWrong() {
        #expect(route("POST", "/api/script", "") == .failure(ServeFailure(400, "/api/script: the request has no body \(shape)")))
        #expect(route("POST", "/api/script", "{}") == .failure(ServeFailure(400, "/api/script: 'text' is missing \(shape)")))
        #expect(route("POST", "/api/script", #"{"text": 3}"#) == .failure(ServeFailure(400, "/api/script: 'text' has the wrong type \(shape)")))
        #expect(route("POST", "/api/script", #"{"text": null}"#) == .failure(ServeFailure(400, "/api/script: 'text' has the wrong type \(shape)")))
        #expect(route("POST", "/api/script", "return 1") == .failure(ServeFailure(400, "/api/script: the body is not JSON \(shape)")))
        #expect(route("POST", "/api/script", #"{"text": "a\u0000b"}"#)
                == .failure(ServeFailure(400, "/api/script: 'text' must not contain a NUL character")))
        #expect(route("POST", "/api/script", #"{"text": ""}"#, type: "text/plain")
                == .failure(ServeFailure(415, "/api/script: the body must be sent as Content-Type: application/json")))
        #expect(route("GET", "/api/script") == .failure(ServeFailure(405, "/api/script takes POST, not GET", allow: "POST")))
        #expect(route("POST", "/api/source") == .failure(ServeFailure(405, "/api/source takes GET, not POST", allow: "GET, HEAD")))
    }

    @Test func theSwitcherTakesTheEnginesLayoutsOnly() {
        #expect(LayoutRequest.names == LayoutKind.allCases.map(\.rawValue))
        for kind in LayoutKind.allCases {
            #expect(route("POST", "/api/layout", #"{"layout": "\#(kind.rawValue)"}"#) == .success(.layout(LayoutRequest(layout: kind))))
        }
        let shape = #"(expected {"layout": "lanes" | "waterfall" | "flow" | "justified"})"#
        #expect(route("POST", "/api/layout", "{}") == .failure(ServeFailure(400, "/api/layout: 'layout' is missing \(shape)")))
        #expect(route("POST", "/api/layout", #"{"layout": 2}"#) == .failure(ServeFailure(400, "/api/layout: 'layout' has the wrong type \(shape)")))
        #expect(route("POST", "/api/layout", #"{"layout": "Flow"}"#) == .failure(ServeFailure(
            400, "/api/layout: unknown layout 'Flow' (expected lanes, waterfall, flow or justified) (did you mean 'flow'?)")))
        #expect(route("POST", "/api/layout", #"{"layout": "grid"}"#) == .failure(ServeFailure(
            400, "/api/layout: unknown layout 'grid' (expected lanes, waterfall, flow or justified)")))
        #expect(route("GET", "/api/layout") == .failure(ServeFailure(405, "/api/layout takes POST, not GET", allow: "POST")))
    }

    @Test func theEditorsFilesAreDebiansCodeMirrorAndNoOthers() {
        #expect(route("GET", "/codemirror/codemirror.js") == .success(.vendor(.editorScript)))
        #expect(route("GET", "/codemirror/codemirror.css") == .success(.vendor(.editorStyle)))
        #expect(route("GET", "/codemirror/lua.js") == .success(.vendor(.luaMode)))
        #expect(VendorFile.allCases.map { VendorFile.directory + "/" + $0.relativePath } == [
            "/usr/share/javascript/codemirror/lib/codemirror.js", "/usr/share/javascript/codemirror/lib/codemirror.css",
            "/usr/share/javascript/codemirror/mode/lua/lua.js"])
        #expect(VendorFile.editorStyle.contentType == "text/css; charset=utf-8")
        #expect(VendorFile.luaMode.contentType == "text/javascript; charset=utf-8")
        #expect(route("GET", "/codemirror/mode/lua/lua.js") == .failure(ServeFailure(404, "not found: /codemirror/mode/lua/lua.js")))
        #expect(route("GET", "/codemirror/../../etc/passwd") == .failure(ServeFailure(404, "not found: /codemirror/../../etc/passwd")))
        #expect(VendorFile.editorScript.missing == ServeFailure(
            404, "/codemirror/codemirror.js: /usr/share/javascript/codemirror/lib/codemirror.js is not installed (Debian's libjs-codemirror)"))
    }

    @Test func theSourceSaysWhetherItIsAnEdit() {
        let text = { (a: ServeAnswer) in String(decoding: a.body, as: UTF8.self) }
        #expect(text(.json(ServeSource(script: "s.lua", text: "return g", edited: true, generation: 3)))
                == #"{"edited":true,"generation":3,"script":"s.lua","text":"return g"}"#)
        #expect(text(.json(ServeSource(script: "-", text: nil, edited: false, generation: 1)))
                == #"{"edited":false,"generation":1,"script":"-","text":null}"#)
    }
}
