/// An item's index path in the state, sections and items counted from 1 as in Lua.
public struct ServeIndexPath: Encodable, Equatable, Sendable {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }
}
