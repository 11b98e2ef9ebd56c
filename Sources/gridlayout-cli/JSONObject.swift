/// An object of a `JSONDocument` with its JSON path: what the request types read members from,
/// and the path an error about a member names.
struct JSONObject {
    let document: JSONDocument
    let node: Int
    let path: [any CodingKey]

    /// The object at `node`, or nil when the value there is not an object.
    init?(_ document: JSONDocument, _ node: Int, _ path: [any CodingKey]) {
        guard document.kind(node) == .object else { return nil }
        self.document = document
        self.node = node
        self.path = path
    }

    /// The keys, in the document's order (a repeated key once, where its last value is).
    var keys: [String] { document.memberKeys(node).map { document.string($0) ?? "" } }

    /// The node of the value of `key`, or nil.
    func value(_ key: String) -> Int? { document.member(node, key) }

    func contains(_ key: String) -> Bool { value(key) != nil }

    /// The JSON path of the member `key`.
    func path(_ key: String) -> [any CodingKey] { path + [PathKey(key)] }
}
