/// The editor's files: Debian's CodeMirror (`libjs-codemirror`), served from where Debian installs
/// them, never bundled. Only these three paths exist, so no request names a file of its own.
public enum VendorFile: CaseIterable, Sendable {
    case editorScript, editorStyle, luaMode

    /// Where Debian's libjs-codemirror puts CodeMirror.
    public static let directory = "/usr/share/javascript/codemirror"

    /// The path the page asks for.
    public var route: String {
        switch self {
        case .editorScript: "/codemirror/codemirror.js"
        case .editorStyle: "/codemirror/codemirror.css"
        case .luaMode: "/codemirror/lua.js"
        }
    }

    /// The file under `directory`.
    public var relativePath: String {
        switch self {
        case .editorScript: "lib/codemirror.js"
        case .editorStyle: "lib/codemirror.css"
        case .luaMode: "mode/lua/lua.js"
        }
    }

    public var contentType: String {
        self == .editorStyle ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"
    }

    /// The 404 when the file is not installed: the page then edits in a plain text area.
    public var missing: ServeFailure {
        ServeFailure(404, "\(route): \(VendorFile.directory)/\(relativePath) is not installed (Debian's libjs-codemirror)")
    }
}
