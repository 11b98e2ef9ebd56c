/// What the engine asks about the content. Sections and items count from 0.
/// Any method may throw; the reload that called it then fails and the previous layout stays.
public protocol GridDataSource {
    /// How many sections (default 1).
    func numberOfSections() throws -> Int
    /// How many items `section` has.
    func numberOfItems(inSection section: Int) throws -> Int
    /// The item's size. With `itemsHaveSameSize()`, asked once per section, for item 0.
    func sizeForItem(at indexPath: GridIndexPath) throws -> Size
    /// Every item's size in the section at once, or nil to be asked item by item (default nil).
    /// The bulk path: one call per section instead of one per item.
    func sizesForItems(inSection section: Int) throws -> [Size]?
    /// The sizes of `items` of `section`, in order, written to `sizes` (which has room for
    /// `items.count`): how the engine asks, a batch at a time, when `sizesForItems(inSection:)`
    /// gives nil. The default calls `sizeForItem` for each. A data source whose every call has a
    /// fixed cost (a script's callback) implements it to pay the engine's dynamic call once per
    /// batch rather than once per item. Throw a `GridError` naming the item that failed (an error
    /// of another type is reported for the section).
    func sizesForItems(_ items: Range<Int>, inSection section: Int, into sizes: UnsafeMutableBufferPointer<Size>) throws
    /// The section's header size, or nil for no header (default nil). Only the S size is used.
    func headerSize(inSection section: Int) throws -> Size?
    /// The section's footer size, or nil for no footer (default nil). Only the S size is used: a
    /// footer spans the content's C extent, after the section's items.
    func footerSize(inSection section: Int) throws -> Size?
    /// The section's overrides of the grid's options (`SectionOptions.keys`), or nil for none
    /// (default nil).
    func options(forSection section: Int) throws -> SectionOptions?
    /// Whether the data source gives spans (default false): when true the engine asks `span(at:)`
    /// for every item, and same-size sections are laid out like any other.
    var providesSpans: Bool { get }
    /// How many lanes or columns the item takes, or nil for one (default nil). Asked only when
    /// `providesSpans` is true.
    func span(at indexPath: GridIndexPath) throws -> ItemSpan?
    /// The spans of `items` of `section`, in order, written to `spans` (k ≥ 1, or nil for 1):
    /// how the engine asks, a batch at a time. The default calls `span(at:)` for each.
    func spansForItems(_ items: Range<Int>, inSection section: Int, into spans: UnsafeMutableBufferPointer<ItemSpan?>) throws
    /// Whether the loader follows the last section (default false).
    func showsLoader() throws -> Bool
    /// Whether every item of a section has the size of its item 0 (default false).
    func itemsHaveSameSize() throws -> Bool
    /// Lanes for this section under the `lanes` layout, or nil for the configuration's (default nil).
    func lanes(inSection section: Int) throws -> Int?

    /// Puts a new item at `indexPath` into the data; the grid calls it when an `insertItem` starts
    /// (default: nothing, the data has the item already).
    mutating func insertItem(at indexPath: GridIndexPath) throws
    /// Drops the item at `indexPath` from the data; the grid calls it when an animated removal has
    /// faded the item out, before the rest slide (default: nothing, the data has dropped it already).
    mutating func removeItem(at indexPath: GridIndexPath) throws
    /// Moves the item at `from` to `to` in the data (a removal, then an insertion); the grid calls it
    /// when a `moveItem` starts and when a drag ends elsewhere than it began (default: nothing).
    mutating func moveItem(from: GridIndexPath, to: GridIndexPath) throws
    /// Whether the item can be dragged (default true).
    func canMoveItem(at indexPath: GridIndexPath) throws -> Bool
    /// Whether a dragged item of section `from` can be dropped into section `to` (default false;
    /// never asked for `from == to`, which is always allowed).
    func canMoveItem(fromSection from: Int, toSection to: Int) throws -> Bool
    /// The host's bounds on a layout operation that asks this data source (GridBudget.swift;
    /// default nil: unbounded). Read once when the operation starts.
    var budget: GridBudget? { get }
}

extension GridDataSource {
    public func numberOfSections() throws -> Int { 1 }
    public func sizesForItems(inSection section: Int) throws -> [Size]? { nil }
    /// The default: one `sizeForItem` per item.
    ///
    /// - Complexity: O(b) and b questions, b the items of the batch.
    public func sizesForItems(_ items: Range<Int>, inSection section: Int, into sizes: UnsafeMutableBufferPointer<Size>) throws {
        for item in items {
            let path = GridIndexPath(section: section, item: item)
            sizes[item - items.lowerBound] = try ask(.itemSize, .item(path)) { try sizeForItem(at: path) }
        }
    }
    public func headerSize(inSection section: Int) throws -> Size? { nil }
    public func footerSize(inSection section: Int) throws -> Size? { nil }
    public func options(forSection section: Int) throws -> SectionOptions? { nil }
    public var providesSpans: Bool { false }
    public func span(at indexPath: GridIndexPath) throws -> ItemSpan? { nil }
    /// The default: one `span(at:)` per item.
    ///
    /// - Complexity: O(b) and b questions, b the items of the batch.
    public func spansForItems(_ items: Range<Int>, inSection section: Int, into spans: UnsafeMutableBufferPointer<ItemSpan?>) throws {
        for item in items {
            let path = GridIndexPath(section: section, item: item)
            spans[item - items.lowerBound] = try ask(.span, .item(path)) { try span(at: path) }
        }
    }
    public func showsLoader() throws -> Bool { false }
    public func itemsHaveSameSize() throws -> Bool { false }
    public func lanes(inSection section: Int) throws -> Int? { nil }
    public mutating func insertItem(at indexPath: GridIndexPath) throws {}
    public mutating func removeItem(at indexPath: GridIndexPath) throws {}
    public mutating func moveItem(from: GridIndexPath, to: GridIndexPath) throws {}
    public func canMoveItem(at indexPath: GridIndexPath) throws -> Bool { true }
    public func canMoveItem(fromSection from: Int, toSection to: Int) throws -> Bool { false }
    public var budget: GridBudget? { nil }
}

extension GridDataSource {
    /// Performs `change` on the data: the `insertItem`, `removeItem` or `moveItem` it stands for.
    mutating func perform(_ change: IndexChange) throws {
        switch change {
        case .insert(let path): try insertItem(at: path)
        case .remove(let path): try removeItem(at: path)
        case .move(let from, let to): try moveItem(from: from, to: to)
        case .renumber: break  // `apply`: the data has changed already
        }
    }
}
