/// Sizes learnt late (docs/layout.md, "Sizes learnt late"): the lazy layout's frontier, moved as
/// far as each call needs, and `measure`, an item's real size learnt after it was laid out.
///
/// Invariant: after every call that changes the offset or the layout, a lazy layout is laid out at
/// least to the end of the loaded area (the viewport and its overscan), so `visibleElements()` and
/// `loaded` never need to move the frontier.
extension Grid {
    /// The data source as the layouts see it: the measured sizes in place of its own.
    func sizing(_ dataSource: any GridDataSource) -> any GridDataSource { measured(dataSource, measures) }

    /// Whether the frontier has not reached the end yet (the content size is then partly an estimate).
    public var isEstimated: Bool { layout.isLazy }

    /// Moves a lazy layout's frontier until it answers `target` exactly. While the data source is
    /// asked, the grid holds an empty layout (its callbacks may query the grid, as in a reload).
    /// With `anchor = .item`, when the window moved under the viewport (a section before it laid
    /// out late), the offset moves with it; the viewport is then covered again.
    /// Returns the layout as it answers `target`, before the viewport is covered again (which may
    /// jump away from it).
    @discardableResult
    func advance(_ target: LazyTarget) throws(GridError) -> ContentLayout {
        guard layout.isLazy, !layout.reaches(target) else { return layout }
        guard let dataSource else { throw .noDataSource }
        if motion.layoutTransition != nil {
            // The viewport is the transition's: the grid's layout is laid out further on a copy.
            var copy = layout
            try copy.advance(to: target, from: sizing(dataSource))
            return copy
        }
        let anchor = anchorElement(at: contentOffset)
        var failure = withLayoutTakenOut { (working) throws(GridError) in try working.advance(to: target, from: sizing(dataSource)) }
        let answering = layout
        // The estimate moved with the frontier (also when asking failed half-way): an offset past
        // the new content comes back within it, and the loaded area is laid out again if a jump
        // left it.
        let offset = anchored(contentOffset, anchor)
        do { try moveViewportLazily(to: offset) } catch { if failure == nil { failure = error } }
        if let failure { throw failure }
        return answering
    }

    /// Runs `body` on the layout taken out of the grid, which holds an empty layout meanwhile (the
    /// data source's callbacks may query the grid, as in a reload), and puts it back as `body`
    /// left it, whether `body` threw or not; returns what it threw. Swapped, not copied: the
    /// layout keeps one owner (a copy would retain all its buffers, and each change copy them).
    func withLayoutTakenOut(_ body: (inout ContentLayout) throws(GridError) -> Void) -> GridError? {
        var working = ContentLayout(configuration: layout.configuration)
        swap(&working, &layout)
        defer { swap(&working, &layout) }
        do { try body(&working) } catch { return error }
        return nil
    }

    /// Moves `layout`'s frontier past the loaded area of a viewport at `offset`: the viewport's
    /// end, its overscan and, with paging, a page further (for the snap); back to its start less
    /// the overscan (and a page with paging). The offset asked for counts, not the offset clamped
    /// to the estimated content: an estimate far too small would otherwise clamp every offset to
    /// the start, or to the estimated end. Far from the laid-out window it jumps (see
    /// ContentLayout+Jump.swift) and returns there, so that the caller can keep its anchor still
    /// before the sections before the viewport are laid out.
    func cover(_ layout: inout ContentLayout, at offset: Point, from dataSource: any GridDataSource) throws(GridError) {
        guard layout.isLazy else { return }
        try layout.advance(to: layout.coverSpan(at: offset, current: contentOffset), from: dataSource, pauseAfterJump: true)
    }

    /// How many times `moveViewportLazily` covers the viewport at most: each pass lays out
    /// something (a jump, sections before the window, the frontier), and a few suffice.
    private static var maxCoverPasses: Int { 64 }

    /// `moveViewport(to:)` for any offset: the viewport's loaded area is laid out first (see
    /// `cover`), first at the offset asked for, then at that offset within the content as the
    /// estimate now has it; with `anchor = .item`, when a section before the viewport is laid out
    /// late the offset moves by its shift, so that what shows stays still.
    func moveViewportLazily(to offset: Point) throws(GridError) {
        var target = offset
        // Most scroll steps need nothing laid out: one test, asking nothing.
        if !layout.coversViewport(at: target, current: contentOffset) {
            guard let dataSource else { throw .noDataSource }
            let source = sizing(dataSource), current = contentOffset, follows = layout.configuration.anchor == .item
            // A jump that fails puts the layout back as it was (kept only then: see `advanceUnderViewport`).
            var original: ContentLayout?
            // All on the layout taken out of the grid (see `withLayoutTakenOut`): each read of the
            // grid's layout would copy it.
            var working = ContentLayout(configuration: layout.configuration)
            swap(&working, &layout)
            var failure: GridError?
            for pass in 0..<Self.maxCoverPasses {
                do throws(GridError) {
                    let at = pass == 0 ? target : working.clamped(target, current: current)
                    let anchor = follows ? working.anchorElement(at: working.clamped(target, current: current)) : nil
                    try working.advance(to: working.coverSpan(at: at, current: current), from: source, pauseAfterJump: true,
                                        beforeJump: &original, saving: true)
                    target = working.anchored(target, anchor)
                    if working.coversViewport(at: target, current: current) { break }
                } catch {
                    failure = error
                    break
                }
            }
            swap(&working, &layout)
            if let failure {
                // The frontier may have moved before the failure (what it laid out is right, and the
                // estimate after it changed): the offset stays, kept within the content; a jump is undone.
                if let original { layout = original }
                moveViewport(to: contentOffset)
                throw failure
            }
        }
        moveViewport(to: target)
    }

    /// Lays out everything a lazy layout has not yet (before a mutation or a drag, which work on
    /// whole sections). A window that starts past the first section is laid out again from it,
    /// placing every section anew: the first element shown keeps its place (Grid+Anchoring.swift).
    func completeLayout() throws(GridError) {
        guard layout.isLazy else { return }
        let anchor = viewAnchor()
        try advance(.end)
        moveViewport(to: anchoredOffset(anchor, in: layout, following: { id, _ in id }))
    }

    /// Gives the item at `path` the size `size` in place of the data source's, until its section
    /// is laid out again from the data source (`reload()`, `reloadSection`, a mutation or a drag
    /// of its section). See `measure(_:)`.
    ///
    /// - Complexity: that of `measure(_:)` for one item.
    public func measure(_ path: GridIndexPath, _ size: Size) throws(GridError) {
        try measure([(path, size)])
    }

    /// Gives each item its measured size (in one relayout): the sections laid out are laid out again
    /// up to the frontier; a measure past it waits there. The offset is anchored (`anchor`,
    /// Grid+Anchoring.swift): with `.item` it moves with the first element shown, so what shows
    /// does not jump.
    /// Throws, changing nothing, for a size that is NaN, infinite or negative, an item that does not
    /// exist, or a data source that says all items have the same size. Running and queued mutations
    /// are finished first, and a drag is cancelled.
    ///
    /// - Complexity: after the cost of the mutations it finishes, O(m + M) to check the m items and record them among the M
    ///   measured sizes held, a search of the viewport and a loaded-set update (see `scroll(to:)`); the frontier moves on
    ///   if the estimate's change uncovers the viewport. That is all when every item is past the frontier. Otherwise
    ///   O(s + n) to copy the section list (s sections) and the first measured item's section (n its items), and O(r) for
    ///   the r items laid out, and asked, again: from the last checkpoint at or before the first measured item (a lazy
    ///   layout keeps one every 256 items of a section it placed; a reload's layout keeps none: the section's start) up
    ///   to the frontier, or to the end of a complete layout, asking every section begun on the way what a reload asks.
    public func measure(_ items: [(GridIndexPath, Size)]) throws(GridError) {
        guard let dataSource else { throw .noDataSource }
        try refuseDuringTransition(.measure)
        for (path, size) in items {
            guard size.isValid else { throw .invalidMeasure(path, size) }
            let sectionCount = layout.sectionCount
            guard path.section >= 0 && path.section < sectionCount else {
                throw .measureOutOfRange(path, size, itemCount: nil, sectionCount: sectionCount)
            }
            let count = try layout.itemCount(inSection: path.section)
            guard path.item >= 0 && path.item < count else {
                throw .measureOutOfRange(path, size, itemCount: count, sectionCount: sectionCount)
            }
            if layout.sameSize == true { throw .measureSameSize(path, size) }
            if !layout.reaches(.item(path)) { try layout.checkUnreached(path, size) }
        }
        guard !items.isEmpty else { return }
        try settle()
        var new = measures
        for (path, size) in items { new[path.section, default: [:]][path.item] = size }

        // The items keep their ids: the anchor is the first element shown.
        let anchor = viewAnchor()

        let original = layout
        var working = original
        layout = ContentLayout(configuration: original.configuration)
        let source = MeasuredDataSource(base: dataSource, measures: new)
        do {
            let first = items.map(\.0).min { ($0.section, $0.item) < ($1.section, $1.item) }!
            try working.relayOut(fromItem: first, with: source)
        } catch {
            layout = original
            throw error
        }
        layout = working
        measures = new
        let offset = anchoredOffset(anchor, in: layout, following: { id, _ in id })
        // The frontier stays where it was: a lazy layout whose estimate moved covers the area again.
        do { try moveViewportLazily(to: offset) } catch { moveViewport(to: offset); throw error }
    }

    /// The data source with the measured sizes in place of its answers (itself when none is).
    func measured(_ dataSource: any GridDataSource, _ measures: [Int: [Int: Size]]) -> any GridDataSource {
        measures.isEmpty ? dataSource : MeasuredDataSource(base: dataSource, measures: measures)
    }

    /// The measures after `change`: each moves with its item (an insert shifts the items after it,
    /// a move carries the moved item's), a removed item's is dropped.
    static func renumbered(_ measures: [Int: [Int: Size]], by change: IndexChange) -> [Int: [Int: Size]] {
        guard !measures.isEmpty else { return measures }
        var result: [Int: [Int: Size]] = [:]
        for (section, items) in measures {
            for (item, size) in items {
                if let path = change.after(GridIndexPath(section: section, item: item)) {
                    result[path.section, default: [:]][path.item] = size
                }
            }
        }
        return result
    }
}

/// A data source with some items' sizes replaced by measured ones (`Grid.measure`).
struct MeasuredDataSource: GridDataSource {
    let base: any GridDataSource
    /// Section → item → size.
    let measures: [Int: [Int: Size]]

    func numberOfSections() throws -> Int { try base.numberOfSections() }
    func numberOfItems(inSection section: Int) throws -> Int { try base.numberOfItems(inSection: section) }
    func sizeForItem(at indexPath: GridIndexPath) throws -> Size {
        if let size = measures[indexPath.section]?[indexPath.item] { return size }
        return try base.sizeForItem(at: indexPath)
    }
    func sizesForItems(inSection section: Int) throws -> [Size]? {
        guard var all = try base.sizesForItems(inSection: section) else { return nil }
        if let measured = measures[section] {
            for (item, size) in measured where item < all.count { all[item] = size }
        }
        return all
    }
    func sizesForItems(_ items: Range<Int>, inSection section: Int, into sizes: UnsafeMutableBufferPointer<Size>) throws {
        try base.sizesForItems(items, inSection: section, into: sizes)
        guard let measured = measures[section] else { return }
        if measured.count < items.count {
            for (item, size) in measured where items.contains(item) { sizes[item - items.lowerBound] = size }
        } else {
            for item in items { if let size = measured[item] { sizes[item - items.lowerBound] = size } }
        }
    }
    func headerSize(inSection section: Int) throws -> Size? { try base.headerSize(inSection: section) }
    func footerSize(inSection section: Int) throws -> Size? { try base.footerSize(inSection: section) }
    func options(forSection section: Int) throws -> SectionOptions? { try base.options(forSection: section) }
    var providesSpans: Bool { base.providesSpans }
    func span(at indexPath: GridIndexPath) throws -> ItemSpan? { try base.span(at: indexPath) }
    func spansForItems(_ items: Range<Int>, inSection section: Int, into spans: UnsafeMutableBufferPointer<ItemSpan?>) throws {
        try base.spansForItems(items, inSection: section, into: spans)
    }
    func showsLoader() throws -> Bool { try base.showsLoader() }
    func itemsHaveSameSize() throws -> Bool { try base.itemsHaveSameSize() }
    func lanes(inSection section: Int) throws -> Int? { try base.lanes(inSection: section) }
    func canMoveItem(at indexPath: GridIndexPath) throws -> Bool { try base.canMoveItem(at: indexPath) }
    func canMoveItem(fromSection from: Int, toSection to: Int) throws -> Bool { try base.canMoveItem(fromSection: from, toSection: to) }
    var budget: GridBudget? { base.budget }
}
