/// A drag in progress (Grid+Drag.swift). While it lasts the grid's layout is a preview: the data
/// source's content with the item moved from `origin` to `target`, made from `base`.
struct DragSession {
    /// Where the item is in the data.
    var origin: GridIndexPath
    /// The slot it would drop into (its index path in the preview).
    var target: GridIndexPath
    /// The drag point, in viewport coordinates (it stays put while the grid auto-scrolls under it).
    var point: Point
    /// From the item's frame origin to the point where it was grabbed.
    var grab: Point
    /// The item's frame size when it was grabbed, and its size as the data source gives it.
    var frameSize: Size
    var itemSize: Size
    /// Its span (asked when the drag began, when the data source gives spans).
    var itemSpan: ItemSpan?
    /// The layout when the drag began.
    var base: ContentLayout
    /// The sections it may drop into, ascending: its own and those `canMoveItem(fromSection:toSection:)` allows.
    var sections: [Int]
    /// With paging, auto-scroll travel not yet enough to reach another page (each scroll snaps to
    /// the nearest page, so steps smaller than half a page add up here).
    var scrollCarry = 0.0

    /// The preview's renumbering: from the data's index paths to the preview's.
    var change: IndexChange { .move(from: origin, to: target) }
}

/// The data source as if the item at `move`'s origin were at its target: what a drag's preview is
/// laid out from. Only the sections the move touches differ.
///
/// The preview's counts are the data's, ±1 for the moved item, so the data must keep the counts it
/// had when the drag began: a section count or item count that differs now is a
/// `GridError.inconsistent` naming the data source's own answer (the drag goes on as it was).
struct ReorderedDataSource: GridDataSource {
    let base: any GridDataSource
    let origin: GridIndexPath
    let target: GridIndexPath
    /// The moved item's size (asked once, when the drag began).
    let itemSize: Size
    let itemSpan: ItemSpan?
    /// The layout the drag began from: the data's counts then.
    let began: ContentLayout

    private var change: IndexChange { .move(from: origin, to: target) }

    func numberOfSections() throws -> Int {
        let count = try base.numberOfSections()
        guard count == began.sectionCount else {
            throw GridError.inconsistent(callback: .sections, at: .grid, value: count, earlier: .whenDragBegan(began.sectionCount))
        }
        return count
    }

    func numberOfItems(inSection section: Int) throws -> Int {
        let count = try base.numberOfItems(inSection: section)
        try checkCount(count, section, .itemCount)
        if origin.section == target.section { return count }
        return section == origin.section ? count - 1 : section == target.section ? count + 1 : count
    }

    func sizeForItem(at indexPath: GridIndexPath) throws -> Size {
        if indexPath == target { return itemSize }
        return try base.sizeForItem(at: change.before(indexPath)!)
    }

    func sizesForItems(inSection section: Int) throws -> [Size]? {
        guard var sizes = try base.sizesForItems(inSection: section) else { return nil }
        try checkCount(sizes.count, section, .itemSizes)
        if section == origin.section, origin.item < sizes.count { sizes.remove(at: origin.item) }
        if section == target.section, target.item <= sizes.count { sizes.insert(itemSize, at: target.item) }
        return sizes
    }

    /// The data's `count` for `section` must be the one the drag began with.
    private func checkCount(_ count: Int, _ section: Int, _ callback: DataSourceCallback) throws {
        guard began.sections.indices.contains(section) else { return }  // no such section: numberOfSections says so
        let then = began.sections[section].items.count
        guard count == then else {
            throw GridError.inconsistent(callback: callback, at: .section(section), value: count, earlier: .whenDragBegan(then))
        }
    }

    func headerSize(inSection section: Int) throws -> Size? { try base.headerSize(inSection: section) }
    func showsLoader() throws -> Bool { try base.showsLoader() }
    func itemsHaveSameSize() throws -> Bool { try base.itemsHaveSameSize() }
    func lanes(inSection section: Int) throws -> Int? { try base.lanes(inSection: section) }
    func footerSize(inSection section: Int) throws -> Size? { try base.footerSize(inSection: section) }
    func options(forSection section: Int) throws -> SectionOptions? { try base.options(forSection: section) }
    var providesSpans: Bool { base.providesSpans }
    func span(at indexPath: GridIndexPath) throws -> ItemSpan? {
        if indexPath == target { return itemSpan }
        return try base.span(at: change.before(indexPath)!)
    }
    func spansForItems(_ items: Range<Int>, inSection section: Int, into spans: UnsafeMutableBufferPointer<ItemSpan?>) throws {
        // Item by item: the moved item's slot shifts the others' indexes within the range.
        for item in items {
            let path = GridIndexPath(section: section, item: item)
            spans[item - items.lowerBound] = try ask(.span, .item(path)) { try span(at: path) }
        }
    }
}
