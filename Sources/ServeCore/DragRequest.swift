/// POST /api/drag {phase: "begin" | "move" | "end", x, y}: `beginDrag(x, y)`, `dragTo(x, y)` or
/// `endDrag()`, with points in viewport coordinates.
public enum DragRequest: Equatable, Sendable {
    case begin(x: Double, y: Double)
    case move(x: Double, y: Double)
    case end

    private struct Body: Decodable {
        var phase: String
        var x: Double?
        var y: Double?
    }

    static let shape = #"{"phase": "begin" | "move" | "end", "x": number, "y": number}"#

    /// The request in `body`, or a 400 naming what is missing, unknown or not finite.
    public static func parse(_ body: [UInt8]) throws(ServeFailure) -> DragRequest {
        let request = try JSONBody.decode(Body.self, body, path: "/api/drag", shape: shape)
        guard ["begin", "move", "end"].contains(request.phase) else {
            throw ServeFailure(400, "/api/drag: unknown phase '\(request.phase)' (expected begin, move or end)")
        }
        if request.phase == "end" { return .end }
        guard let x = request.x, let y = request.y else {
            throw ServeFailure(400, "/api/drag: phase '\(request.phase)' needs 'x' and 'y' (a point in the viewport)")
        }
        guard x.isFinite && y.isFinite else { throw ServeFailure(400, "/api/drag: 'x' and 'y' must be finite numbers") }
        return request.phase == "begin" ? .begin(x: x, y: y) : .move(x: x, y: y)
    }

    /// Whether the request comes in turn, given whether a drag is in progress: a 409 for a
    /// "begin" during a drag, or a "move" or "end" without one, else nil. The server checks this
    /// before calling the grid, whose own refusal would name Lua's methods, not the API's phases.
    public func outOfTurn(dragging: Bool) -> ServeFailure? {
        switch self {
        case .begin where dragging:
            ServeFailure(409, "/api/drag: a drag is already in progress (send phase 'end' first)")
        case .move where !dragging, .end where !dragging:
            ServeFailure(409, "/api/drag: no drag is in progress (send phase 'begin' first)")
        default:
            nil
        }
    }
}
