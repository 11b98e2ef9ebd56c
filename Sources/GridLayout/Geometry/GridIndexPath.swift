/// The position of an item: its section and its index within the section, both counted from 0.
public struct GridIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (a: GridIndexPath, b: GridIndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }

    public var description: String { "(section \(section), item \(item))" }
}
