/// Jumping anywhere (docs/layout.md, "Live data"): a lazy layout's laid-out part is a *window* of
/// consecutive sections, `lazy.first..<sections.count`, the last one possibly open (laid out up
/// to its frontier). The sections before the window are placeholders: they take no room, show
/// nothing and are estimated by their counts (`LazyFrontier.rest`); the sections after it too.
///
/// A call that needs something far from the window *jumps*: the window is dropped (its sections
/// become estimates again) and opened again at the section the call needs, placed where the
/// estimate puts it (`restart`). A call that needs something near it moves it: forward as the
/// frontier always moved, or back a whole section at a time (`extendBack`), each section laid out
/// from its start and the window after it shifted by the difference between its real extent and
/// its estimate (the grid moves its offset with the shift, so that what shows stays still).
///
/// Invariants:
/// - Sections before `first` are `SectionFrames.empty` at the start padding: the section search
///   (`sectionRange`) stays a binary search, and they never answer a query.
/// - Inside the window the sections follow one another exactly as a reload lays them out from
///   `windowStart` (a shift moves them all by one amount, and shifts no frame within a section).
/// - A window with `first == 0` is exact: its frames are a full reload's. A window opened
///   further on is placed by the estimate; when `extendBack` reaches section 0 and the window is
///   not where a reload puts it, it is laid out again from the start (`relayOut(from: 0)`), so
///   that once every section is laid out, every frame equals a full reload's.
/// - Finding the section at an S position outside the window, and its estimated start, costs
///   O(log s): `rest` holds the estimates' suffix sums (it changes only when a count does).
extension ContentLayout {
    /// The first section laid out: 0, unless a jump opened a lazy layout's window further on (the
    /// sections before it are estimated, and the frames from it on placed by the estimate).
    ///
    /// - Complexity: O(1).
    public var firstLaidOutSection: Int { lazy?.first ?? 0 }

    /// Where the content ends once the window has placed the loader (`LazyFrontier.ended`): after
    /// the loader, or the last section when there is none.
    var endedCursor: Double { loader?.sEnd ?? sectionsEnd }

    /// How `advance` moves towards a target: on from the frontier, back one section before the
    /// window, or a jump (the window opened again at that section).
    enum JumpStep: Equatable {
        case forward
        case back
        case restart(Int)
    }

    /// Beyond this S distance from the window, a move jumps instead of laying out the sections in
    /// between: two viewports and their overscan, so that scrolling (by less) never jumps.
    var jumpDistance: Double {
        2 * (axes.axisSize(configuration.viewport).s + 2 * configuration.overscan)
    }

    /// The cursor before section `s` (before its spacing) and whether an element precedes it, as a
    /// builder that lays `s` out next needs them: the window's start for its first section (an
    /// estimate after a jump), else the end of the section before.
    func cursorBefore(_ s: Int) -> (cursor: Double, hasElements: Bool) {
        let first = lazy?.first ?? 0
        if s > 0 && s == first { return (lazy!.windowStart, lazy!.windowHasElements) }
        let cursor = s == 0 ? axes.padding(configuration.padding).sStart : sections[s - 1].sEnd
        let before = s > first ? sections[first..<s].contains { !$0.isEmpty } : false
        return (cursor, (first > 0 && lazy!.windowHasElements) || before)
    }

    /// The estimated cursor before section `k` (before its spacing), which is not laid out: counted
    /// back from the window's start for a section before it, on from its estimated end after it.
    ///
    /// - Complexity: O(1).
    func estimatedCursor(before k: Int) -> Double {
        let lazy = lazy!
        let padStart = axes.padding(configuration.padding).sStart
        if k < lazy.first { return Swift.max(padStart, lazy.windowStart - (lazy.rest[k] - lazy.rest[lazy.first])) }
        let (end, next) = estimatedWindowEnd()
        return end + lazy.rest[next] - lazy.rest[Swift.max(k, next)]
    }

    /// The section not laid out whose estimated extent holds S position `x`: before the window
    /// (`x` before its start) or after it. The last of several sections that start at `x`.
    ///
    /// - Complexity: O(log s): a binary search over the estimates' suffix sums.
    func estimatedSection(at x: Double) -> Int {
        let lazy = lazy!
        if lazy.first > 0 && x <= lazy.windowStart {
            // estimatedCursor(before: k) <= x  ⟺  rest[k] >= windowStart - x + rest[first]; rest never grows with k.
            return lastSection(in: 0..<lazy.first, restAtLeast: lazy.windowStart - x + lazy.rest[lazy.first]) ?? 0
        }
        let (end, next) = estimatedWindowEnd()
        guard next < lazy.counts.count else { return lazy.counts.count - 1 }
        return lastSection(in: next..<lazy.counts.count, restAtLeast: lazy.rest[next] - (x - end)) ?? next
    }

    /// The last section k of `range` with `rest[k] >= value`, or nil.
    private func lastSection(in range: Range<Int>, restAtLeast value: Double) -> Int? {
        let rest = lazy!.rest
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = (low + high) >> 1
            if rest[mid] >= value { low = mid + 1 } else { high = mid }
        }
        return low > range.lowerBound ? low - 1 : nil
    }

    /// The next step of `advance` towards `target`, which the layout does not reach. (It reads
    /// `lazy` in place: a copy of it would retain every buffer it holds, at every step.)
    func jumpStep(for target: LazyTarget) -> JumpStep {
        let count = lazy!.counts.count, first = lazy!.first, windowStart = lazy!.windowStart
        // With paging a section starts on the page after the last one's end, which only the
        // sections before it determine: no estimate can place it, so a paged layout never jumps.
        guard count > 0, !configuration.paging else { return .forward }
        let distance = jumpDistance
        switch target {
        case .end:
            return first > 0 ? .restart(0) : .forward
        case .s(let from, let view, _):
            if first > 0 && from <= windowStart {
                // The viewport starts in the window (its overscan reaches before it): back.
                if view >= windowStart { return .back }
                return step(toSection: estimatedSection(at: view), distance)
            }
            if from <= frontierS + distance { return .forward }
            let (end, next) = estimatedWindowEnd()
            // Within the open section's estimate (its items before are laid out first: a prefix),
            // or past the last section.
            if view < end || next >= count { return .forward }
            return step(toSection: estimatedSection(at: view), distance)
        case .item(let path):
            return step(toSection: path.section, distance)
        case .header(let section), .section(let section):
            return step(toSection: section, distance)
        }
    }

    /// The step towards section `k`: a jump only when whole sections between it and the window
    /// would be laid out that are at least `distance` long (laying out `k` from its start is
    /// needed either way, and moving keeps the window).
    private func step(toSection k: Int, _ distance: Double) -> JumpStep {
        let first = lazy!.first
        if k < first {
            guard placeable(k) else { return .back }
            return k == first - 1 || lazy!.windowStart - estimatedCursor(before: k + 1) < distance ? .back : .restart(k)
        }
        if k < sections.count || lazy!.ended { return .forward }
        if k == sections.count && lazy!.open == nil { return .forward }
        guard placeable(k) else { return .forward }
        return estimatedCursor(before: k) - frontierS < distance ? .forward : .restart(k)
    }

    /// Whether the estimate can place section `k` for a jump: an estimate whose sums pass the
    /// largest extent (a degenerate estimated size, scaled to a column of any width) places nothing,
    /// and the layout then moves there step by step, as it would without jumps.
    private func placeable(_ k: Int) -> Bool {
        let cursor = estimatedCursor(before: k)
        return cursor.isFinite && cursor <= GridLimits.maxExtent
    }

    /// What a viewport at `offset` needs laid out (`Grid.cover`): from its S start less the
    /// overscan (and a page with paging) to its S end plus the overscan (and a page); `current`
    /// stands for a NaN coordinate.
    func coverSpan(at offset: Point, current: Point) -> LazyTarget {
        var s = axes.axisPoint(offset).s
        if s.isNaN { s = axes.axisPoint(current).s }
        let snap = configuration.scale > 0 ? 1 / configuration.scale : 0
        let size = axes.axisSize(configuration.viewport).s
        let page = configuration.paging ? size : 0
        let view = Swift.max(s, 0)
        return .s(from: Swift.max(0, view - configuration.overscan - page - snap), view: view,
                  to: view + size + configuration.overscan + page + snap)
    }

    /// Whether a viewport at `offset` is covered, asking nothing: at the offset asked for and,
    /// when the window starts past section 0 (it may move under the viewport), at that offset
    /// within the content too. One call: a scroll step makes it and usually stops there.
    func coversViewport(at offset: Point, current: Point) -> Bool {
        guard lazy != nil else { return true }
        guard reaches(coverSpan(at: offset, current: current)) else { return false }
        guard lazy!.first > 0 else { return true }
        return reaches(coverSpan(at: clamped(offset, current: current), current: current))
    }

    /// Whether answering `target` jumps (drops the window and opens it elsewhere) as its first step.
    func jumps(to target: LazyTarget) -> Bool {
        guard lazy != nil else { return false }
        // The common case first: a scroll on from a window that starts at section 0.
        if case .s(let from, _, _) = target, lazy!.first == 0, from <= frontierS + jumpDistance { return false }
        guard !reaches(target) else { return false }
        if case .restart = jumpStep(for: target) { return true }
        return false
    }

    /// Drops the window and opens it again at section `k`, at its estimated place (the start
    /// padding for section 0): its header, footer and options are asked, its items left for the
    /// frontier. A failure changes nothing: the section is laid out before the window is dropped.
    ///
    /// - Complexity: O(w + t), w the sections the window held and t those placeholders are added
    ///   for (past the sections held so far: each is added once).
    mutating func restart(at k: Int, _ dataSource: any GridDataSource, _ meter: BudgetMeter) throws(GridError) {
        let padStart = axes.padding(configuration.padding).sStart
        let cursor = k == 0 ? padStart : estimatedCursor(before: k)
        // An element before it is estimated when an earlier section has items (headers and footers
        // of sections not laid out are not asked, and count as none).
        let hasElements = k > 0 && lazy!.rest[0] > lazy!.rest[k]
        var builder = LayoutBuilder(continuing: self, dataSource: dataSource, cursor: cursor, hasElements: hasElements, meter: meter)
        builder.lazily = true
        builder.storedItems = 0  // the window's frames are dropped
        try builder.addSection(k, sameSize: sameSize ?? false, count: lazy!.counts[k])

        // Nothing fails from here on.
        let placeholder = SectionFrames.empty(at: padStart)
        let held = sections.count
        for s in lazy!.first..<held { checkpoints[s] = nil }
        if k < held {
            sections.removeSubrange(k...)
            for s in lazy!.first..<Swift.max(lazy!.first, k) { sections[s] = placeholder }
        } else {
            for s in lazy!.first..<held { sections[s] = placeholder }
            sections.append(contentsOf: repeatElement(placeholder, count: k - held))
        }
        sections.append(builder.sections[0])
        storedItems = builder.storedItems
        self.hasElements = builder.hasElements
        loader = nil
        lazy!.open = builder.opened
        lazy!.first = k
        lazy!.windowStart = cursor
        lazy!.windowHasElements = hasElements
        lazy!.ended = false
        lazy!.shiftedFrom = nil
    }

    /// Lays out the section before the window whole, from its estimated start (the start padding
    /// for section 0), and shifts the window after it by the difference between where the window's
    /// first element now follows and where it was. Reaching section 0, the window is laid out again
    /// from the data source when it is not where a reload puts it (see the invariants above).
    /// A failure changes nothing. Returns whether the window moved.
    ///
    /// - Complexity: O(n + w), n the section's items (asked as a reload asks them) and w the
    ///   window's sections; at section 0 what `relayOut(from:)` costs when the window moved.
    @discardableResult
    mutating func extendBack(_ dataSource: any GridDataSource, _ meter: BudgetMeter) throws(GridError) -> Bool {
        let p = lazy!.first - 1
        let padStart = axes.padding(configuration.padding).sStart
        let cursor = p == 0 ? padStart : estimatedCursor(before: p)
        let hasElements = p > 0 && lazy!.rest[0] > lazy!.rest[p]
        var builder = LayoutBuilder(continuing: self, dataSource: dataSource, cursor: cursor, hasElements: hasElements, meter: meter)
        try builder.addSection(p, sameSize: sameSize ?? false, count: lazy!.counts[p])
        let spacing = configuration.lineSpacing
        let was = lazy!.windowStart + (lazy!.windowHasElements ? spacing : 0)
        let now = builder.cursor + (builder.hasElements ? spacing : 0)
        let delta = now - was
        let (end, _) = estimatedWindowEnd()
        guard end + delta <= GridLimits.maxExtent else { throw .extentTooLarge(at: .grid, end: end + delta) }

        // Nothing fails from here on, but laying the window out again at section 0 (then undone).
        let exact = p == 0 && builder.cursor == lazy!.windowStart && builder.hasElements == lazy!.windowHasElements
        let shifted = lazy!.shiftedFrom
        let original: ContentLayout? = p == 0 && (!exact || shifted != nil) ? self : nil
        if delta != 0 {
            for s in lazy!.first..<sections.count { sections[s].shift(by: delta) }
            loader?.s += delta
        }
        sections[p] = builder.sections[0]
        storedItems = builder.storedItems
        self.hasElements = self.hasElements || builder.hasElements
        lazy!.first = p
        lazy!.windowStart = cursor
        lazy!.windowHasElements = hasElements
        guard p == 0 else { return delta != 0 }
        if !exact || lazy!.shiftedFrom != nil {
            lazy!.shiftedFrom = nil
            let ended = lazy!.ended
            lazy!.ended = false
            loader = nil
            do {
                try relayOut(from: exact ? shifted! : 0, with: dataSource)
                if ended { try advance(to: .end, from: dataSource, meter: meter) }
            } catch {
                self = original!
                throw error
            }
        } else if lazy!.ended {
            // Everything is laid out, and exactly: the layout is complete.
            engineContentSize = axes.size(AxisSize(s: Self.contentS(lastEnd: endedCursor, configuration, axes),
                                                   c: axes.axisSize(configuration.viewport).c))
            lazy = nil
        }
        return true  // laid out again, or complete: frames may have moved
    }
}
