/// A data source held in plain arrays: the bulk path for callers that know every size up front.
public struct ArrayDataSource: GridDataSource, Sendable {
    /// One section's content.
    public struct Section: Sendable {
        public var sizes: [Size]
        public var header: Size?
        public var lanes: Int?

        public init(sizes: [Size], header: Size? = nil, lanes: Int? = nil) {
            self.sizes = sizes
            self.header = header
            self.lanes = lanes
        }
    }

    public var sections: [Section]
    public var showLoader: Bool

    public init(sections: [Section], showLoader: Bool = false) {
        self.sections = sections
        self.showLoader = showLoader
    }

    /// One section with these item sizes.
    public init(sizes: [Size], showLoader: Bool = false) {
        self.init(sections: [Section(sizes: sizes)], showLoader: showLoader)
    }

    public func numberOfSections() -> Int { sections.count }
    public func numberOfItems(inSection section: Int) -> Int { sections[section].sizes.count }
    public func sizeForItem(at indexPath: GridIndexPath) -> Size { sections[indexPath.section].sizes[indexPath.item] }
    public func sizesForItems(inSection section: Int) -> [Size]? { sections[section].sizes }
    public func headerSize(inSection section: Int) -> Size? { sections[section].header }
    public func showsLoader() -> Bool { showLoader }
    public func lanes(inSection section: Int) -> Int? { sections[section].lanes }
}
