/// A grid: configuration, data source, the current layout and the viewport onto it.
/// Not thread-safe: use one grid from one thread at a time (distinct grids are independent).
///
/// The properties a scroll step touches are `@exclusivity(unchecked)`: a grid is used from one
/// thread at a time and hands out no inout access to them, and the runtime's dynamic checks are a
/// noticeable part of a scroll step and of a same-size query.
public final class Grid {
    /// Takes effect at the next `reload()`.
    public var configuration: GridConfiguration
    public var dataSource: (any GridDataSource)?
    /// Hears of loaded elements and page changes (see `GridObserver`); weak, like a delegate.
    public weak var observer: (any GridObserver)?
    /// The last layout that succeeded.
    @exclusivity(unchecked) public internal(set) var layout: ContentLayout {
        didSet { hasLaidOut = true }
    }
    /// Whether a layout of the data source's has been installed (a reload, an `apply`, a
    /// mutation): until then `init`'s empty placeholder has no sections to ask frames of, and the
    /// queries that name an element say the grid is not reloaded rather than that the element
    /// does not exist.
    public private(set) var hasLaidOut = false
    /// The viewport's origin in content coordinates, kept within the content (and on a page with paging).
    @exclusivity(unchecked) public internal(set) var contentOffset = Point.zero
    /// The loaded elements: those overlapping the viewport extended by `overscan` along S, in
    /// `visibleElements()` order. Updated on every change of offset or layout.
    @exclusivity(unchecked) public internal(set) var loaded: [GridElement] = []
    /// The previous loaded set's buffer and the last change's, reused for the next ones: a scroll
    /// step allocates no list (the observer may keep the change's arrays: then they are not reused).
    @exclusivity(unchecked) private var spareLoaded: [GridElement] = []
    @exclusivity(unchecked) private var spareChange = LoadedChange(unloaded: [], loaded: [])
    /// With paging, the page the offset is on (from 0), as last reported to the observer.
    public private(set) var page = 0
    /// Queued mutations, the running animation and the drag (Grid+Mutations.swift, Grid+Drag.swift).
    @exclusivity(unchecked) var motion = MotionState()
    /// The sizes `measure` gave, section → item → size, in place of the data source's until the
    /// section is laid out again from it (Grid+Lazy.swift).
    var measures: [Int: [Int: Size]] = [:]
    /// The identities `apply` last gave the items (Motion/Grid+Apply.swift); nil until the first
    /// `apply` after a reload, or after anything else that changes the items.
    var heldSnapshot: HeldSnapshot?

    /// A grid with an empty layout: nothing is laid out, and nothing asked, until `reload()`.
    ///
    /// - Complexity: O(1).
    public init(configuration: GridConfiguration = GridConfiguration(), dataSource: (any GridDataSource)? = nil) {
        self.configuration = configuration
        self.dataSource = dataSource
        layout = ContentLayout(configuration: configuration)
    }

    /// Lays out everything again. On error the previous layout and offset stay, whole.
    /// A drag in progress is cancelled first, and running and queued mutations are finished; the
    /// errors of those that fail are thrown after the reload, which still happens (the layout then
    /// matches the data source).
    ///
    /// - Complexity: what `ContentLayout.init(configuration:dataSource:)` costs and asks, O(n + s) for n items and s
    ///   sections, then a loaded-set update (see `scroll(to:)`), after the cost of the mutations it finishes. With
    ///   `estimatedSize`: O(s), asking `numberOfSections`, `providesSpans`, `itemsHaveSameSize` and every section's
    ///   `numberOfItems`, then the frontier's move past the viewport at the offset (see `layOut(through:)`).
    public func reload() throws(GridError) {
        guard let dataSource else { throw .noDataSource }
        try refuseDuringTransition(.reload)
        // Queued mutations run first; one that fails (its error thrown below) must not stop the
        // reload, or the layout would stay behind the data the others changed.
        var failures: [GridError] = []
        do { try settle() } catch { failures.append(error) }
        do throws(GridError) {
            let dataSource = self.dataSource ?? dataSource
            // `startAt = .end`: a grid at offset 0 (a new one) opens at the content's end. Else a
            // reload, which carries no identities, keeps the same index path still (clamped).
            let anchor = configuration.startAt == .end && contentOffset == .zero ? ViewAnchor(shown: [], atEnd: true) : viewAnchor()
            let (oldLayout, oldMeasures, oldOffset) = (layout, measures, contentOffset)
            let (new, offset) = try laidOutAfresh(from: dataSource, anchor: anchor, following: Self.clamped)
            layout = new
            measures = [:]
            heldSnapshot = nil
            if anchor?.atEnd == true {
                // At the end of a lazy layout, whose estimate changes as the end is laid out.
                do throws(GridError) {
                    try moveViewportLazily(to: endOffset)
                } catch {
                    (layout, measures) = (oldLayout, oldMeasures)
                    moveViewport(to: oldOffset)
                    throw error
                }
            } else {
                moveViewport(to: offset)
            }
        } catch {
            failures.append(error)
        }
        if let failure = GridError.combining(failures) { throw failure }
    }

    /// A new layout of everything `dataSource` has, as `reload()` makes it, and the offset that
    /// keeps `anchor` still in it (`following` maps the anchor's ids; Grid+Anchoring.swift); the
    /// grid's layout is untouched. A lazy layout is laid out as far as the anchor and the viewport
    /// at that offset need.
    func laidOutAfresh(from dataSource: any GridDataSource, anchor: ViewAnchor?,
                       following follow: (ElementID, ContentLayout) -> ElementID?) throws(GridError) -> (ContentLayout, Point) {
        // Sideways sections keep their offsets while the sections exist (matched by position).
        let offsets = layout.crossOffsets
        guard configuration.laysOutLazily else {
            var new = try ContentLayout(configuration: configuration, dataSource: dataSource, crossOffsets: offsets)
            new.dropCrossOffsetsOfGoneSections()
            return (new, anchoredOffset(anchor, in: new, following: follow))
        }
        var new = try ContentLayout.lazy(configuration: configuration, dataSource: dataSource, crossOffsets: offsets)
        new.dropCrossOffsetsOfGoneSections()
        try reachAnchor(anchor, in: &new, following: follow, from: dataSource)
        let offset = anchoredOffset(anchor, in: new, following: follow)
        // At the end, the end is laid out (an offset past the content covers it).
        try cover(&new, at: anchor?.atEnd == true ? endOffset : offset, from: dataSource)
        return (new, offset)
    }

    public var contentSize: Size { layout.contentSize }

    /// The viewport in content coordinates (its size is the one the current layout was made with).
    public var viewport: Rect {
        let size = layout.configuration.viewport
        return Rect(x: contentOffset.x, y: contentOffset.y, width: size.width, height: size.height)
    }

    /// The elements the viewport shows (positive-area overlap), in `ContentLayout.elements(in:)`
    /// order; with sticky headers, the current section's header where it is drawn. During an
    /// animation or a drag, where they are drawn at this moment (see `GridElement`).
    ///
    /// - Complexity: that of `ContentLayout.visibleElements(in:)`, O(log s + m log n + k) for s sections, m of them in the
    ///   viewport, n the items of the largest and k the elements returned. While an animation runs both layouts are
    ///   searched and the result sorted: O(log s + m log n + k log k + e), e the elements it started from (at most the
    ///   loaded set then); during a drag, O(k) more to place the dragged item. Never moves a lazy frontier; asks nothing.
    public func visibleElements() -> [GridElement] {
        var result: [GridElement] = []
        result.reserveCapacity(64)  // a screenful in one allocation
        displayedElements(in: viewport, into: &result)
        return result
    }

    /// The elements overlapping `rect` (`ContentLayout.elements(in:)`). A lazy layout is laid out
    /// past the rectangle first (which asks the data source, and may throw).
    ///
    /// - Complexity: that of `ContentLayout.elements(in:)`, O(log s + m log n + k) for s sections, m of them crossed, n the
    ///   items of the largest and k the elements returned; a lazy layout first moves its frontier past the rectangle (see
    ///   `layOut(through:)`).
    public func elements(in rect: Rect) throws(GridError) -> [GridElement] {
        return try layout(answering: rect).elements(in: rect)
    }
    /// Moves a lazy layout's frontier past `rect`; nothing otherwise.
    ///
    /// - Complexity: O(1) when the layout is complete or its frontier is past the rectangle. Otherwise O(j + t), j the items
    ///   placed and t the sections begun on the way: up to a batch of 256 items more than the rectangle needs, as the
    ///   estimate guesses how many. Each batch asks `providesSpans` and one `sizesForItems(_:inSection:into:)` (whose default
    ///   asks `sizeForItem` for each item), and with spans one `spansForItems`; each section begun asks `headerSize`,
    ///   `footerSize`, `options(forSection:)` and `lanes(inSection:)` as a reload does (a same-size section: one
    ///   `sizeForItem`, laid out whole in O(1)); reaching the end asks `showsLoader`. Shortest-lane and shortest-column
    ///   placement scan the lanes for each item, O(lanes) more. An offset past the moved estimate costs a loaded-set update.
    public func layOut(through rect: Rect) throws(GridError) {
        try advance(span(of: rect))
    }
    /// The layout that answers a query of `rect` (what `elements(in:)` reads): the grid's own, its
    /// lazy frontier first moved past `rect`, or, for a rectangle far from what is laid out, a
    /// copy laid out there by a jump (the grid's own layout then stays where it was).
    ///
    /// - Complexity: that of `layOut(through:)`, or of a jump (see `frame(of:)`).
    public func layout(answering rect: Rect) throws(GridError) -> ContentLayout {
        try layout(answering: span(of: rect))
    }
    /// What a query of `rect` needs laid out: the elements that overlap it (and the snap's slack).
    private func span(of rect: Rect) -> LazyTarget {
        let r = layout.axes.axisRect(rect)
        return .s(from: r.s - querySnap, view: r.s, to: r.sEnd + querySnap)
    }
    /// The item's frame. Throws for an index path out of range. A lazy layout is laid out up to the item first.
    ///
    /// - Complexity: O(1). A lazy layout first moves its frontier to the item, laying out and asking the size of every item
    ///   between the frontier and it (see `layOut(through:)` for what that costs and asks); far from what is laid out it
    ///   jumps instead, on a copy of the layout: the item's section alone, from its start to the item, placed by the
    ///   estimate (docs/layout.md, "Live data"), O(log s) more to find it and O(s) to copy the section list.
    public func frame(of path: GridIndexPath) throws(GridError) -> Rect {
        guard hasLaidOut else { throw .notReloaded(at: .item(path)) }
        if layout.isLazy, let count = try? layout.itemCount(inSection: path.section), path.item >= 0 && path.item < count {
            return try layout(answering: .item(path)).frame(of: path)
        }
        return try layout.frame(of: path)
    }
    /// The section's header frame, or nil when it has none. Throws for a section out of range. A lazy
    /// layout is laid out up to the section's start first.
    ///
    /// - Complexity: O(1). A lazy layout first lays out every item of the sections before it that is not laid out yet
    ///   (see `layOut(through:)`).
    public func headerFrame(inSection section: Int) throws(GridError) -> Rect? {
        guard hasLaidOut else { throw .notReloaded(at: .header(section)) }
        if section >= 0 && section < layout.sectionCount { return try layout(answering: .header(section)).headerFrame(inSection: section) }
        return try layout.headerFrame(inSection: section)
    }
    /// The section's footer frame, or nil when it has none. Throws for a section out of range.
    ///
    /// - Complexity: O(1). A lazy layout first lays out every item up to the section's end that is not laid out yet (see
    ///   `layOut(through:)`).
    public func footerFrame(inSection section: Int) throws(GridError) -> Rect? {
        guard hasLaidOut else { throw .notReloaded(at: .footer(section)) }
        if section >= 0 && section < layout.sectionCount { return try layout(answering: .section(section)).footerFrame(inSection: section) }
        return try layout.footerFrame(inSection: section)
    }
    /// The section's background frame (`background`), or nil when it has none. Throws for a section
    /// out of range. A lazy layout is laid out to the section's end first: a background covers the
    /// whole section.
    ///
    /// - Complexity: O(1). A lazy layout first lays out every item up to the section's end that is not laid out yet (see
    ///   `layOut(through:)`).
    public func backgroundFrame(inSection section: Int) throws(GridError) -> Rect? {
        guard hasLaidOut else { throw .notReloaded(at: .section(section)) }
        if section >= 0 && section < layout.sectionCount { return try layout(answering: .section(section)).backgroundFrame(inSection: section) }
        return try layout.backgroundFrame(inSection: section)
    }
    /// The loader's frame, or nil when the data source does not show it (or, in a lazy layout, when
    /// the frontier has not reached the end: `isEstimated`).
    public var loaderFrame: Rect? { layout.loaderFrame }
    /// The item at `point`, or nil. A lazy layout is laid out past the point first.
    ///
    /// - Complexity: that of `ContentLayout.indexPath(at:)`, O(log s + log n + c) for s sections, n the items of the section
    ///   at the point and c the items its scan reads; a lazy layout first moves its frontier past the point (see
    ///   `layOut(through:)`).
    public func indexPath(at point: Point) throws(GridError) -> GridIndexPath? {
        let s = layout.axes.axisPoint(point).s
        return try layout(answering: .s(from: s - querySnap, view: s, to: s + 1 + querySnap)).indexPath(at: point)
    }
    /// How far past a reported position the engine's frames may lie (`scale`'s snap).
    private var querySnap: Double { layout.configuration.scale > 0 ? 1 / layout.configuration.scale : 0 }

    /// Moves the viewport to `offset`, clamped on each axis to [0, max(0, content − viewport)] and,
    /// with paging, snapped to the nearest page. ±infinity clamps to the ends; NaN is an error and
    /// leaves the offset as it was.
    ///
    /// - Complexity: a loaded-set update: O(log s + m log n + k) to search the loaded area (s sections, m of them in it, n
    ///   the items of the largest, k the elements loaded; `ContentLayout.elements(in:)` says what a stored section reads
    ///   besides, `visibleElements()` what an animation adds) and O(k + k') to merge them with the k' loaded before. A lazy
    ///   layout first moves its frontier past the new loaded area (see `layOut(through:)`); nothing else is asked.
    public func scroll(to offset: Point) throws(GridError) {
        guard !offset.x.isNaN && !offset.y.isNaN else { throw .invalidOffset(offset) }
        try refuseDuringTransition(.scrollTo)
        try moveViewportLazily(to: offset)
    }

    /// Moves the viewport by (dx, dy), as `scroll(to:)`.
    ///
    /// - Complexity: that of `scroll(to:)`.
    public func scroll(by dx: Double, _ dy: Double) throws(GridError) {
        guard !dx.isNaN && !dy.isNaN else { throw .invalidOffset(Point(x: dx, y: dy)) }
        try scroll(to: Point(x: contentOffset.x + dx, y: contentOffset.y + dy))
    }

    /// The largest offset on each axis.
    public var maxOffset: Point {
        let content = layout.contentSize, size = layout.configuration.viewport
        return Point(x: Swift.max(0, content.width - size.width), y: Swift.max(0, content.height - size.height))
    }

    /// Sets the offset (clamped, snapped), then updates the loaded set and the page, telling the observer.
    func moveViewport(to p: Point) {
        contentOffset = clampedOffset(p)
        updateLoaded()
        updatePage()
    }

    /// `p` clamped to the content (and snapped to a page with paging), as `moveViewport` sets it.
    func clampedOffset(_ p: Point) -> Point {
        let limit = maxOffset
        // NaN (from arithmetic on infinite content) keeps the coordinate where it was.
        let x = p.x.isNaN ? contentOffset.x : p.x, y = p.y.isNaN ? contentOffset.y : p.y
        let offset = Point(x: Swift.min(Swift.max(x, 0), limit.x), y: Swift.min(Swift.max(y, 0), limit.y))
        return layout.configuration.paging ? snappedToPage(offset) : offset
    }

    /// Where elements count as loaded: the viewport extended by `overscan` on both sides along S.
    var loadedArea: Rect {
        let axes = layout.axes
        var area = axes.axisRect(viewport)
        area.s -= layout.configuration.overscan
        area.sSize += 2 * layout.configuration.overscan
        return axes.rect(area)
    }

    /// Recomputes the loaded set and reports the difference: O(log n + k), a merge of two sorted lists.
    func updateLoaded() {
        // Taken out, not copied: a buffer still shared with the property would be copied on change.
        var now = [GridElement]()
        swap(&now, &spareLoaded)
        now.removeAll(keepingCapacity: true)
        displayedElements(in: loadedArea, into: &now)
        var change = LoadedChange(unloaded: [], loaded: [])
        swap(&change, &spareChange)
        change.setDifference(from: loaded, to: now)
        swap(&loaded, &now)
        spareLoaded = now
        if !change.isEmpty { observer?.grid(self, didChangeLoaded: change) }
        spareChange = change
    }

    private func updatePage() {
        guard layout.configuration.paging else { return }
        let current = currentPage
        if current != page {
            page = current
            observer?.grid(self, didChangePage: current)
        }
    }
}
