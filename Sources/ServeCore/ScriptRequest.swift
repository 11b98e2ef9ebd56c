/// POST /api/script {text}: the playground's edit, a whole script to run in a fresh sandboxed Lua
/// state in place of the script's file (which is not written).
public struct ScriptRequest: Equatable, Sendable {
    public var text: String

    public init(text: String) { self.text = text }

    private struct Body: Decodable {
        var text: String
    }

    static let shape = #"{"text": string}"#

    /// The request in `body`, or a 400 naming what is wrong. A text with a NUL byte is refused:
    /// the server hands the text to Lua as a C string's worth of source, and a script never needs
    /// one. Whether the text is Lua, and makes a grid, is the run's to say.
    public static func parse(_ body: [UInt8]) throws(ServeFailure) -> ScriptRequest {
        let request = try JSONBody.decode(Body.self, body, path: "/api/script", shape: shape)
        if request.text.utf8.contains(0) {
            throw ServeFailure(400, "/api/script: 'text' must not contain a NUL character")
        }
        return ScriptRequest(text: request.text)
    }
}
