/// The checks a request passes before it is routed: who it is addressed to, and the size of its
/// body.
public enum ServeGate {
    /// The largest request body accepted; a larger one is answered 413.
    public static let maxBody = 64 << 10
    /// A body declared larger than this is refused before it is read (the connection then closes);
    /// up to it, an oversized body is read and dropped so that the client gets its 413 cleanly.
    public static let maxDrained = 16 << 20

    /// A 403 unless the request's Host header names this server (listening on `port`). Anything
    /// else (a web page's own name resolved to 127.0.0.1 later: DNS rebinding) is refused, so no
    /// other site can read the API.
    public static func checkHost(_ host: String?, port: Int) -> ServeFailure? {
        if host == "127.0.0.1:\(port)" || host == "localhost:\(port)" { return nil }
        return ServeFailure(403, "this server answers to http://127.0.0.1:\(port)/ only")
    }

    /// A 413 for a body whose declared length (the Content-Length header) is past what is
    /// drained, else nil.
    public static func checkDeclaredLength(_ header: String?) -> ServeFailure? {
        guard let header, let length = Int(header), length > maxDrained else { return nil }
        return ServeFailure(413, "the request body (\(length) bytes) is larger than \(maxBody) bytes")
    }

    /// The 413 for a body to `path` that turned out larger than `maxBody`.
    public static func bodyTooLarge(path: String) -> ServeFailure {
        ServeFailure(413, "\(path): the request body is larger than \(maxBody) bytes")
    }
}
