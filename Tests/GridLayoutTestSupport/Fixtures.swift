import GridLayout

/// Shorthand for fixtures: a size.
public func size(_ width: Double, _ height: Double) -> Size { Size(width: width, height: height) }

/// Shorthand for fixtures: a rectangle.
public func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

/// A configuration built from Lua-style options, the way fixtures state them.
public func configuration(_ options: [(String, OptionValue)]) throws -> GridConfiguration {
    var config = GridConfiguration()
    for (name, value) in options { try config.set(name, to: value) }
    return config
}

/// The frames of one section's items, in order.
public func itemFrames(_ layout: ContentLayout, section: Int = 0) throws -> [Rect] {
    try (0..<layout.itemCount(inSection: section)).map { try layout.frame(of: GridIndexPath(section: section, item: $0)) }
}

/// A data source that throws from `sizeForItem` at one index path, to test failing reloads.
public struct FailingDataSource: GridDataSource {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String { "boom" }
    }
    public var base: ArrayDataSource
    public var failAt: GridIndexPath

    public init(base: ArrayDataSource, failAt: GridIndexPath) {
        self.base = base
        self.failAt = failAt
    }

    public func numberOfSections() -> Int { base.numberOfSections() }
    public func numberOfItems(inSection section: Int) throws -> Int { try base.numberOfItems(inSection: section) }
    public func sizeForItem(at path: GridIndexPath) throws -> Size {
        if path == failAt { throw Failure() }
        return try base.sizeForItem(at: path)
    }
    public func headerSize(inSection section: Int) throws -> Size? { try base.headerSize(inSection: section) }
    public func showsLoader() -> Bool { base.showsLoader() }
}

/// Same-size content of any count: one size per section, nothing per item.
public struct UniformDataSource: GridDataSource {
    public var counts: [Int]
    public var size: Size
    public var header: Size?
    public var showLoader: Bool

    public init(counts: [Int], size: Size, header: Size? = nil, showLoader: Bool = false) {
        self.counts = counts
        self.size = size
        self.header = header
        self.showLoader = showLoader
    }

    public func numberOfSections() -> Int { counts.count }
    public func numberOfItems(inSection section: Int) -> Int { counts[section] }
    public func sizeForItem(at path: GridIndexPath) -> Size { size }
    public func headerSize(inSection section: Int) -> Size? { header }
    public func showsLoader() -> Bool { showLoader }
    public func itemsHaveSameSize() -> Bool { true }
}

/// An `ArrayDataSource` asked item by item (no bulk `sizesForItems`), to test the per-item path.
public struct PerItemDataSource: GridDataSource {
    public var base: ArrayDataSource

    public init(_ base: ArrayDataSource) { self.base = base }

    public func numberOfSections() -> Int { base.numberOfSections() }
    public func numberOfItems(inSection section: Int) throws -> Int { try base.numberOfItems(inSection: section) }
    public func sizeForItem(at path: GridIndexPath) throws -> Size { try base.sizeForItem(at: path) }
    public func headerSize(inSection section: Int) throws -> Size? { try base.headerSize(inSection: section) }
    public func showsLoader() -> Bool { base.showsLoader() }
    public func lanes(inSection section: Int) throws -> Int? { try base.lanes(inSection: section) }
    public func footerSize(inSection section: Int) throws -> Size? { try base.footerSize(inSection: section) }
    public func options(forSection section: Int) throws -> SectionOptions? { try base.options(forSection: section) }
    public var providesSpans: Bool { base.providesSpans }
    public func span(at path: GridIndexPath) throws -> ItemSpan? { try base.span(at: path) }
}
