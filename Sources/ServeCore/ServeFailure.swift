import GridLayout

/// A request the server refuses, or a grid call that failed: the HTTP status and the message the
/// answer's `error` field carries (`allow`: the methods a path takes, for a 405).
public struct ServeFailure: Error, Equatable, Sendable {
    public var status: Int
    public var message: String
    public var allow: String?

    public init(_ status: Int, _ message: String, allow: String? = nil) {
        self.status = status
        self.message = message
        self.allow = allow
    }

    /// A grid call that failed with `message`: its status by the failure's kind (nil: not the
    /// engine's, such as a script's own error).
    public init(kind: GridError.Kind?, message: String) {
        self.init(ServeStatus.of(kind), message)
    }
}
