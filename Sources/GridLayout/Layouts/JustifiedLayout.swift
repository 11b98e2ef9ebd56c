/// `justified`, as flickr/justified-layout 4.x (lib/row.js) computes it, in floating point.
///
/// W is the line's length, T = `rowHeight`; an item's aspect ratio is its C size / S size. Items join
/// the open row while its summed aspect ratio stays below minAR = W/T·(1−tolerance). The item that
/// reaches [minAR, maxAR] closes the row; one that passes maxAR closes it, with or without that item,
/// whichever sum is nearer the row's own target (W − (k−1)·spacing)/T (a tie takes the item, and a
/// row's first item is always taken). A closed row is (W − (k−1)·spacing)/ΣAR thick, clamped to
/// [T/2, 2T]; its items are AR × the unclamped thickness wide, so the row fills W. The section's last,
/// unclosed row (the widow) is T thick and placed by `widow`.
///
/// With `breakoutCadence` n > 0, rows n, 2n, 3n, … of the section (counting every row it lays out)
/// are breakout rows (the library's isBreakoutRow): an item that arrives at such a row while it is
/// empty and whose aspect ratio is at least 1 closes it alone — a closed row of one item, so W wide
/// and W/AR thick, clamped. A narrower first item leaves the row an ordinary one.
///
/// With `rows = "optimal"` only the breaks differ: the items wait in `held` until the section ends
/// (`finish`) or a span ends them, then `OptimalRowBreaks` breaks them into rows, each closed as
/// `closeRow` closes a greedy row, the last one left open as the widow row when it picks one. So
/// such a section's frames appear at its end, and a continuation (`reloadNew`) breaks the whole run
/// again. Breakout rows are greedy's: optimal rows have none.
struct JustifiedLayout: ItemPlacer {
    let area: ItemArea
    let rowHeight: Double
    let widow: WidowStyle
    let minRatio: Double
    let maxRatio: Double
    /// `breakoutCadence`: 0 for none.
    let cadence: Int
    /// `rows = "optimal"`.
    let optimal: Bool
    let tolerance: Double
    /// Used only to name an item's size, as the data source gave it, in an error.
    let axes: AxisMap
    // Its state is these properties: saved after a section's last item (`PlacerState`) it goes on
    // with items appended later (`reloadNew`). The open row is not in the store until `finish`
    // appends it as the widow row; a continuation first drops those frames (it truncates the store
    // to its mark from before `finish`), then the row takes the new items as if never closed.
    /// The open row: its items' aspect ratios (in order) and their sum.
    private var ratios: [Double] = []
    private var ratioSum: Double = 0
    private var rowStart: Double
    /// S end of the last closed row (the area's start before any).
    private var end: Double
    /// The rows laid out so far, and whether the open row is a breakout row (its number, counted
    /// from 1, a multiple of `cadence`); `rows` is kept only with a cadence.
    private var rows = 0
    private var breakoutRow: Bool
    /// With optimal rows: the aspect ratios of the items since the section's start or its last
    /// span, in order, not broken into rows yet.
    private var held: [Double] = []

    init(rowHeight: Double, tolerance: Double, widow: WidowStyle, breakoutCadence: Int, rows: RowBreaking = .greedy,
         area: ItemArea, axes: AxisMap) throws(GridError) {
        guard area.cLength > 0 else {
            throw .noRoomForRows(length: area.cLength)
        }
        self.area = area
        self.rowHeight = rowHeight
        self.widow = widow
        cadence = breakoutCadence
        optimal = rows == .optimal
        self.tolerance = tolerance
        breakoutRow = breakoutCadence == 1
        self.axes = axes
        minRatio = area.cLength / rowHeight * (1 - tolerance)
        maxRatio = area.cLength / rowHeight * (1 + tolerance)
        rowStart = area.sStart
        end = area.sStart
    }

    var interleave: Int { 1 }

    // A call of its own per batch: inlined into the builder's `feed`, the per-item loop compiles
    // to more instructions.
    /// All or nothing: every size is checked before any is placed, so a failed batch leaves the
    /// placer as it was (the lazy frontier keeps its placer across batches, copying nothing).
    @inline(never)
    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, from first: GridIndexPath, into store: inout FrameStore) throws(GridError) {
        try checkRatios(sizes, from: first)
        if optimal {
            for k in sizes.indices { held.append(sizes[k].c / sizes[k].s) }
            return
        }
        // One loop in two copies, so that without breakout rows (the default) it tests nothing
        // for them: this is the layout's per-item path.
        if cadence == 0 {
            placeRatios(sizes, breakouts: false, into: &store)
        } else {
            placeRatios(sizes, breakouts: true, into: &store)
        }
    }

    /// The rows the batch closes are written to a scratch buffer and appended to the store in one
    /// batch: a row at a time, the store's fixed cost per append was paid every few items. At most
    /// the open row's items and the batch's are written.
    @inline(__always)
    private mutating func placeRatios(_ sizes: UnsafeBufferPointer<AxisSize>, breakouts: Bool, into store: inout FrameStore) {
        withUnsafeTemporaryAllocation(of: AxisRect.self, capacity: ratios.count + sizes.count) { rows in
            var written = 0
            for k in sizes.indices {
                let size = sizes[k]
                let ratio = size.c / size.s
                if !add(ratio, breakouts: breakouts, into: rows, &written) {
                    // Rejected: it starts the next row, which always takes it (a breakout row too).
                    _ = add(ratio, breakouts: breakouts, into: rows, &written)
                }
            }
            if written > 0 {
                store.append(count: written) { frames in _ = frames.update(fromContentsOf: rows[..<written]) }
            }
        }
    }

    /// Throws for the first item without an aspect ratio (no thickness along S).
    private func checkRatios(_ sizes: UnsafeBufferPointer<AxisSize>, from first: GridIndexPath) throws(GridError) {
        for k in sizes.indices where !(sizes[k].s > 0) {
            throw .noAspectRatio(GridIndexPath(section: first.section, item: first.item + k), axes.size(sizes[k]))
        }
    }

    /// Row.addItem: returns false when the row closed without the item. `breakouts`: whether the
    /// section has breakout rows (a constant in each copy of the loop).
    @inline(__always)
    private mutating func add(_ ratio: Double, breakouts: Bool, into rows: UnsafeMutableBufferPointer<AxisRect>, _ written: inout Int) -> Bool {
        let newSum = ratioSum + ratio
        if breakouts && breakoutRow && ratios.isEmpty && ratio >= 1 {
            ratios.append(ratio)
            ratioSum = newSum
            closeRow(into: rows, &written)
            return true
        }
        if newSum < minRatio {
            ratios.append(ratio)
            ratioSum = newSum
            return true
        }
        if newSum > maxRatio && !ratios.isEmpty {
            let newTarget = rowLength(items: ratios.count + 1) / rowHeight
            let oldTarget = rowLength(items: ratios.count) / rowHeight
            if abs(newSum - newTarget) > abs(ratioSum - oldTarget) {
                closeRow(into: rows, &written)
                return false
            }
        }
        ratios.append(ratio)
        ratioSum = newSum
        closeRow(into: rows, &written)
        return true
    }

    /// The line's length left for the items of a row of `items` items.
    private func rowLength(items: Int) -> Double {
        area.cLength - Double(items - 1) * area.itemSpacing
    }

    private mutating func closeRow(into store: inout FrameStore) {
        store.append(count: ratios.count) { frames in
            var written = 0
            closeRow(into: frames, &written)
        }
    }

    /// Closes the open row, writing its frames to `rows` from `written` on (and adding them to it).
    private mutating func closeRow(into rows: UnsafeMutableBufferPointer<AxisRect>, _ written: inout Int) {
        // A row whose gaps alone pass W has no length left for its items: they get width 0.
        // A row of zero-width items only (possible with tolerance 1) is as thick as allowed.
        let length = Swift.max(0, rowLength(items: ratios.count))
        var thickness = ratioSum > 0 ? length / ratioSum : .infinity
        let clamped = Swift.min(Swift.max(thickness, rowHeight / 2), 2 * rowHeight)
        if ratioSum > 0 && !thickness.isFinite || !ratioSum.isFinite {
            rescaleRatios()
            thickness = length / ratioSum
        }
        let (s, sum, cStart, itemSpacing, first) = (rowStart, ratioSum, area.cStart, area.itemSpacing, written)
        ratios.withUnsafeBufferPointer { ratios in
            var c = cStart
            for k in ratios.indices {
                let width = sum > 0 ? ratios[k] * thickness : 0
                rows[first + k] = AxisRect(s: s, c: c, sSize: clamped, cSize: width)
                c += width + itemSpacing
            }
        }
        written += ratios.count
        end = rowStart + clamped
        rowStart = end + area.lineSpacing
        ratios.removeAll(keepingCapacity: true)
        ratioSum = 0
        countRow()
    }

    /// Counts a row laid out, for the cadence of breakout rows (nothing without one).
    private mutating func countRow() {
        guard cadence > 0 else { return }
        rows += 1
        breakoutRow = (rows + 1) % cadence == 0
    }

    /// Makes the open row's widths, ratio × length / sum, finite where they would not be: a sum
    /// that is infinite (items of a denormal thickness have an infinite aspect ratio) shares the
    /// length among the infinite ratios alone; a denormal sum (whose length / sum overflows) is
    /// scaled by a power of two, exactly, with every ratio. Rare: the row's own arithmetic is
    /// untouched otherwise.
    private mutating func rescaleRatios() {
        if !ratioSum.isFinite {
            for k in ratios.indices { ratios[k] = ratios[k].isFinite ? 0 : 1 }
        } else {
            for k in ratios.indices { ratios[k] *= 0x1p1000 }
        }
        ratioSum = ratios.reduce(0, +)
    }

    var spannedStoreIsFloored: Bool { false }

    /// An item spanning all lanes ends the open row, laid out as a widow row, and takes a row of
    /// its own: the whole line wide and line / aspect ratio thick, not clamped. Other spans mean
    /// nothing here. Both rows count towards the breakout cadence.
    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, spans: UnsafeBufferPointer<Int>, from first: GridIndexPath,
                        into store: inout FrameStore) throws(GridError) {
        try checkRatios(sizes, from: first)
        var k = 0
        while k < sizes.count {
            var run = k
            while run < sizes.count && spans[run] != ItemSpan.allLanes { run += 1 }
            if run > k {
                try place(UnsafeBufferPointer(rebasing: sizes[k..<run]), from: GridIndexPath(section: first.section, item: first.item + k), into: &store)
            }
            guard run < sizes.count else { break }
            let size = sizes[run]
            breakHeld(into: &store)
            if !ratios.isEmpty {
                end = finish(into: &store)
                rowStart = end + area.lineSpacing
                ratios.removeAll(keepingCapacity: true)
                ratioSum = 0
                countRow()
            }
            let thickness = area.cLength * size.s / size.c
            store.append(AxisRect(s: rowStart, c: area.cStart, sSize: size.c > 0 ? thickness : 0, cSize: area.cLength))
            end = rowStart + (size.c > 0 ? thickness : 0)
            rowStart = end + area.lineSpacing
            countRow()
            k = run + 1
        }
    }

    /// No item placed after now starts before this (the open row's start; the open row's items
    /// have no frame until it closes): the lazy frontier.
    var frontierS: Double { rowStart }
    /// The S end of the rows closed so far (the area's start before any).
    var placedEnd: Double { end }
    /// Items in the open row, or held for optimal rows (placed, without a frame yet).
    var openRowCount: Int { ratios.count + held.count }

    /// With optimal rows, closes the held items' rows as `OptimalRowBreaks` breaks them, and
    /// leaves the widow row's items, if it picks one, in the open row.
    private mutating func breakHeld(into store: inout FrameStore) {
        guard !held.isEmpty else { return }
        let items = held
        held = []
        let breaks = OptimalRowBreaks(length: area.cLength, rowHeight: rowHeight, tolerance: tolerance,
                                      itemSpacing: area.itemSpacing, widowRatio: minRatio)
        let cut = items.withUnsafeBufferPointer { breaks.rows($0) }
        var start = 0
        for (row, rowEnd) in cut.ends.enumerated() {
            // Summed from 0 in order, as `add` sums a greedy row.
            for k in start..<rowEnd {
                ratios.append(items[k])
                ratioSum += items[k]
            }
            if cut.widow && row == cut.ends.count - 1 { break }
            closeRow(into: &store)
            start = rowEnd
        }
    }

    func finish(into store: inout FrameStore) -> Double {
        if !held.isEmpty {
            // On a copy: `finish` leaves the placer as it was, holding the run for a continuation.
            var broken = self
            broken.breakHeld(into: &store)
            return broken.finishOpenRow(into: &store)
        }
        return finishOpenRow(into: &store)
    }

    /// Appends the open row as the widow row; returns the items' S end.
    private func finishOpenRow(into store: inout FrameStore) -> Double {
        guard !ratios.isEmpty else { return end }
        let natural = ratios.reduce(0) { $0 + $1 * rowHeight }
        let gaps = Double(ratios.count - 1) * area.itemSpacing
        var c = area.cStart
        var extra: Double = 0
        switch widow {
        case .left: break
        case .center: c += (area.cLength - natural - gaps) / 2
        case .justify: extra = (area.cLength - gaps - natural) / Double(ratios.count)
        }
        for ratio in ratios {
            let width = Swift.max(0, ratio * rowHeight + extra)
            store.append(AxisRect(s: rowStart, c: c, sSize: rowHeight, cSize: width))
            c += width + area.itemSpacing
        }
        return rowStart + rowHeight
    }
}
