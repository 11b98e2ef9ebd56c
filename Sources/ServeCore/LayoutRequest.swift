import GridLayout

/// POST /api/layout {layout}: the playground's layout switcher. The grid moves to that layout with
/// the engine's layout transition (`animateTo({layout = name}, animationDuration)`): the anchor
/// item stays where it is on screen, every other option keeps its value.
public struct LayoutRequest: Equatable, Sendable {
    public var layout: LayoutKind

    public init(layout: LayoutKind) { self.layout = layout }

    private struct Body: Decodable {
        var layout: String
    }

    /// The names the engine's `LayoutKind` has, in its order: what the switcher lists.
    public static var names: [String] { LayoutKind.allCases.map(\.rawValue) }

    static var shape: String { #"{"layout": "# + names.map { #""\#($0)""# }.joined(separator: " | ") + "}" }

    /// The request in `body`, or a 400 naming what is missing or mistyped, and for an unknown
    /// layout the engine's layouts and the nearest one. Whether the grid's options fit the layout
    /// is the engine's to say (its own message, when the transition starts).
    public static func parse(_ body: [UInt8]) throws(ServeFailure) -> LayoutRequest {
        let request = try JSONBody.decode(Body.self, body, path: "/api/layout", shape: shape)
        guard let layout = LayoutKind(rawValue: request.layout) else {
            let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
            throw ServeFailure(400, "/api/layout: unknown layout '\(request.layout)' (expected \(list))"
                + Suggestion.didYouMean(request.layout, among: names))
        }
        return LayoutRequest(layout: layout)
    }
}
