/// GET /api/source: the script's text for the playground's editor: the file's, or the last edit
/// that ran (`edited`). A script read from standard input has no text (null).
public struct ServeSource: Encodable, Equatable, Sendable {
    public var script: String
    public var text: String?
    public var edited: Bool
    /// The run the text belongs to (the state's `generation`).
    public var generation: Int

    public init(script: String, text: String?, edited: Bool, generation: Int) {
        self.script = script
        self.text = text
        self.edited = edited
        self.generation = generation
    }

    enum CodingKeys: String, CodingKey { case script, text, edited, generation }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(script, forKey: .script)
        try c.encode(text, forKey: .text)  // null for stdin
        try c.encode(edited, forKey: .edited)
        try c.encode(generation, forKey: .generation)
    }
}
