/// Walks the data source section by section and stacks the sections along S (docs/layout.md,
/// "Common rules"): a header, `spacing`, the items; `spacing` between non-empty sections and
/// before the loader; never before the first element or after the last.
/// A full reload starts it at the content's start; `reloadNew` and `reloadSection` start it where
/// the content laid out before them ends (`init(continuing:)`).
struct LayoutBuilder {
    let configuration: GridConfiguration
    let dataSource: any GridDataSource
    let axes: AxisMap
    let padding: (sStart: Double, sEnd: Double, cStart: Double, cEnd: Double)
    let viewportC: Double
    /// The sections laid out (by `addSection`), in order.
    var sections: [SectionFrames] = []
    var loader: AxisRect?
    /// The S end of the last element so far (the start padding before any).
    var cursor: Double
    /// Whether an element precedes the cursor.
    var hasElements = false
    var storedItems = 0
    /// The last section: the one `reloadNew` appends items to. Its store gets room for a quarter
    /// more frames, so that the first appends do not copy them all to a larger array (the room is
    /// address space until used: large arrays are mapped lazily).
    var lastSection = -1
    /// What `itemsHaveSameSize` said, once asked.
    var sameSize: Bool?
    /// The data source's budget (GridBudget.swift): bytes reserved so far, and the interruption check.
    let meter: BudgetMeter
    /// The style of a section without overrides: the grid's options.
    let gridStyle: SectionStyle
    /// Whether the data source gives spans (asked once per operation).
    let spans: Bool
    /// Lazy layout (`estimatedSize`): `addSection` stops before a stored section's first item and
    /// leaves its placer in `opened` (ContentLayout+Lazy.swift feeds it batch by batch).
    var lazily = false
    var opened: OpenSection?
    /// The offsets sideways sections start at, by section (`ContentLayout.crossOffsets`).
    var crossOffsets: [Int: Double] = [:]

    /// `meter`: the account of the operation this builder is a step of (a lazy frontier move
    /// takes many steps, one budget); a new one by default.
    init(configuration: GridConfiguration, dataSource: any GridDataSource, meter: BudgetMeter? = nil) {
        self.configuration = configuration
        self.dataSource = dataSource
        axes = AxisMap(direction: configuration.direction)
        padding = axes.padding(configuration.padding)
        viewportC = axes.axisSize(configuration.viewport).c
        cursor = padding.sStart
        self.meter = meter ?? BudgetMeter(dataSource.budget)
        gridStyle = SectionStyle(configuration, axes: axes)
        spans = dataSource.providesSpans
    }

    /// A builder that goes on from `layout`: its next element follows `cursor` (after `spacing` when
    /// `hasElements`).
    init(continuing layout: ContentLayout, dataSource: any GridDataSource, cursor: Double, hasElements: Bool, meter: BudgetMeter? = nil) {
        self.init(configuration: layout.configuration, dataSource: dataSource, meter: meter)
        self.cursor = cursor
        self.hasElements = hasElements
        storedItems = layout.storedItems
        sameSize = layout.sameSize
        crossOffsets = layout.crossOffsets
    }

    mutating func build() throws(GridError) {
        let sectionCount = try ask(.sections, .grid) { try dataSource.numberOfSections() }
        try check(sectionCount, .sections, .grid, 0...GridLimits.maxSections)
        let sameSize = sectionCount > 0 ? try ask(.sameSize, .grid) { try dataSource.itemsHaveSameSize() } : false
        if sectionCount > 0 { self.sameSize = sameSize }
        sections.reserveCapacity(sectionCount)
        lastSection = sectionCount - 1
        for section in 0..<sectionCount {
            try addSection(section, sameSize: sameSize)
        }
        try placeLoader()
        try checkExtent(.grid)
    }

    /// Asks whether the loader shows and, if so, places it after the last element.
    /// With paging the loader has a page of its own, centred on it.
    mutating func placeLoader() throws(GridError) {
        if try ask(.showLoader, .loader, { try dataSource.showsLoader() }) {
            let lastEnd: Double? = hasElements ? cursor : nil
            openElement()
            let rect = ContentLayout.loaderRect(after: lastEnd, cursor: cursor, configuration: configuration, axes: axes)
            // Across the scroll axis the loader is centred: wider than the largest extent, its
            // edges would pass it (and the mirror of rtl overflow).
            guard rect.cSize <= GridLimits.maxExtent else { throw .extentTooLarge(at: .loader, end: rect.cSize) }
            loader = rect
            cursor = rect.sEnd
            try checkExtent(.loader)
        }
    }

    /// The page length with paging (the viewport's S size), else nil.
    var pageLength: Double? { ContentLayout.pageLength(configuration, axes) }

    /// The content's S extent when the last element ends at `end`: the end padding follows it and,
    /// with paging, the content fills its last page.
    func contentS(lastEnd end: Double) -> Double {
        ContentLayout.contentS(lastEnd: end, configuration, axes)
    }

    /// Adds `lineSpacing` before an element that follows another.
    mutating func openElement() {
        if hasElements { cursor += configuration.lineSpacing }
        hasElements = true
    }

    /// Asks for the section's count, header, footer and options, lays it out after the cursor and
    /// appends it to `sections`. Along S a section is: header, lineSpacing, inset S-start, items,
    /// inset S-end, lineSpacing, footer — a lineSpacing only between two things that exist, the
    /// inset only around items.
    mutating func addSection(_ section: Int, sameSize: Bool, count known: Int? = nil) throws(GridError) {
        try meter.tick(1)
        let count: Int
        if let known { count = known } else { count = try itemCount(section) }
        let header = try ask(.header, .header(section)) { try dataSource.headerSize(inSection: section) }
        if let header, !header.isValid { throw .invalidSize(callback: .header, at: .header(section), header) }
        let footer = try ask(.footer, .footer(section)) { try dataSource.footerSize(inSection: section) }
        if let footer, !footer.isValid { throw .invalidSize(callback: .footer, at: .footer(section), footer) }
        guard header != nil || count > 0 || footer != nil else {
            sections.append(.empty(at: cursor))
            return
        }
        let style = try sectionStyle(section)
        openElement()
        let start = cursor
        var headerRect: AxisRect?
        if let header {
            let s = axes.axisSize(header).s
            headerRect = AxisRect(s: cursor, c: 0, sSize: s, cSize: viewportC)
            cursor += s
        }
        var frames = try addItems(section, count: count, header: headerRect, start: start, sameSize: sameSize, style: style)
        if let footer {
            // An open (lazy) section's footer follows its last item: placed when that is.
            if opened != nil { opened!.footer = axes.axisSize(footer).s } else { placeFooter(axes.axisSize(footer).s, in: &frames) }
        }
        sections.append(frames)
        try checkExtent(.section(section))
    }

    /// The section's style: the grid's options with the data source's `options(forSection:)`.
    func sectionStyle(_ section: Int) throws(GridError) -> SectionStyle {
        guard let options = try ask(.sectionOptions, .section(section), { try dataSource.options(forSection: section) }),
              !options.entries.isEmpty else { return gridStyle }
        let resolved = try options.applied(to: configuration, section: section)
        var style = SectionStyle(resolved, axes: axes, lanesGiven: options.entries.contains { $0.name == "lanes" })
        style.overridden = true
        return style
    }

    /// Puts a footer `sSize` thick after the section's other elements (and lineSpacing, when it
    /// has any) and moves the cursor to its end.
    mutating func placeFooter(_ sSize: Double, in frames: inout SectionFrames) {
        let hasOthers = frames.header != nil || frames.items.count > 0
        let s = hasOthers ? cursor + frames.style.lineSpacing : cursor
        frames.footer = AxisRect(s: s, c: 0, sSize: sSize, cSize: viewportC)
        cursor = s + sSize
        frames.sEnd = cursor
    }

    /// Throws when the cursor (the end of `at`), or the content after it, passes `GridLimits.maxExtent`.
    func checkExtent(_ at: ElementLocation) throws(GridError) {
        // NaN cannot arise from valid sizes, but fails the comparison all the same.
        guard cursor <= GridLimits.maxExtent else { throw .extentTooLarge(at: at, end: cursor) }
        let content = contentS(lastEnd: cursor)
        guard content <= GridLimits.maxExtent else { throw .extentTooLarge(at: .grid, end: content) }
    }

    /// Lays out the items of a section whose elements start at `start` and whose header (if any)
    /// ends at the cursor: `lineSpacing` after the header, the inset's S start, the items, the
    /// inset's S end. No footer yet (`placeFooter`).
    mutating func addItems(_ section: Int, count: Int, header: AxisRect?, start: Double, sameSize: Bool,
                           style: SectionStyle) throws(GridError) -> SectionFrames {
        if header != nil && count > 0 { cursor += style.lineSpacing }
        if count > 0 { cursor += style.inset.sStart }
        var style = style
        let (items, continuation, end) = try layItems(section, count: count, area: itemArea(sStart: cursor, style), sameSize: sameSize, style: &style)
        // Never backwards: paged items start at a page boundary, which may lie a rounding error
        // before the cursor, and items of zero thickness end there; sections must stay in order.
        cursor = Swift.max(cursor, end)
        if count > 0 && opened == nil { cursor += style.inset.sEnd }
        return SectionFrames(header: header, items: items, sStart: start, sEnd: cursor, continuation: continuation, style: style)
    }

    /// The section's item count, checked.
    func itemCount(_ section: Int) throws(GridError) -> Int {
        let count = try ask(.itemCount, .section(section)) { try dataSource.numberOfItems(inSection: section) }
        try check(count, .itemCount, .section(section), 0...GridLimits.maxItemsPerSection)
        return count
    }

    /// Where a section's items go: inside the padding and the section's inset.
    func itemArea(sStart: Double, _ style: SectionStyle) -> ItemArea {
        ItemArea(sStart: sStart, cStart: padding.cStart + style.inset.cStart, cEnd: viewportC - padding.cEnd - style.inset.cEnd,
                 lineSpacing: style.lineSpacing, itemSpacing: style.itemSpacing)
    }

    /// Places a section's items with the section's algorithm; returns them, how to continue them
    /// and their S end. Settles `style.lanes` (the data source's `lanes(inSection:)`).
    private mutating func layItems(_ section: Int, count: Int, area: ItemArea, sameSize: Bool,
                                   style: inout SectionStyle) throws(GridError) -> (SectionItems, Continuation?, Double) {
        do {
            return try layItemsOfStyle(section, count: count, area: area, sameSize: sameSize, style: &style)
        } catch {
            // A layout its own options made impossible names the section.
            guard style.overridden else { throw error }
            switch error {
            case let .columnsDoNotFit(columns, spacing, length, _): throw .columnsDoNotFit(columns: columns, spacing: spacing, length: length, section: section)
            case let .noRoomForRows(length, _): throw .noRoomForRows(length: length, section: section)
            default: throw error
            }
        }
    }

    private mutating func layItemsOfStyle(_ section: Int, count: Int, area: ItemArea, sameSize: Bool,
                                          style: inout SectionStyle) throws(GridError) -> (SectionItems, Continuation?, Double) {
        guard count > 0 else { return (.stored(FrameStore(interleave: 1, capacity: 0)), nil, area.sStart) }
        guard area.cLength >= 0 else { throw .noRoomForItems(length: area.cLength, section: section) }
        if style.layout == .lanes || style.scroll == .cross, !style.lanesGiven,
           let own = try ask(.lanes, .section(section), { try dataSource.lanes(inSection: section) }) {
            try check(own, .lanes, .section(section), 1...GridLimits.maxLanes)
            style.lanes = own
        }
        let lanes = style.lanes
        let first = sameSize ? try itemSize(GridIndexPath(section: section, item: 0)) : nil
        // A sideways section is stored whatever its sizes: its frames are kept with the axes exchanged.
        if style.scroll == .cross {
            return try crossItems(section, count: count, area: area, lines: lanes, sizes: itemSizes(section, count: count, same: first))
        }
        // Spans make equal sizes no grid: such sections are stored like any other.
        if let first, !spans, let items = try sameSizeItems(item: first, lanes: lanes, count: count, area: area, style: style),
           try checkShown(items, section),
           let extent = items.sameSizeExtent {
            // An item scaled past every number (∞) starts the grid's first line at 0·∞, NaN, which
            // the cursor's `max` would drop: such a section is too long, as it is when stored.
            guard !extent.sEnd.isNaN else { throw .extentTooLarge(at: .section(section), end: .infinity) }
            return (items, .uniform(item: first, lanes: lanes), extent.sEnd)
        }
        if !lazily { try addStored(count, section) }
        let sizes = try itemSizes(section, count: count, same: first)
        switch style.layout {
        case .lanes:
            return try fill(LanesLayout(lanes: lanes, area: area), PlacerState.lanes, section, count, sizes, first)
        case .waterfall:
            return try fill(WaterfallLayout(columns: style.columns, order: style.order, area: area),
                            PlacerState.waterfall, section, count, sizes, first)
        case .flow:
            return try fill(FlowLayout(area: area, justify: style.justify, alignItems: style.alignItems),
                            PlacerState.flow, section, count, sizes, first)
        case .justified:
            return try fill(JustifiedLayout(rowHeight: style.rowHeight, tolerance: style.tolerance,
                                            widow: style.widow, breakoutCadence: style.breakoutCadence, rows: style.rows,
                                            area: area, axes: axes),
                            PlacerState.justified, section, count, sizes, first)
        }
    }

    /// Where the sizes of a section's `count` items come from: `same` when the data source said
    /// they are all equal; a lazy layout asks them a batch at a time (the bulk sizes would hand over
    /// every item); else the bulk sizes when the data source gives them.
    func itemSizes(_ section: Int, count: Int, same: AxisSize?) throws(GridError) -> ItemSizes {
        if let same { return .same(same) }
        if lazily { return .each }
        guard let bulk = try ask(.itemSizes, .section(section), { try dataSource.sizesForItems(inSection: section) }) else { return .each }
        guard bulk.count == count else {
            throw .inconsistent(callback: .itemSizes, at: .section(section), value: bulk.count, earlier: .other(.itemCount, count))
        }
        return .bulk(bulk)
    }

    /// Lays out a sideways section's items whole (`CrossLayout`; a lazy layout too: its extent along
    /// S depends on every item), each with a span of 1, at the offset `crossOffsets` keeps for it.
    private mutating func crossItems(_ section: Int, count: Int, area: ItemArea, lines: Int,
                                     sizes: ItemSizes) throws(GridError) -> (SectionItems, Continuation?, Double) {
        try addStored(count, section)
        var placer = CrossLayout(lines: lines, area: area)
        var store = FrameStore(interleave: placer.interleave, capacity: count)
        try feed(&placer, section, 0..<count, sizes, spans: false, into: &store)
        // Across the scroll axis the lines may run far past the viewport, but not past the largest
        // extent: every offset and shifted frame stays exact.
        guard placer.cEnd <= GridLimits.maxExtent else { throw .extentTooLarge(at: .section(section), end: placer.cEnd) }
        var items = CrossItems(store: store, rangeStart: area.cStart, rangeEnd: area.cEnd, cEnd: placer.cEnd)
        items.offset = items.clamped(crossOffsets[section] ?? 0)
        // No continuation: appended items lay the section out again (its lines' thickness may change).
        return (.cross(items), nil, placer.sEnd)
    }

    /// The arithmetic items of a same-size section: with paging, lanes arranged page by page
    /// (SMGridView's paged arrangement) when a row fits a page; else a uniform grid, or nil where equal sizes do not give
    /// one (justified; zero-thickness items in shortest lanes).
    /// The S length a viewport and its overscan cover.
    var shownWindow: Double { axes.axisSize(configuration.viewport).s + 2 * configuration.overscan }

    /// Throws when a viewport could hold more of the section's computed items than
    /// `GridLimits.maxShownItems`; returns true (so it can stand in a condition).
    func checkShown(_ items: SectionItems, _ section: Int) throws(GridError) -> Bool {
        try Self.checkShown(items, section, window: shownWindow)
        return true
    }

    static func checkShown(_ items: SectionItems, _ section: Int, window: Double) throws(GridError) {
        if let most = items.mostItems(inWindow: window), !(most <= Double(GridLimits.maxShownItems)) {
            throw .tooManyShown(section: section, items: most, window: window)
        }
    }

    func sameSizeItems(item: AxisSize, lanes: Int, count: Int, area: ItemArea, style: SectionStyle) throws(GridError) -> SectionItems? {
        let pageLength = axes.axisSize(configuration.viewport).s
        // A page must hold a row between its paddings; else the items go on as without paging.
        if configuration.paging && style.layout == .lanes && pageLength > 0
            && padding.sStart + item.s + padding.sEnd <= pageLength {
            return .paged(PagedLanesLayout(count: count, lanes: lanes, item: item, pageLength: pageLength,
                                           padding: (padding.sStart, padding.sEnd), area: area,
                                           inverse: configuration.pagingInverseOrder))
        }
        return try uniformGrid(item: item, lanes: lanes, count: count, area: area, style: style).map { .uniform($0) }
    }

    /// The same-size grid of `count` items of size `item` (as the data source gives it), or nil
    /// where equal sizes do not give one (justified; justified flow lines; zero-thickness items in shortest lanes).
    func uniformGrid(item: AxisSize, lanes: Int, count: Int, area: ItemArea, style: SectionStyle) throws(GridError) -> UniformGrid? {
        switch style.layout {
        case .lanes: return LanesLayout.uniform(lanes: lanes, item: item, count: count, area: area)
        // Justified lines share their free space by their own count: a short last line differs
        // from the full ones, so such a section is stored. Items of one size fill their lines
        // alike, so `alignItems` moves none of them.
        case .flow: return style.justify == .start ? FlowLayout.uniform(item: item, count: count, area: area) : nil
        case .waterfall: return try WaterfallLayout.uniform(columns: style.columns, order: style.order,
                                                            item: item, count: count, area: area)
        case .justified: return nil  // rows depend on the running sums: stored like any other
        }
    }

    /// Counts `count` more stored frames against the limit.
    mutating func addStored(_ count: Int, _ section: Int) throws(GridError) {
        storedItems += count
        guard storedItems <= GridLimits.maxStoredItems else {
            throw .tooManyStoredItems(section: section, count: storedItems)
        }
        try meter.reserve(items: count, capacity: section == lastSection ? count + count / 4 : count, section: section)
    }

    /// Where a section's item sizes come from.
    enum ItemSizes {
        /// All items have this size (`itemsHaveSameSize`).
        case same(AxisSize)
        /// All at once from `sizesForItems` (unchecked yet).
        case bulk([Size])
        /// One `sizeForItem` call per item.
        case each
    }

    /// Feeds every item's size to a new `placer` and keeps the frames, and the placer's state
    /// (saved by `wrap`) for `reloadNew`.
    private mutating func fill<P: ItemPlacer>(_ placer: P, _ wrap: (P) -> PlacerState, _ section: Int, _ count: Int,
                                              _ sizes: ItemSizes, _ same: AxisSize?) throws(GridError) -> (SectionItems, Continuation?, Double) {
        var placer = placer
        if lazily {
            // Room for a first batch; the store grows as the frontier moves.
            let store = FrameStore(interleave: spans ? 1 : placer.interleave, capacity: Swift.min(count, ItemBatch.capacity),
                                   floored: spans && placer.spannedStoreIsFloored)
            opened = OpenSection(section: section, count: count, fed: 0, placer: wrap(placer), sameSize: same, spanned: spans)
            return (.stored(store), nil, placer.placedEnd)
        }
        var store = FrameStore(interleave: spans ? 1 : placer.interleave, capacity: section == lastSection ? count + count / 4 : count,
                               floored: spans && placer.spannedStoreIsFloored)
        try feed(&placer, section, 0..<count, sizes, spans: spans, into: &store)
        let before = store.mark()
        let end = placer.finish(into: &store)
        return (.stored(store), .placer(wrap(placer), before: before, sameSize: same, spanned: spans), end)
    }

    /// Feeds the sizes of the section's items `range` to `placer`, which appends their frames to
    /// `store`: asked for, checked and put in S/C terms in batches of up to `ItemBatch.capacity`
    /// (on the stack), so that each batch costs one call to the data source and to the placer.
    func feed<P: ItemPlacer>(_ placer: inout P, _ section: Int, _ range: Range<Int>, _ sizes: ItemSizes, spans: Bool,
                             into store: inout FrameStore) throws(GridError) {
        // With spans, each batch's spans are asked too and checked into `spanned` (k, or allLanes).
        try withUnsafeTemporaryAllocation(of: ItemSpan?.self, capacity: spans ? ItemBatch.capacity : 0) { (askedSpans) throws(GridError) in
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: spans ? ItemBatch.capacity : 0) { (spanned) throws(GridError) in
        try withUnsafeTemporaryAllocation(of: Size.self, capacity: ItemBatch.capacity) { (asked) throws(GridError) in
            try withUnsafeTemporaryAllocation(of: AxisSize.self, capacity: ItemBatch.capacity) { (batch) throws(GridError) in
                var first = range.lowerBound
                while first < range.upperBound {
                    let items = first..<Swift.min(first + ItemBatch.capacity, range.upperBound)
                    switch sizes {
                    case .same(let size):
                        for k in 0..<items.count { batch[k] = size }
                    case .bulk(let all):
                        try all.withUnsafeBufferPointer { (all) throws(GridError) in
                            try convert(UnsafeBufferPointer(rebasing: all[items]), from: items, section, .itemSizes, into: batch)
                        }
                    case .each:
                        try ask(.itemSize, .section(section)) { try dataSource.sizesForItems(items, inSection: section, into: asked) }
                        try convert(UnsafeBufferPointer(rebasing: asked[..<items.count]), from: items, section, .itemSize, into: batch)
                    }
                    try meter.tick(items.count)
                    let from = GridIndexPath(section: section, item: first)
                    if spans {
                        askedSpans.initialize(repeating: nil)
                        try ask(.span, .section(section)) { try dataSource.spansForItems(items, inSection: section, into: askedSpans) }
                        for k in 0..<items.count {
                            switch askedSpans[k] {
                            case nil: spanned[k] = 1
                            case .all?: spanned[k] = ItemSpan.allLanes
                            case .lanes(let n)?:
                                guard n >= 1 else { throw .invalidSpan(GridIndexPath(section: section, item: first + k), value: n) }
                                spanned[k] = n
                            }
                        }
                        try placer.place(UnsafeBufferPointer(rebasing: batch[..<items.count]),
                                         spans: UnsafeBufferPointer(rebasing: spanned[..<items.count]), from: from, into: &store)
                    } else {
                        try placer.place(UnsafeBufferPointer(rebasing: batch[..<items.count]), from: from, into: &store)
                    }
                    first = items.upperBound
                }
            }
        }
        }
        }
    }

    /// Checks the sizes that `callback` gave for `items` and writes them to `batch` in S/C terms.
    private func convert(_ sizes: UnsafeBufferPointer<Size>, from items: Range<Int>, _ section: Int, _ callback: DataSourceCallback,
                         into batch: UnsafeMutableBufferPointer<AxisSize>) throws(GridError) {
        try axes.checked(sizes, into: batch, callback, section: section, firstItem: items.lowerBound)
    }

    func itemSize(_ path: GridIndexPath) throws(GridError) -> AxisSize {
        try axes.checked(ask(.itemSize, .item(path)) { try dataSource.sizeForItem(at: path) }, .itemSize, path)
    }

    func check(_ value: Int, _ callback: DataSourceCallback, _ at: ElementLocation, _ allowed: ClosedRange<Int>) throws(GridError) {
        guard allowed.contains(value) else { throw .invalidCount(callback: callback, at: at, value: value, allowed: allowed) }
    }
}
