import GridLayout

/// POST /api/neighbor {section, item, direction}: `neighbor(section, item, direction)` from an
/// item (sections and items from 1, as in Lua), then `scrollToItem` of the neighbour, "nearest".
public struct NeighborRequest: Equatable, Sendable {
    public var section: Int
    public var item: Int
    public var direction: NavigationDirection

    public init(section: Int, item: Int, direction: NavigationDirection) {
        self.section = section
        self.item = item
        self.direction = direction
    }

    private struct Body: Decodable {
        var section: Int
        var item: Int
        var direction: String
    }

    static let shape = #"{"section": integer, "item": integer, "direction": "up" | "down" | "left" | "right" | "next" | "previous"}"#

    /// The request in `body`, or a 400 naming the field that is missing, mistyped or out of range,
    /// and for an unknown direction the directions and the nearest one. An index path past the
    /// grid's counts is the engine's to refuse (its own message names it).
    public static func parse(_ body: [UInt8]) throws(ServeFailure) -> NeighborRequest {
        let request = try JSONBody.decode(Body.self, body, path: "/api/neighbor", shape: shape)
        for (name, value) in [("section", request.section), ("item", request.item)] where value < 1 {
            throw ServeFailure(400, "/api/neighbor: '\(name)' must be an integer >= 1, got \(value)")
        }
        guard let direction = NavigationDirection(rawValue: request.direction) else {
            let names = NavigationDirection.allCases.map(\.rawValue)
            let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
            throw ServeFailure(400, "/api/neighbor: unknown direction '\(request.direction)' (expected \(list))"
                + Suggestion.didYouMean(request.direction, among: names))
        }
        return NeighborRequest(section: request.section, item: request.item, direction: direction)
    }
}
