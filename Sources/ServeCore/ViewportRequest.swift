/// POST /api/viewport {x, y, width, height}: the page's scroll offset and the size of its scroll
/// area, which become the grid's viewport.
public struct ViewportRequest: Decodable, Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The largest viewport side the page may ask for.
    public static let maxSide = 100_000.0

    static let shape = #"{"x": number, "y": number, "width": number, "height": number}"#

    /// The request in `body`, or a 400 naming the field that is missing, mistyped or out of range.
    public static func parse(_ body: [UInt8]) throws(ServeFailure) -> ViewportRequest {
        let request = try JSONBody.decode(ViewportRequest.self, body, path: "/api/viewport", shape: shape)
        for (name, value) in [("x", request.x), ("y", request.y)] where !value.isFinite || value < 0 {
            throw ServeFailure(400, "/api/viewport: '\(name)' must be a finite number >= 0, got \(value)")
        }
        for (name, value) in [("width", request.width), ("height", request.height)]
        where !value.isFinite || value < 1 || value > maxSide {
            throw ServeFailure(400, "/api/viewport: '\(name)' must be a number in 1...\(Int(maxSide)), got \(value)")
        }
        return request
    }
}
