/// `scroll = "cross"`: a section whose items run sideways, along C, in `lines` lines — the lanes
/// rule turned a quarter (`LanesLayout`, with S and C exchanged). Each item goes into the line whose
/// C end is the smallest, ties to the lowest, after `itemSpacing` when the line is not empty; line
/// l's item starts along S at the area's S start + l·(its own S size + `lineSpacing`). Spacing keeps
/// its meaning on screen: `itemSpacing` between the items of a line, `lineSpacing` between lines.
///
/// The frames go into the store with the axes exchanged (the store's S is the grid's C): the
/// store's search by S-interval then finds a section's items by their C position, as the section
/// scrolls along C. `CrossItems` turns them back and moves them by the section's offset.
struct CrossLayout: ItemPlacer {
    let area: ItemArea
    private var lines: LanesLayout
    /// The largest S end of the items placed so far (the area's S start before any).
    private(set) var sEnd: Double

    init(lines: Int, area: ItemArea) {
        self.area = area
        self.lines = LanesLayout(lanes: lines, area: ItemArea(sStart: area.cStart, cStart: area.sStart, cEnd: .infinity,
                                                              lineSpacing: area.itemSpacing, itemSpacing: area.lineSpacing))
        sEnd = area.sStart
    }

    var interleave: Int { 1 }

    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, from first: GridIndexPath, into store: inout FrameStore) {
        let before = store.count
        withUnsafeTemporaryAllocation(of: AxisSize.self, capacity: sizes.count) { exchanged in
            for k in sizes.indices { exchanged[k] = AxisSize(s: sizes[k].c, c: sizes[k].s) }
            lines.place(UnsafeBufferPointer(exchanged), from: first, into: &store)
        }
        var end = sEnd
        for i in before..<store.count {
            let frame = store[i]
            end = Swift.max(end, frame.c + frame.cSize)
        }
        sEnd = end
    }

    /// Spans do not apply sideways: every item takes one line.
    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, spans: UnsafeBufferPointer<Int>, from first: GridIndexPath,
                        into store: inout FrameStore) {
        place(sizes, from: first, into: &store)
    }

    var spannedStoreIsFloored: Bool { false }

    func finish(into store: inout FrameStore) -> Double { sEnd }

    var placedEnd: Double { sEnd }
    var frontierS: Double { sEnd }

    /// The C end of the longest line (the area's C start before any item).
    var cEnd: Double { lines.placedEnd }
}
