/// A data source held in plain arrays: the bulk path for callers that know every size up front.
///
/// Its answers are O(1) (an array's element, or the array itself, shared rather than copied) unless
/// their own comments say otherwise; they keep their protocol requirement's documentation.
public struct ArrayDataSource: GridDataSource, Sendable {
    /// One section's content.
    public struct Section: Sendable {
        public var sizes: [Size]
        public var header: Size?
        public var lanes: Int?
        public var footer: Size?
        /// The items' spans (nil for none; an entry nil for 1). Kept beside `sizes` by moves.
        public var spans: [ItemSpan?]?
        /// The section's overrides of the grid's options.
        public var options: SectionOptions?

        public init(sizes: [Size], header: Size? = nil, lanes: Int? = nil, footer: Size? = nil,
                    spans: [ItemSpan?]? = nil, options: SectionOptions? = nil) {
            self.sizes = sizes
            self.header = header
            self.lanes = lanes
            self.footer = footer
            self.spans = spans
            self.options = options
        }
    }

    public var sections: [Section]
    public var showLoader: Bool
    /// Whether items may be dragged between sections (`canMoveItem(fromSection:toSection:)`).
    public var movesAcrossSections = false

    /// A data source with these sections.
    ///
    /// - Complexity: O(1): the array is shared, not copied.
    public init(sections: [Section], showLoader: Bool = false) {
        self.sections = sections
        self.showLoader = showLoader
    }

    /// One section with these item sizes.
    ///
    /// - Complexity: O(1): the array is shared, not copied.
    public init(sizes: [Size], showLoader: Bool = false) {
        self.init(sections: [Section(sizes: sizes)], showLoader: showLoader)
    }

    public func numberOfSections() -> Int { sections.count }
    /// The section-level questions throw `OutOfRange` for a section the arrays lack (they were
    /// replaced by fewer without a reload, and `reloadSection` or a mutation asked about a section
    /// of the layout).
    public func numberOfItems(inSection section: Int) throws -> Int { try self.section(section).sizes.count }
    /// Throws `OutOfRange` for an index path the arrays lack (they were replaced without a reload).
    public func sizeForItem(at indexPath: GridIndexPath) throws -> Size {
        try check(indexPath, extra: 0)
        return sections[indexPath.section].sizes[indexPath.item]
    }
    public func sizesForItems(inSection section: Int) throws -> [Size]? { try self.section(section).sizes }
    /// The sizes of a batch, copied from the array (not one `sizeForItem` call each): how a lazy
    /// layout (`estimatedSize`) asks. A batch the arrays lack fails as `sizeForItem` would.
    ///
    /// - Complexity: O(b), b the items of the batch.
    public func sizesForItems(_ items: Range<Int>, inSection section: Int, into sizes: UnsafeMutableBufferPointer<Size>) throws {
        guard sections.indices.contains(section), items.lowerBound >= 0, items.upperBound <= sections[section].sizes.count else {
            for item in items {
                let path = GridIndexPath(section: section, item: item)
                sizes[item - items.lowerBound] = try ask(.itemSize, .item(path)) { try sizeForItem(at: path) }
            }
            return
        }
        sections[section].sizes.withUnsafeBufferPointer { all in
            for item in items { sizes[item - items.lowerBound] = all[item] }
        }
    }
    public func headerSize(inSection section: Int) throws -> Size? { try self.section(section).header }
    public func showsLoader() -> Bool { showLoader }
    public func lanes(inSection section: Int) throws -> Int? { try self.section(section).lanes }
    public func footerSize(inSection section: Int) throws -> Size? { try self.section(section).footer }
    public func options(forSection section: Int) throws -> SectionOptions? { try self.section(section).options }
    /// True when any section has spans.
    ///
    /// - Complexity: O(s), s the sections, searched each time: the engine reads it at least once per layout operation, and
    ///   once per step (a batch or a section begun) of a lazy layout's frontier.
    public var providesSpans: Bool { sections.contains { $0.spans != nil } }
    /// The spans of a batch, copied from the array (not one `span(at:)` call each).
    ///
    /// - Complexity: O(b), b the items of the batch.
    public func spansForItems(_ items: Range<Int>, inSection section: Int, into spans: UnsafeMutableBufferPointer<ItemSpan?>) throws {
        let all = try self.section(section).spans
        for item in items {
            spans[item - items.lowerBound] = all.flatMap { item < $0.count ? $0[item] : nil }
        }
    }
    public func span(at indexPath: GridIndexPath) throws -> ItemSpan? {
        try check(indexPath, extra: 0)
        guard let spans = sections[indexPath.section].spans, indexPath.item < spans.count else { return nil }
        return spans[indexPath.item]
    }

    private func section(_ section: Int) throws(OutOfRange) -> Section {
        guard sections.indices.contains(section) else {
            throw OutOfRange(indexPath: GridIndexPath(section: section, item: 0), itemCount: nil)
        }
        return sections[section]
    }

    /// Drops the item's size (the grid calls it during a removal). Throws `OutOfRange` for an index
    /// path the arrays do not have (they were replaced while the removal was pending).
    ///
    /// - Complexity: O(n), n the section's items: the later sizes (and spans) move down by one.
    public mutating func removeItem(at indexPath: GridIndexPath) throws {
        try check(indexPath, extra: 0)
        sections[indexPath.section].sizes.remove(at: indexPath.item)
        if let spans = sections[indexPath.section].spans, indexPath.item < spans.count {
            sections[indexPath.section].spans!.remove(at: indexPath.item)
        }
    }

    /// Moves the item's size (the grid calls it for a move and at the end of a drag).
    ///
    /// - Complexity: O(n + n' + s), n and n' the items of the two sections (sizes and spans shift in both) and s the
    ///   sections, searched for spans (`providesSpans`).
    public mutating func moveItem(from: GridIndexPath, to: GridIndexPath) throws {
        try check(from, extra: 0)
        try check(to, extra: from.section == to.section ? 0 : 1)
        let size = sections[from.section].sizes.remove(at: from.item)
        sections[to.section].sizes.insert(size, at: to.item)
        if providesSpans {
            var span: ItemSpan?
            if let spans = sections[from.section].spans, from.item < spans.count { span = sections[from.section].spans!.remove(at: from.item) }
            var spans = sections[to.section].spans ?? Array(repeating: nil, count: sections[to.section].sizes.count - 1)
            spans.insert(span, at: Swift.min(to.item, spans.count))
            sections[to.section].spans = spans
        }
    }

    /// An index path the arrays do not have.
    public struct OutOfRange: Error, CustomStringConvertible {
        public var indexPath: GridIndexPath
        public var itemCount: Int?

        public init(indexPath: GridIndexPath, itemCount: Int?) {
            self.indexPath = indexPath
            self.itemCount = itemCount
        }

        public var description: String {
            itemCount.map { "the data has no item \(indexPath.item) in section \(indexPath.section) (it has \(counted($0, "item")))" }
                ?? "the data has no section \(indexPath.section)"
        }
    }

    private func check(_ path: GridIndexPath, extra: Int) throws(OutOfRange) {
        guard sections.indices.contains(path.section) else { throw OutOfRange(indexPath: path, itemCount: nil) }
        let count = sections[path.section].sizes.count
        guard path.item >= 0 && path.item < count + extra else { throw OutOfRange(indexPath: path, itemCount: count) }
    }

    public func canMoveItem(fromSection from: Int, toSection to: Int) -> Bool { movesAcrossSections }
}
