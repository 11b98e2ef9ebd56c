/// Lazy layout (docs/layout.md, "Sizes learnt late"): with `estimatedSize` a reload asks the
/// section count, `itemsHaveSameSize` and every section's item count, and lays out nothing; the
/// grid then moves the *frontier* (`advance`) as far as each call needs. Sections before the
/// frontier are laid out exactly as a full reload lays them out (the same builder, the same
/// placers fed the same sizes: a placer gives the same frames however its items are batched);
/// the section at the frontier is *open*: its placer is kept after `fed` items and goes on with the
/// next batch. Past the frontier nothing is stored or asked per item: the content's S extent
/// counts the rest at the estimated size (`updateEstimate`). The frontier only moves forward; the
/// layout becomes an ordinary one (`lazy == nil`) once it reaches the end and places the loader.

/// A section being laid out lazily: its placer after `fed` of its `count` items.
struct OpenSection: Sendable {
    let section: Int
    let count: Int
    var fed: Int
    var placer: PlacerState
    /// The one item size when the data source said `itemsHaveSameSize` (no asking then).
    let sameSize: AxisSize?
    /// Whether its store was made for spans (see `Continuation.placer`).
    let spanned: Bool
    /// Its footer's S size: placed after its last item, when that is.
    var footer: Double?
    /// The placer and the store as they were after `fed` items, every `checkpointInterval` items
    /// or so (the first at 0): a `measure` in this section lays it out again from the last one
    /// before the measured item, not from its start.
    var checkpoints: [Checkpoint] = []

    struct Checkpoint: Sendable {
        let fed: Int
        let mark: FrameStore.Mark
        let placer: PlacerState
    }

    /// Items between checkpoints: a measure re-lays out at most about this many items before the
    /// measured one (and asks their sizes again); each checkpoint keeps the placer's few numbers.
    static let checkpointInterval = 256
}

/// What a lazy layout knows beyond its frontier.
struct LazyFrontier: Sendable {
    /// The estimated item size, in S/C terms.
    let estimate: AxisSize
    /// Every section's item count, asked at the reload (and by `reloadSection`).
    var counts: [Int]
    /// `rest[i]`: the estimated S extent of sections i..<counts.count (each with the spacing before
    /// it); `rest[counts.count]` is 0.
    var rest: [Double]
    /// Items per line and line pitch at the estimated size under the grid's options.
    let line: (perLine: Double, pitch: Double)
    /// What a section with items adds besides its lines: the spacing before it and its inset, less
    /// the spacing after its last line.
    let sectionExtra: Double

    /// The estimated S extent of a section of `count` items not laid out yet (nothing asked but its count).
    func extent(_ count: Int) -> Double {
        count == 0 ? 0 : sectionExtra + ContentLayout.lines(count, line) * line.pitch
    }

    /// Changes a section's count (`reloadSection`) and the estimates that depend on it.
    mutating func setCount(_ section: Int, _ count: Int) {
        let delta = extent(count) - extent(counts[section])
        counts[section] = count
        for i in 0...section { rest[i] += delta }
    }
    /// The section at the frontier while its items are not all placed (always the last of
    /// `ContentLayout.sections`).
    var open: OpenSection?
    /// The laid-out part is a *window* of sections, `first..<sections.count` (ContentLayout+Jump.swift):
    /// the sections before `first` are placeholders that take no room and show nothing, estimated
    /// by their counts. 0 unless a jump opened the window further on.
    var first = 0
    /// The cursor before section `first` (before its spacing), and whether elements are estimated
    /// before it: where a jump placed the window, from the estimate of the sections before it.
    var windowStart = 0.0
    var windowHasElements = false
    /// Whether the window reached the content's end and placed the loader (only while `first > 0`:
    /// with `first == 0` that ends the lazy layout); the content then ends at `endedCursor`.
    var ended = false
    /// The first laid-out section that a `reloadSection` before it shifted rather than laid out
    /// again (a shift can round differently from a layout): laid out again from the data source
    /// before the loader is placed, so that a layout laid out to its end is a full reload's.
    var shiftedFrom: Int?
}

/// What a call needs laid out before it can answer exactly.
enum LazyTarget: Equatable {
    /// Every element that overlaps `from..<to`; `view` (between them) is where a viewport
    /// starts: a jump opens the window at the section there (ContentLayout+Jump.swift).
    case s(from: Double, view: Double, to: Double)
    /// The item's frame.
    case item(GridIndexPath)
    /// The section's header (the section begun).
    case header(Int)
    /// The whole section, its footer included.
    case section(Int)
    /// Everything, the loader included.
    case end
}

extension ContentLayout {
    /// A lazy layout of `dataSource` under `configuration` (its `estimatedSize` set): it asks the
    /// section count, `itemsHaveSameSize` and each section's item count, and lays out nothing yet.
    static func lazy(configuration: GridConfiguration, dataSource: any GridDataSource,
                     crossOffsets: [Int: Double] = [:]) throws(GridError) -> ContentLayout {
        try configuration.validate()
        var layout = ContentLayout(configuration: configuration)
        layout.crossOffsets = crossOffsets
        let builder = LayoutBuilder(configuration: configuration, dataSource: dataSource)
        let sectionCount = try ask(.sections, .grid) { try dataSource.numberOfSections() }
        try builder.check(sectionCount, .sections, .grid, 0...GridLimits.maxSections)
        if sectionCount > 0 { layout.sameSize = try ask(.sameSize, .grid) { try dataSource.itemsHaveSameSize() } }
        var counts: [Int] = []
        counts.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            try builder.meter.tick(1)
            counts.append(try builder.itemCount(section))
        }
        let estimate = layout.axes.axisSize(configuration.estimatedSize)
        let style = builder.gridStyle
        var frontier = LazyFrontier(estimate: estimate, counts: counts, rest: [Double](repeating: 0, count: sectionCount + 1),
                                    line: layout.estimatedLine(style, estimate),
                                    sectionExtra: configuration.lineSpacing + style.inset.sStart - style.lineSpacing + style.inset.sEnd)
        for section in stride(from: sectionCount - 1, through: 0, by: -1) {
            frontier.rest[section] = frontier.rest[section + 1] + frontier.extent(counts[section])
        }
        layout.lazy = frontier
        layout.updateEstimate()
        return layout
    }

    /// Throws what laying out `size` at `path` would throw, where that needs no layout: a
    /// `measure` of an item past the frontier waits there, and must not make every later move of
    /// the frontier fail. The section's style is its own once the section is begun, else the
    /// grid's (a section's own options are asked when it begins).
    func checkUnreached(_ path: GridIndexPath, _ size: Size) throws(GridError) {
        let style = path.section < sections.count && path.section >= (lazy?.first ?? 0) ? sections[path.section].style : SectionStyle(configuration, axes: axes)
        let item = axes.axisSize(size)
        var thickness = item.s
        switch style.layout {
        case .waterfall:
            let width = WaterfallLayout.columnWidth(columns: style.columns, length: itemLength(style), spacing: style.itemSpacing)
            if width > 0 { thickness = WaterfallLayout.scaledS(item, width) }
        case .justified:
            guard item.s > 0 else { throw .noAspectRatio(path, size) }
            thickness = 0  // rows are at most twice rowHeight thick
        case .lanes, .flow:
            break
        }
        guard thickness <= GridLimits.maxExtent else { throw .extentTooLarge(at: .item(path), end: thickness) }
    }

    /// How many lines `count` items take, `line.perLine` a line.
    static func lines(_ count: Int, _ line: (perLine: Double, pitch: Double)) -> Double {
        (Double(count) / line.perLine).rounded(.up)
    }

    /// Items per line and the S distance from one line to the next, for items of the estimated
    /// size under `style`: arithmetic, nothing asked.
    /// The C length of a section's items under `style`: the viewport less padding and inset.
    func itemLength(_ style: SectionStyle) -> Double {
        let pad = axes.padding(configuration.padding)
        return axes.axisSize(configuration.viewport).c - pad.cStart - pad.cEnd - style.inset.cStart - style.inset.cEnd
    }

    func estimatedLine(_ style: SectionStyle, _ estimate: AxisSize) -> (perLine: Double, pitch: Double) {
        let length = Swift.max(0, itemLength(style))
        switch style.layout {
        case .lanes:
            return (Double(style.lanes), estimate.s + style.lineSpacing)
        case .waterfall:
            let width = WaterfallLayout.columnWidth(columns: style.columns, length: length, spacing: style.itemSpacing)
            let s = width > 0 ? WaterfallLayout.scaledS(estimate, width) : estimate.s
            return (Double(style.columns), s + style.lineSpacing)
        case .flow:
            let pitch = estimate.c + style.itemSpacing
            let perLine = pitch > 0 ? Swift.max(1, ((length + style.itemSpacing) / pitch).rounded(.down)) : .infinity
            return (perLine, estimate.s + style.lineSpacing)
        case .justified:
            let width = estimate.s > 0 ? style.rowHeight * estimate.c / estimate.s : 0
            let pitch = width + style.itemSpacing
            let perLine = pitch > 0 ? Swift.max(1, ((length + style.itemSpacing) / pitch).rounded(.down)) : .infinity
            return (perLine, style.rowHeight + style.lineSpacing)
        }
    }

    /// The content's S extent when its last element ends at `end` (`LayoutBuilder.contentS`).
    static func contentS(lastEnd end: Double, _ configuration: GridConfiguration, _ axes: AxisMap) -> Double {
        let s = end + axes.padding(configuration.padding).sEnd
        guard let page = pageLength(configuration, axes) else { return s }
        return Swift.max(1, (s / page * (1 - 1e-12)).rounded(.up)) * page
    }

    /// Sets the content size of a lazy layout: what is laid out, then the rest at the estimated size.
    mutating func updateEstimate() {
        guard lazy != nil else { return }
        let (end, next) = estimatedWindowEnd()
        // An estimate is no extent: it never passes the largest one (nor is it infinite or NaN);
        // a real extent past it fails where it is laid out.
        var contentS = Self.contentS(lastEnd: end + lazy!.rest[next], configuration, axes)
        if !(contentS <= GridLimits.maxExtent) { contentS = GridLimits.maxExtent }
        engineContentSize = axes.size(AxisSize(s: contentS, c: axes.axisSize(configuration.viewport).c))
    }

    /// Where the window ends as estimated (the cursor after it: its laid-out part, the open
    /// section's items not placed yet at the estimated size, its footer), and the first section
    /// after it. Past the end once the window has placed the loader.
    func estimatedWindowEnd() -> (end: Double, next: Int) {
        if lazy!.ended { return (endedCursor, lazy!.counts.count) }
        guard let s = lazy!.open?.section else { return (sectionsEnd, sections.count) }
        let style = sections[s].style
        let line = estimatedLine(style, lazy!.estimate)
        let offset = sections[s].items.storeOffset
        let placer = lazy!.open!.placer
        var itemsEnd = offset + placer.placedEnd
        let remaining = lazy!.open!.count - lazy!.open!.fed + placer.openRowCount
        if remaining > 0 {
            itemsEnd = Swift.max(itemsEnd, offset + placer.frontierS + Self.lines(remaining, line) * line.pitch)
        }
        return (itemsEnd + style.inset.sEnd + (lazy!.open!.footer.map { style.lineSpacing + $0 } ?? 0), s + 1)
    }

    /// Whether the layout is lazy and its frontier has not reached the end.
    public var isLazy: Bool { lazy != nil }

    /// How many items have been asked for (the frontier, counted in items): every item of the
    /// sections before the open one, and the open one's items fed to its placer. Same-size sections
    /// count whole (their frames are arithmetic).
    ///
    /// - Complexity: O(s), s the sections laid out: their counts are added up.
    public var itemsLaidOut: Int {
        var total = 0
        for (section, frames) in sections.enumerated() {
            if let open = lazy?.open, open.section == section { total += open.fed } else { total += frames.items.count }
        }
        return total
    }

    /// No element placed after now starts before this S position (infinity once everything is).
    var frontierS: Double {
        guard lazy != nil else { return .infinity }
        if let s = lazy!.open?.section { return sections[s].items.storeOffset + lazy!.open!.placer.frontierS }
        return sectionsEnd
    }

    /// Whether the layout answers `target` exactly as it is.
    func reaches(_ target: LazyTarget) -> Bool {
        guard lazy != nil else { return true }
        let open = lazy!.open?.section
        switch target {
        case .s(let from, _, let to):
            // Sections before the window may hold elements at its very start (estimated at no extent).
            if lazy!.first > 0 && from <= lazy!.windowStart { return false }
            if lazy!.ended { return true }
            // Every section laid out: only the loader is left, and placing it ends the estimate.
            if open == nil && sections.count == lazy!.counts.count { return false }
            return frontierS >= to
        case .item(let path):
            guard path.section < sections.count && path.section >= lazy!.first else { return false }
            guard open == path.section else { return true }
            return path.item < sections[path.section].items.count
        case .header(let section):
            return section < sections.count && section >= lazy!.first
        case .section(let section):
            return section < sections.count && section >= lazy!.first && open != section
        case .end:
            return false
        }
    }

    /// Moves the frontier until the layout answers `target` exactly (at most to the end). Each step
    /// is one batch of items or one section and changes nothing when it fails: the frontier then
    /// stays where the steps before it took it.
    /// `meter`: the budget of the operation (one for all the moves a grid call makes).
    ///
    /// - Complexity: O(j + t), j the items placed (at most a batch more than `target` needs) and t the sections begun
    ///   (`Grid.layOut(through:)` says what each step asks); O(lanes) more per item for shortest-lane placement.
    /// `pauseAfterJump`: return after a jump (the window opened elsewhere) or a shift of the window
    /// (a section before it laid out), for the grid to keep its anchor still and ask again.
    mutating func advance(to target: LazyTarget, from dataSource: any GridDataSource, meter: BudgetMeter? = nil,
                          pauseAfterJump: Bool = false) throws(GridError) {
        var unused: ContentLayout?
        try advance(to: target, from: dataSource, meter: meter, pauseAfterJump: pauseAfterJump, beforeJump: &unused, saving: false)
    }

    /// `advance`, and when `saving`, the layout as it was before a jump in `beforeJump` (unless it
    /// holds one already), for the caller to put back should a later step fail.
    mutating func advance(to target: LazyTarget, from dataSource: any GridDataSource, meter: BudgetMeter? = nil,
                          pauseAfterJump: Bool, beforeJump: inout ContentLayout?, saving: Bool) throws(GridError) {
        let meter = meter ?? BudgetMeter(dataSource.budget)
        // No binding of `lazy` or its open section lives across a step: the open section's
        // checkpoints and placer must have one owner, or each step would copy them.
        // One jump a call: after it the estimate has moved, and the target is reached by laying out
        // forward or back from there (which always progresses), never by jumping again.
        var jumped = false
        while !reaches(target) {
            guard lazy != nil else { return }
            var step = jumpStep(for: target)
            if case .restart(let section) = step, jumped { step = section < lazy!.first ? .back : .forward }
            switch step {
            case .restart(let section):
                jumped = true
                if saving && beforeJump == nil { beforeJump = self }
                try restart(at: section, dataSource, meter)
                updateEstimate()
                if pauseAfterJump { return }
                continue
            case .back:
                let moved = try extendBack(dataSource, meter)
                updateEstimate()
                // The window moved: what the target names moved with it (the grid moves its offset).
                if pauseAfterJump && moved { return }
                continue
            case .forward:
                break
            }
            if lazy!.ended { return }
            if lazy!.open != nil {
                if lazy!.open!.placer.laysOutWhole {
                    // Its frames appear only at its end: every item is asked now.
                    try feedOpenBatches(count: lazy!.open!.count - lazy!.open!.fed, dataSource, meter)
                } else {
                    try feedOpen(count: chunk(for: target), dataSource, meter)
                }
            } else if sections.count < lazy!.counts.count {
                try openNext(dataSource, meter)
            } else if let shifted = lazy!.shiftedFrom, lazy!.first == 0 {
                try relayOut(from: shifted, with: dataSource)
                lazy!.shiftedFrom = nil
            } else {
                try finishLazy(dataSource, meter)
                updateEstimate()
                return
            }
            updateEstimate()
        }
    }

    /// How many of the open section's items to place next for `target`: about as many as it needs
    /// (by the estimate), at least one, at most a batch.
    private func chunk(for target: LazyTarget) -> Int {
        let open = lazy!.open!
        let left = open.count - open.fed
        var n = Double(ItemBatch.capacity)
        switch target {
        case .s(_, _, let s):
            let line = estimatedLine(sections[open.section].style, lazy!.estimate)
            let lines = ((s - frontierS) / Swift.max(line.pitch, 1e-9)).rounded(.up) + 1
            n = lines * line.perLine
        case .item(let path) where path.section == open.section:
            n = Double(path.item + 1 - open.fed)
        default:
            break
        }
        if !(n >= 1) { n = 1 }
        return Int(Swift.min(n, Double(Swift.min(ItemBatch.capacity, left))))
    }

    /// Places the open section's next `n` items (one batch, at most `ItemBatch.capacity`); closes
    /// the section after its last. A failure changes nothing: the placer fails before it places
    /// anything (every check of a batch precedes its placement), and the store is cut back.
    private mutating func feedOpen(count n: Int, _ dataSource: any GridDataSource, _ meter: BudgetMeter) throws(GridError) {
        precondition(n <= ItemBatch.capacity, "one batch at a time: a failed batch must leave the placer as it was")
        let (s, fed) = (lazy!.open!.section, lazy!.open!.fed)
        var builder = LayoutBuilder(continuing: self, dataSource: dataSource, cursor: sectionsEnd, hasElements: hasElements, meter: meter)
        let range = fed..<(fed + n)
        try builder.addStored(range.count, s)
        // Taken out of `lazy` (put back below, or closed): the open section, its placer and its
        // checkpoints have one owner, so placing and appending copy nothing.
        var open = lazy!.open!
        lazy!.open = nil
        guard case .stored(var store) = sections[s].items else { preconditionFailure("an open section without a store") }
        sections[s].items = .uniform(.none)  // hand the store's buffers over to `store`
        let mark = store.mark()
        // A checkpoint keeps a copy of the placer: only while its open row is short, so that
        // copies stay small (a justified row of items without width never closes).
        if open.fed >= (open.checkpoints.last.map { $0.fed + OpenSection.checkpointInterval } ?? 0),
           open.placer.openRowCount <= OpenSection.checkpointInterval {
            open.checkpoints.append(.init(fed: open.fed, mark: mark, placer: open.placer))
        }
        let sizes: LayoutBuilder.ItemSizes = open.sameSize.map { .same($0) } ?? .each
        let closes = range.upperBound == open.count
        // The section's last batch may still fail after placing (its end checked): keep the placer.
        let pristine = closes ? open.placer : nil
        var frames = sections[s]
        do {
            try open.placer.feed(s, range, sizes, spans: open.spanned, builder, into: &store)
            // Every check a full reload makes, as the frames are placed: none may end past the
            // largest extent (or be NaN).
            builder.cursor = store.sOffset + open.placer.placedEnd
            try builder.checkExtent(.section(s))
            if closes {
                // The last item: finish as `LayoutBuilder.fill` and `addItems` do, then the footer.
                let before = store.mark()
                let end = open.placer.finish(into: &store)
                frames.continuation = .placer(open.placer, before: before, sameSize: open.sameSize, spanned: open.spanned)
                builder.cursor = Swift.max(store.sOffset + open.placer.areaStart, store.sOffset + end) + frames.style.inset.sEnd
                frames.sEnd = builder.cursor
                // The store moves into the section (the footer follows its items), and back on failure.
                frames.items = .stored(store)
                store = FrameStore(interleave: 1, capacity: 0)
                if let footer = open.footer { builder.placeFooter(footer, in: &frames) }
                try builder.checkExtent(.section(s))
            }
        } catch {
            if case .stored(let moved) = frames.items {
                frames.items = .uniform(.none)
                store = moved
            }
            store.truncate(to: mark)
            sections[s].items = .stored(store)
            if let pristine { open.placer = pristine }
            lazy!.open = open
            throw error
        }
        open.fed = range.upperBound
        storedItems = builder.storedItems
        guard closes else {
            sections[s].sEnd = Swift.max(sections[s].sEnd, store.sOffset + open.placer.placedEnd)
            sections[s].items = .stored(store)
            lazy!.open = open
            return
        }
        sections[s] = frames
        checkpoints[s] = open.checkpoints
    }

    /// Begins the next section: asks its header, footer, options and lanes as a reload does; a
    /// same-size or empty section is laid out whole, any other is left open before its first item.
    private mutating func openNext(_ dataSource: any GridDataSource, _ meter: BudgetMeter) throws(GridError) {
        let s = sections.count
        let before = cursorBefore(s)
        var builder = LayoutBuilder(continuing: self, dataSource: dataSource, cursor: before.cursor, hasElements: before.hasElements, meter: meter)
        builder.lazily = true
        try builder.addSection(s, sameSize: sameSize ?? false, count: lazy!.counts[s])
        sections.append(builder.sections[0])
        hasElements = builder.hasElements
        storedItems = builder.storedItems
        lazy!.open = builder.opened
    }

    /// Places the loader after the last section: the layout is then complete, as a full reload's.
    fileprivate mutating func finishLazy(_ dataSource: any GridDataSource, _ meter: BudgetMeter) throws(GridError) {
        var builder = LayoutBuilder(continuing: self, dataSource: dataSource, cursor: sectionsEnd, hasElements: hasElements, meter: meter)
        try builder.placeLoader()
        try builder.checkExtent(.grid)
        loader = builder.loader
        if lazy!.first > 0 {
            // The sections before the window are still estimated: the layout stays lazy.
            lazy!.ended = true
            return
        }
        engineContentSize = axes.size(AxisSize(s: builder.contentS(lastEnd: builder.cursor), c: builder.viewportC))
        lazy = nil
    }

    /// Lays the content out again from `path` up to where it was laid out (the end, for a complete
    /// layout), for a `measure` of `path` and later items: from the last checkpoint at or before
    /// `path.item` when its section has one (a section a lazy layout placed), else from the
    /// section's start (`relayOut(from:with:)`). The sections after it are laid out again, not
    /// shifted, so every frame is what a full layout gives.
    mutating func relayOut(fromItem path: GridIndexPath, with dataSource: any GridDataSource) throws(GridError) {
        let s = path.section
        guard s < sections.count && s >= (lazy?.first ?? 0) else { return }
        if let open = lazy?.open, open.section == s { return try relayOutOpenSection(fromItem: path.item, with: dataSource) }
        guard let checkpoint = checkpoints[s]?.last(where: { $0.fed <= path.item }),
              case .stored(var store) = sections[s].items,
              case .placer(_, _, let same, let spanned)? = sections[s].continuation
        else { return try relayOut(from: s, with: dataSource) }
        let meter = BudgetMeter(dataSource.budget)
        var working = self
        let laidOut = sections.count
        let frontier = lazy?.open.map { (section: $0.section, fed: $0.fed) }
        let counts = lazy?.counts ?? itemCounts
        let count = sections[s].items.count
        for later in (s + 1)..<laidOut {
            working.storedItems -= sections[later].items.storedCount
            working.checkpoints[later] = nil
        }
        working.sections.removeSubrange((s + 1)...)
        working.loader = nil
        working.sections[s].items = .uniform(.none)  // the store's buffers: copied once if shared
        store.truncate(to: checkpoint.mark)
        working.storedItems -= count - store.count
        var open = OpenSection(section: s, count: count, fed: checkpoint.fed, placer: checkpoint.placer, sameSize: same,
                               spanned: spanned, footer: sections[s].footer?.sSize)
        open.checkpoints = (checkpoints[s] ?? []).filter { $0.fed < checkpoint.fed }
        working.checkpoints[s] = nil
        working.sections[s].footer = nil
        working.sections[s].continuation = nil
        working.sections[s].sEnd = store.sOffset + checkpoint.placer.placedEnd
        working.sections[s].items = .stored(store)
        working.hasElements = true  // section s has items (it has a checkpoint), though none placed yet
        let complete = lazy == nil
        if complete {
            // Laid out to its end: lazy again for the steps below, until the loader is placed.
            working.lazy = LazyFrontier(estimate: AxisSize(s: 1, c: 1), counts: counts, rest: Array(repeating: 0, count: counts.count + 1),
                                        line: (1, 1), sectionExtra: 0, open: open)
        } else {
            working.lazy!.open = open
        }
        try working.feedOpenBatches(count: count - checkpoint.fed, dataSource, meter)
        for later in (s + 1)..<laidOut {
            try working.openNext(dataSource, meter)
            if let next = working.lazy!.open {
                let target = frontier?.section == later ? frontier!.fed : next.count
                try working.feedOpenBatches(count: target, dataSource, meter)
            }
        }
        if complete { try working.finishLazy(dataSource, meter) } else { try working.placeLoaderAgain(dataSource, meter) }
        self = working
    }

    /// Lays the open section out again from its last checkpoint at or before `item` up to the items
    /// it had placed (a `measure` of `item` and later ones): the placer and the store go back to
    /// the checkpoint and take the same items again, so the frames are those of a layout from the
    /// start. Nothing after it is laid out, so nothing moves. Nothing to do for an item past the
    /// frontier.
    mutating func relayOutOpenSection(fromItem item: Int, with dataSource: any GridDataSource) throws(GridError) {
        guard var open = lazy?.open, item < open.fed else { return }
        let s = open.section
        guard let checkpoint = open.checkpoints.last(where: { $0.fed <= item }),
              case .stored(var store) = sections[s].items else { return try relayOutOpenSection(from: dataSource) }
        let meter = BudgetMeter(dataSource.budget)
        var working = self
        working.sections[s].items = .uniform(.none)  // the store's buffers: copied once if shared
        store.truncate(to: checkpoint.mark)
        let target = open.fed
        working.storedItems -= sections[s].items.count - store.count
        open.fed = checkpoint.fed
        open.placer = checkpoint.placer
        open.checkpoints.removeAll { $0.fed >= checkpoint.fed }
        working.sections[s].sEnd = store.sOffset + checkpoint.placer.placedEnd
        working.sections[s].items = .stored(store)
        working.lazy!.open = open
        try working.feedOpenBatches(count: target - checkpoint.fed, dataSource, meter)
        working.updateEstimate()
        self = working
    }

    /// Lays the open section out again from its start up to the items it had placed (a `measure`
    /// of one of them): nothing after it is laid out, so nothing moves.
    mutating func relayOutOpenSection(count: Int? = nil, from dataSource: any GridDataSource) throws(GridError) {
        guard let open = lazy?.open else { return }
        let count = count ?? open.count
        let s = open.section
        let (start, hadBefore) = cursorBefore(s)
        let meter = BudgetMeter(dataSource.budget)
        var working = self
        working.sections.removeLast()
        working.lazy!.open = nil
        working.storedItems -= sections[s].items.count
        var builder = LayoutBuilder(continuing: working, dataSource: dataSource, cursor: start, hasElements: hadBefore, meter: meter)
        builder.lazily = true
        try builder.addSection(s, sameSize: sameSize ?? false, count: count)
        working.sections.append(builder.sections[0])
        working.hasElements = builder.hasElements
        working.storedItems = builder.storedItems
        working.lazy!.open = builder.opened
        if builder.opened != nil, open.fed > 0 {
            try working.feedOpenBatches(count: Swift.min(open.fed, count), dataSource, meter)
        }
        working.updateEstimate()
        self = working
    }
}

extension ContentLayout {
    /// Lays out sections `first...` again as far as they were laid out (a lazy layout up to its
    /// frontier; any other to its end, the loader included), asking the data source as a reload
    /// does: the frames are exactly those of a reload (later sections are laid out, not shifted,
    /// which could round differently). `measure` uses it.
    mutating func relayOut(from first: Int, with dataSource: any GridDataSource) throws(GridError) {
        guard first < sections.count else { return }
        let meter = BudgetMeter(dataSource.budget)
        var working = self
        let laidOut = sections.count
        let frontier = lazy?.open.map { (section: $0.section, fed: $0.fed) }
        for section in first..<laidOut {
            working.storedItems -= sections[section].items.storedCount
            working.checkpoints[section] = nil
        }
        working.sections.removeSubrange(first...)
        working.hasElements = working.cursorBefore(first).hasElements
        if lazy != nil {
            working.lazy!.open = nil
            for section in first..<laidOut {
                try working.openNext(dataSource, meter)
                if let open = working.lazy!.open {
                    let target = frontier?.section == section ? frontier!.fed : open.count
                    try working.feedOpenBatches(count: target, dataSource, meter)
                }
            }
            try working.placeLoaderAgain(dataSource, meter)
        } else {
            var builder = LayoutBuilder(continuing: working, dataSource: dataSource, cursor: working.sectionsEnd,
                                        hasElements: working.hasElements, meter: meter)
            builder.lastSection = laidOut - 1
            for section in first..<laidOut {
                try builder.addSection(section, sameSize: sameSize ?? false)
            }
            let sectionsHaveElements = builder.hasElements
            try builder.placeLoader()
            try builder.checkExtent(.grid)
            working.sections.append(contentsOf: builder.sections)
            working.loader = builder.loader
            working.hasElements = sectionsHaveElements
            working.storedItems = builder.storedItems
            working.engineContentSize = axes.size(AxisSize(s: builder.contentS(lastEnd: builder.cursor), c: builder.viewportC))
        }
        self = working
    }

    /// `reloadSection` of a lazy layout: the section's count is asked again; a section laid out
    /// is laid out again (the open one up to its frontier), one past the frontier only recounted.
    mutating func relayOutSectionLazily(_ section: Int, from dataSource: any GridDataSource) throws(GridError) {
        guard let lazy else { return try relayOutSection(section, from: dataSource) }
        let count = try LayoutBuilder(configuration: configuration, dataSource: dataSource).itemCount(section)
        var working = self
        working.lazy!.setCount(section, count)
        if section < sections.count && section >= lazy.first {
            if lazy.open?.section == section {
                try working.relayOutOpenSection(count: count, from: dataSource)
            } else {
                try working.relayOutSection(section, from: dataSource)
                if section + 1 < sections.count {
                    working.lazy!.shiftedFrom = Swift.min(section + 1, lazy.shiftedFrom ?? section + 1)
                }
            }
        }
        working.updateEstimate()
        self = working
    }

    /// After a window that had placed the loader (`ended`) is laid out again: the loader is placed
    /// again after it; then the estimate.
    fileprivate mutating func placeLoaderAgain(_ dataSource: any GridDataSource, _ meter: BudgetMeter) throws(GridError) {
        if lazy?.ended == true {
            lazy!.ended = false
            loader = nil
            try finishLazy(dataSource, meter)
        }
        updateEstimate()
    }

    /// `feedOpen` for more than a batch: batch by batch.
    fileprivate mutating func feedOpenBatches(count n: Int, _ dataSource: any GridDataSource, _ meter: BudgetMeter) throws(GridError) {
        var left = n
        while left > 0, lazy?.open != nil {
            let step = Swift.min(left, ItemBatch.capacity, lazy!.open!.count - lazy!.open!.fed)
            try feedOpen(count: step, dataSource, meter)
            left -= step
        }
    }
}

extension PlacerState {
    /// Places items `range` of `section`, continuing where the placer stopped, without `finish`.
    /// The placer is taken out of `self` while it places (`consume`), so its buffers (justified's
    /// open row) have one owner and grow in place.
    mutating func feed(_ section: Int, _ range: Range<Int>, _ sizes: LayoutBuilder.ItemSizes, spans: Bool, _ builder: LayoutBuilder,
                       into store: inout FrameStore) throws(GridError) {
        func go<P: ItemPlacer>(_ placer: inout P) throws(GridError) {
            try builder.feed(&placer, section, range, sizes, spans: spans, into: &store)
        }
        switch consume self {
        case .lanes(var p): defer { self = .lanes(p) }; try go(&p)
        case .waterfall(var p): defer { self = .waterfall(p) }; try go(&p)
        case .flow(var p): defer { self = .flow(p) }; try go(&p)
        case .justified(var p): defer { self = .justified(p) }; try go(&p)
        }
    }

    /// Answers `question` of the placer, whichever layout's: the one switch every read below goes
    /// through (`feed` and `finish` switch on their own: they write the store). Generic, not an existential: each
    /// read is specialised to the layout, as the frontier reads it at every scroll step.
    @inline(__always)
    private func read<Q: PlacerQuestion>(_ question: Q) -> Q.Answer {
        switch self {
        case .lanes(let p): return question.answer(p)
        case .waterfall(let p): return question.answer(p)
        case .flow(let p): return question.answer(p)
        case .justified(let p): return question.answer(p)
        }
    }

    /// `ItemPlacer.finish`.
    func finish(into store: inout FrameStore) -> Double {
        switch self {
        case .lanes(let p): return p.finish(into: &store)
        case .waterfall(let p): return p.finish(into: &store)
        case .flow(let p): return p.finish(into: &store)
        case .justified(let p): return p.finish(into: &store)
        }
    }

    /// No item placed after now starts before this (in the store's coordinates).
    var frontierS: Double { read(FrontierQuestion()) }

    /// The S end of the frames placed so far (in the store's coordinates).
    var placedEnd: Double { read(PlacedEndQuestion()) }

    /// Where the section's item area starts (in the store's coordinates).
    var areaStart: Double { read(AreaStartQuestion()) }

    /// Whether the placer lays its section out whole, at its end (justified's optimal rows): a
    /// lazy layout then asks all of the section's items in one move of the frontier.
    var laysOutWhole: Bool {
        if case .justified(let p) = self { return p.optimal }
        return false
    }

    /// Items placed without a frame yet (justified's open row, the items held for optimal rows, an
    /// aligned flow's open line).
    var openRowCount: Int {
        switch self {
        case .justified(let p): return p.openRowCount
        case .flow(let p): return p.openRowCount
        case .lanes, .waterfall: return 0
        }
    }
}

/// A question `PlacerState.read` puts to a placer of any layout.
protocol PlacerQuestion {
    associatedtype Answer
    func answer<P: ItemPlacer>(_ placer: P) -> Answer
}

private struct FrontierQuestion: PlacerQuestion {
    func answer<P: ItemPlacer>(_ placer: P) -> Double { placer.frontierS }
}

private struct PlacedEndQuestion: PlacerQuestion {
    func answer<P: ItemPlacer>(_ placer: P) -> Double { placer.placedEnd }
}

private struct AreaStartQuestion: PlacerQuestion {
    func answer<P: ItemPlacer>(_ placer: P) -> Double { placer.area.sStart }
}
