/// Scrolling to an item and resizing the viewport.
extension Grid {
    /// Scrolls so that the item at `path` is placed by `alignment`; the offset is then clamped (and
    /// snapped to a page with paging). Throws for an index path out of range.
    ///
    /// - Complexity: O(1) to place the item, then that of `scroll(to:)`. A lazy layout is first laid out up to the item:
    ///   every item before it that is not laid out yet (see `layOut(through:)`), or, far from what is laid out, its section
    ///   alone up to it (a jump: docs/layout.md, "Live data").
    public func scrollToItem(_ path: GridIndexPath, alignment: ScrollAlignment = .start) throws(GridError) {
        try refuseDuringTransition(.scrollTo)
        guard hasLaidOut else { throw .notReloaded(at: .item(path)) }
        let axes = layout.axes
        // A lazy layout lays the item out where the scroll below finds it (a jump opens the window at
        // its section); the scroll covers the viewport again.
        if layout.isLazy, let count = try? layout.itemCount(inSection: path.section), path.item >= 0 && path.item < count {
            try advanceUnderViewport(.item(path))
        }
        let item = axes.axisRect(try layout.frame(of: path))
        let viewportS = axes.axisSize(layout.configuration.viewport).s
        var (offset, cOffset) = axes.axisPoint(contentOffset)
        // With sticky headers, the item's section header covers the viewport's first points.
        var covered = 0.0
        if layout.configuration.stickyHeaders, let header = try layout.headerFrame(inSection: path.section) {
            covered = axes.axisRect(header).sSize
        }
        switch alignment {
        case .start: offset = item.s - covered
        case .center: offset = item.s + item.sSize / 2 - viewportS / 2
        case .end: offset = item.sEnd - viewportS
        case .nearest:
            if item.s < offset + covered || item.sSize > viewportS - covered {
                offset = item.s - covered
            } else if item.sEnd > offset + viewportS {
                offset = item.sEnd - viewportS
            }
        }
        do {
            try scroll(to: axes.direction == .vertical ? Point(x: cOffset, y: offset) : Point(x: offset, y: cOffset))
        } catch {
            try? moveViewportLazily(to: contentOffset)  // the viewport laid out again where it stays
            throw error
        }
        // An item of a sideways section: the section scrolls too, along C (as `alignment` says).
        // Its offset moves no S position, so it follows the scroll, which then cannot fail.
        if let items = layout.crossItems(path.section), path.item >= 0 && path.item < items.count {
            layout.setCrossOffset(path.section, crossOffset(showing: items[path.item], in: items, alignment))
            updateLoaded()
        }
    }

    /// Changes the viewport's size. Every layout depends on the cross-axis size (and paging on the
    /// scroll-axis size): such a change re-lays out the content with the current layout's options,
    /// asking the data source again, and the offset is anchored (`anchor`: with `.item` the first
    /// element shown keeps its place in the viewport).
    /// A change that moves no frame keeps the layout. On error nothing changes. A drag in progress
    /// is cancelled first, and running and queued mutations are finished.
    ///
    /// - Complexity: after the cost of the mutations it finishes: without a relayout, O(s) to check each of the s sections'
    ///   computed items against the new window, then that of `scroll(to:)`. With one, what a reload costs and asks
    ///   (`ContentLayout.init(configuration:dataSource:)`, O(n + s) for n items), a search of the viewport for the first
    ///   visible item, and `scroll(to:)`; with `estimatedSize`, what a lazy `reload()` asks, then the frontier moved to that
    ///   item and past the viewport: every item before it is laid out and asked again.
    public func resize(to size: Size) throws(GridError) {
        try refuseDuringTransition(.resize)
        var laidOut = layout.configuration
        laidOut.viewport = size
        try laidOut.validate()
        try settle()
        let axes = layout.axes
        let old = axes.axisSize(layout.configuration.viewport), new = axes.axisSize(size)
        // The items keep their ids: the anchor is the first element shown (Grid+Anchoring.swift).
        let anchor = viewAnchor()
        if old.c == new.c && !(laidOut.paging && old.s != new.s) {
            let window = new.s + 2 * laidOut.overscan
            for (section, frames) in layout.sections.enumerated() {
                try LayoutBuilder.checkShown(frames.items, section, window: window)
            }
            configuration.viewport = size
            layout.configuration = laidOut
            // Nothing moved: only a viewport at the end with `followEnd` moves, to the new end.
            try scroll(to: anchoredOffset(anchor, in: layout, following: { id, _ in id }))
            return
        }
        guard let dataSource else { throw .noDataSource }
        let source = sizing(dataSource)
        let offsets = layout.crossOffsets
        var relaid = laidOut.laysOutLazily ? try ContentLayout.lazy(configuration: laidOut, dataSource: source, crossOffsets: offsets)
                                           : try ContentLayout(configuration: laidOut, dataSource: source, crossOffsets: offsets)
        try reachAnchor(anchor, in: &relaid, following: { id, _ in id }, from: source)
        let offset = anchoredOffset(anchor, in: relaid, following: { id, _ in id })
        let (oldViewport, oldLayout) = (configuration.viewport, layout)
        configuration.viewport = size
        layout = relaid
        do {
            try scroll(to: offset)
        } catch {
            // A lazy layout could not reach the anchor: nothing changes.
            configuration.viewport = oldViewport
            layout = oldLayout
            moveViewport(to: contentOffset)
            throw error
        }
    }
}
