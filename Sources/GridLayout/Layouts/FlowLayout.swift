/// `flow`, CSS `flex-wrap: wrap` with `align-items: flex-start` and `gap: lineSpacing itemSpacing`: items go
/// along C from the start padding, `itemSpacing` apart, lines `lineSpacing` apart; an item whose C end would pass the end padding starts a
/// new line (the first item of a line is always placed). A line is as thick as its thickest item.
struct FlowLayout: ItemPlacer {
    // Its state is these properties (the open line): saved after a section's last item
    // (`PlacerState`), it goes on filling that line with items appended later (`reloadNew`).
    let area: ItemArea
    private var lineStart: Double
    private var lineThickness: Double = 0
    private var cursor: Double
    private var lineOpen = false
    /// The S end of the last full-line item (`span` all), where no line is open after it; else the
    /// area's start.
    private var end: Double

    init(area: ItemArea) {
        self.area = area
        lineStart = area.sStart
        cursor = area.cStart
        end = area.sStart
    }

    var interleave: Int { 1 }

    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, from first: GridIndexPath, into store: inout FrameStore) {
        guard !sizes.isEmpty else { return }
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
                lineThickness = Swift.max(lineThickness, size.s)
                lineOpen = true
            }
            return (lineStart, lineThickness, cursor)
        }
        lineOpen = true
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
            if lineOpen { lineStart += lineThickness + area.lineSpacing }
            let sSize = sizes[run].s
            store.append(AxisRect(s: lineStart, c: area.cStart, sSize: sSize, cSize: area.cLength))
            end = lineStart + sSize
            lineStart = end + area.lineSpacing
            (lineThickness, cursor, lineOpen) = (0, area.cStart, false)
            k = run + 1
        }
    }

    func finish(into store: inout FrameStore) -> Double {
        lineOpen ? lineStart + lineThickness : end
    }

    /// No item placed after now starts before this (the open line's start): the lazy frontier.
    var frontierS: Double { lineStart }
    /// The S end of the items placed so far (the area's start before any).
    var placedEnd: Double { lineOpen ? lineStart + lineThickness : end }

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
