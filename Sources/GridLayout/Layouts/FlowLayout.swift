/// `flow`, CSS `flex-wrap: wrap` with `align-items: flex-start` and `gap: lineSpacing itemSpacing`: items go
/// along C from the start padding, `itemSpacing` apart, lines `lineSpacing` apart; an item whose C end would pass the end padding starts a
/// new line (the first item of a line is always placed). A line is as thick as its thickest item.
///
/// With `justify` or `alignItems` other than `start` (docs/layout.md, "Flow alignment") an item's
/// place depends on the whole line, so the open line is held back — its sizes kept, no frame
/// stored — and placed when it closes: when an item does not fit, before a full-line item, and at
/// `finish` (which a continuation undoes, as justified's widow row). Without them the items are
/// placed as they come, by the loop that has always placed them.
struct FlowLayout: ItemPlacer {
    // Its state is these properties (the open line): saved after a section's last item
    // (`PlacerState`), it goes on filling that line with items appended later (`reloadNew`).
    let area: ItemArea
    let justify: FlowJustification
    let alignItems: FlowItemAlignment
    /// Whether lines are held back (either option other than `start`).
    private let aligned: Bool
    /// The open line's items, when `aligned`: their sizes, in order.
    private var held: [AxisSize] = []
    private var lineStart: Double
    private var lineThickness: Double = 0
    private var cursor: Double
    private var lineOpen = false
    /// The S end of the last full-line item (`span` all), where no line is open after it, or, when
    /// `aligned`, of the last line placed (the held line is not); else the area's start.
    private var end: Double

    init(area: ItemArea, justify: FlowJustification = .start, alignItems: FlowItemAlignment = .start) {
        self.area = area
        self.justify = justify
        self.alignItems = alignItems
        aligned = justify != .start || alignItems != .start
        lineStart = area.sStart
        cursor = area.cStart
        end = area.sStart
    }

    var interleave: Int { 1 }

    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, from first: GridIndexPath, into store: inout FrameStore) {
        guard !sizes.isEmpty else { return }
        guard !aligned else {
            placeAligned(sizes, into: &store)
            return
        }
        // The open line goes through the batch in locals, returned at its end: kept in registers
        // rather than read and written through `self` on every item.
        let (cStart, cEnd, lineSpacing, itemSpacing, open) = (area.cStart, area.cEnd, area.lineSpacing, area.itemSpacing, self)
        (lineStart, lineThickness, cursor) = store.append(count: sizes.count) { frames in
            var (lineStart, lineThickness, cursor, lineOpen) = (open.lineStart, open.lineThickness, open.cursor, open.lineOpen)
            for k in sizes.indices {
                let size = sizes[k]
                if lineOpen && cursor + size.c > cEnd {
                    lineStart += lineThickness + lineSpacing
                    lineThickness = 0
                    cursor = cStart
                }
                frames[k] = AxisRect(s: lineStart, c: cursor, sSize: size.s, cSize: size.c)
                cursor += size.c + itemSpacing
                // `Swift.max` for sizes (no NaN), as one `maxsd`: its NaN rule costs three more.
                lineThickness = lineThickness > size.s ? lineThickness : size.s
                lineOpen = true
            }
            return (lineStart, lineThickness, cursor)
        }
        lineOpen = true
    }

    /// `place` with the open line held back: the same breaks, the frames written when a line closes.
    @inline(never)
    private mutating func placeAligned(_ sizes: UnsafeBufferPointer<AxisSize>, into store: inout FrameStore) {
        for size in sizes {
            if lineOpen && cursor + size.c > area.cEnd {
                closeLine(into: &store)
                lineStart += lineThickness + area.lineSpacing
                lineThickness = 0
                cursor = area.cStart
            }
            held.append(size)
            cursor += size.c + area.itemSpacing
            lineThickness = Swift.max(lineThickness, size.s)
            lineOpen = true
        }
    }

    /// Appends the held line's frames: along C from the offset `justify` gives, with its extra gap
    /// between neighbours; along S at the line's start moved by `alignItems`. The line's start and
    /// thickness stay (the caller goes on from them); `end` becomes the line's end.
    private mutating func closeLine(into store: inout FrameStore) {
        guard !held.isEmpty else { return }
        store.append(count: held.count) { frames in lineFrames(into: frames) }
        end = lineStart + lineThickness
        held.removeAll(keepingCapacity: true)
    }

    /// The held line's frames, in order, into `frames` (as many as it holds).
    private func lineFrames(into frames: UnsafeMutableBufferPointer<AxisRect>) {
        let k = Double(held.count)
        // The free space from the line's own sums, not from the cursor: the cursor ends a spacing
        // past the last item.
        var used = Double(held.count - 1) * area.itemSpacing
        for size in held { used += size.c }
        let free = area.cLength - used
        var (offset, gap): (Double, Double) = (0, 0)
        if free > 0 {
            switch justify {
            case .start: break
            case .center: offset = free / 2
            case .end: offset = free
            case .spaceBetween: gap = held.count > 1 ? free / (k - 1) : 0
            case .spaceAround: (offset, gap) = (free / (2 * k), free / k)
            case .spaceEvenly: (offset, gap) = (free / (k + 1), free / (k + 1))
            }
        }
        let share: Double
        switch alignItems {
        case .start: share = 0
        case .center: share = 0.5
        case .end: share = 1
        }
        var c = area.cStart + offset
        for (j, size) in held.enumerated() {
            frames[j] = AxisRect(s: lineStart + (lineThickness - size.s) * share, c: c, sSize: size.s, cSize: size.c)
            c += size.c + area.itemSpacing + gap
        }
    }

    var spannedStoreIsFloored: Bool { false }

    /// An item spanning all lanes ends the open line and takes a line of its own, as wide as the
    /// items' C range and as thick as it is; the next item starts a new line after it. Other spans
    /// mean nothing here.
    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, spans: UnsafeBufferPointer<Int>, from first: GridIndexPath,
                        into store: inout FrameStore) {
        var k = 0
        while k < sizes.count {
            var run = k
            while run < sizes.count && spans[run] != ItemSpan.allLanes { run += 1 }
            if run > k {
                place(UnsafeBufferPointer(rebasing: sizes[k..<run]), from: GridIndexPath(section: first.section, item: first.item + k), into: &store)
            }
            guard run < sizes.count else { break }
            closeLine(into: &store)
            if lineOpen { lineStart += lineThickness + area.lineSpacing }
            let sSize = sizes[run].s
            store.append(AxisRect(s: lineStart, c: area.cStart, sSize: sSize, cSize: area.cLength))
            end = lineStart + sSize
            lineStart = end + area.lineSpacing
            (lineThickness, cursor, lineOpen) = (0, area.cStart, false)
            k = run + 1
        }
    }

    /// Places the held line, if any; the placer keeps holding it (a continuation drops these
    /// frames and goes on filling the line).
    func finish(into store: inout FrameStore) -> Double {
        if !held.isEmpty { store.append(count: held.count) { frames in lineFrames(into: frames) } }
        return lineOpen ? lineStart + lineThickness : end
    }

    /// No item placed after now starts before this (the open line's start): the lazy frontier.
    var frontierS: Double { lineStart }
    /// The S end of the items placed so far (the area's start before any): without the held line.
    var placedEnd: Double { lineOpen && !aligned ? lineStart + lineThickness : end }
    /// Items placed without a frame yet (the held line).
    var openRowCount: Int { held.count }

    /// Equal sizes give equal lines of as many items as fit (at least one).
    static func uniform(item: AxisSize, count: Int, area: ItemArea) -> UniformGrid {
        let pitch = item.c + area.itemSpacing
        func fits(_ perLine: Int) -> Bool { area.cStart + Double(perLine - 1) * pitch + item.c <= area.cEnd }
        var perLine: Int
        if pitch <= 0 {
            perLine = Swift.max(count, 1)  // zero-width items and no spacing: one line holds them all
        } else {
            let estimate = ((area.cEnd - area.cStart - item.c) / pitch).rounded(.down) + 1
            perLine = estimate >= 1 ? Int(Swift.min(estimate, Double(Swift.max(count, 1)))) : 1
            while perLine > 1 && !fits(perLine) { perLine -= 1 }
            while perLine < count && fits(perLine + 1) { perLine += 1 }
        }
        return UniformGrid(count: count, perLine: perLine,
                           sStart: area.sStart, sPitch: item.s + area.lineSpacing,
                           cStart: area.cStart, cPitch: pitch, item: item)
    }
}
