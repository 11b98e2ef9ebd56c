import FoundationEssentials

/// A request's JSON object body read as `T`, or a 400 saying what is wrong with it, `shape` showing
/// the object expected.
enum JSONBody {
    static func decode<T: Decodable>(_ type: T.Type, _ body: [UInt8], path: String, shape: String) throws(ServeFailure) -> T {
        func bad(_ why: String) -> ServeFailure { ServeFailure(400, "\(path): \(why) (expected \(shape))") }
        if body.isEmpty { throw bad("the request has no body") }
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch DecodingError.keyNotFound(let key, _) {
            throw bad("'\(key.stringValue)' is missing")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let name = context.codingPath.last?.stringValue
            throw bad(name.map { "'\($0)' has the wrong type" } ?? "the body is not a JSON object")
        } catch {
            throw bad("the body is not JSON")
        }
    }
}
