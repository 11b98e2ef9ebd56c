/// POST /api/scrollSection {section, offset}: `scrollSection(section, offset)` of a section that
/// scrolls sideways (sections from 1, as in Lua); the engine snaps and clamps the offset.
public struct ScrollSectionRequest: Equatable, Sendable {
    public var section: Int
    public var offset: Double

    public init(section: Int, offset: Double) {
        self.section = section
        self.offset = offset
    }

    private struct Body: Decodable {
        var section: Int
        var offset: Double
    }

    static let shape = #"{"section": integer, "offset": number}"#

    /// The request in `body`, or a 400 naming the field that is missing, mistyped or out of range.
    /// An offset past either end is the engine's to clamp, and a section past the grid's count, or
    /// one that does not scroll sideways, its to refuse (its own message names it).
    public static func parse(_ body: [UInt8]) throws(ServeFailure) -> ScrollSectionRequest {
        let request = try JSONBody.decode(Body.self, body, path: "/api/scrollSection", shape: shape)
        if request.section < 1 {
            throw ServeFailure(400, "/api/scrollSection: 'section' must be an integer >= 1, got \(request.section)")
        }
        if !request.offset.isFinite {
            throw ServeFailure(400, "/api/scrollSection: 'offset' must be a finite number, got \(request.offset)")
        }
        return ScrollSectionRequest(section: request.section, offset: request.offset)
    }
}
