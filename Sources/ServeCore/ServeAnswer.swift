import FoundationEssentials

/// What the server answers a request: a status, a content type and a body (and, for a 405, the
/// methods the path takes). Every answer but the page's files is JSON.
public struct ServeAnswer: Equatable, Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    public var allow: String?

    public init(status: Int, contentType: String, body: [UInt8], allow: String? = nil) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.allow = allow
    }

    /// `value` as JSON, its keys sorted (a stable answer, byte for byte).
    public static func json<T: Encodable>(_ value: T, status: Int = 200) -> ServeAnswer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data(#"{"error":"the answer could not be encoded"}"#.utf8)
        return ServeAnswer(status: status, contentType: "application/json", body: [UInt8](data))
    }

    /// `{"error": message}` with the failure's status.
    public static func failure(_ failure: ServeFailure) -> ServeAnswer {
        var answer = json(["error": failure.message], status: failure.status)
        answer.allow = failure.allow
        return answer
    }

    /// One of the page's files.
    public static func page(_ file: PageFile, _ bytes: [UInt8]) -> ServeAnswer {
        ServeAnswer(status: 200, contentType: file.contentType, body: bytes)
    }

    /// One of the editor's files.
    public static func vendor(_ file: VendorFile, _ bytes: [UInt8]) -> ServeAnswer {
        ServeAnswer(status: 200, contentType: file.contentType, body: bytes)
    }
}
