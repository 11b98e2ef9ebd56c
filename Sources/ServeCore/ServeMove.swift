/// An item's move: where it is in the data and its slot during a drag, or where a drop took it.
public struct ServeMove: Encodable, Equatable, Sendable {
    public var from: ServeIndexPath
    public var to: ServeIndexPath

    public init(from: ServeIndexPath, to: ServeIndexPath) {
        self.from = from
        self.to = to
    }
}
