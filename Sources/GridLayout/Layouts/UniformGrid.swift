/// A section whose items all have one size, placed analytically: line l holds items
/// l·perLine ..< (l+1)·perLine, and every position is arithmetic on the index. Nothing is stored
/// per item, so a section of a billion items costs the same memory and query time as one of ten.
/// Lanes, flow and waterfall produce this shape when the data source says `itemsHaveSameSize`.
struct UniformGrid: Sendable {
    var count: Int
    /// Items per line (≥ 1).
    var perLine: Int
    /// S-start of line 0, and the distance from one line's start to the next.
    var sStart: Double
    var sPitch: Double
    /// C-start of slot 0, and the distance from one slot's start to the next.
    var cStart: Double
    var cPitch: Double
    /// Every item's size.
    var item: AxisSize
    /// When true, item j of a line goes into slot perLine − 1 − j (waterfall `rtl`).
    var reversed = false

    /// No items: a placeholder.
    static var none: UniformGrid { UniformGrid(count: 0, perLine: 1, sStart: 0, sPitch: 0, cStart: 0, cPitch: 0, item: AxisSize(s: 0, c: 0)) }

    var lineCount: Int { count == 0 ? 0 : (count - 1) / perLine + 1 }

    /// The S end of the last line (`sStart` when empty).
    var sEnd: Double { count == 0 ? sStart : lineStart(lineCount - 1) + item.s }

    @inline(__always) func lineStart(_ line: Int) -> Double { sStart + Double(line) * sPitch }
    @inline(__always) func slotStart(_ slot: Int) -> Double { cStart + Double(slot) * cPitch }

    subscript(i: Int) -> AxisRect {
        let line = i / perLine
        let j = i - line * perLine
        let slot = reversed ? perLine - 1 - j : j
        return AxisRect(s: lineStart(line), c: slotStart(slot), sSize: item.s, cSize: item.c)
    }

    /// Calls `body`, ascending, with the index and frame of every item overlapping the S-interval
    /// (lo, hi) and C-interval (cLo, cHi) with positive length on both axes: arithmetic, then O(k).
    /// Each frame comes from the line and slot the loops are on, by the expressions `subscript`
    /// uses (so it is the same frame, exactly), not from the index: recomputing it divided by
    /// `perLine` per item, and the nine-grid query is little else.
    func forEachFrame(s lo: Double, _ hi: Double, c cLo: Double, _ cHi: Double, _ body: (Int, AxisRect) -> Void) {
        guard count > 0, item.s > 0, item.c > 0, lo < hi, cLo < cHi else { return }
        let lines = overlapping(lo, hi, start: sStart, pitch: sPitch, length: item.s, count: lineCount)
        let slots = overlapping(cLo, cHi, start: cStart, pitch: cPitch, length: item.c, count: perLine)
        guard !lines.isEmpty, !slots.isEmpty else { return }
        for line in lines {
            let s = lineStart(line)
            // An item far from 0 may have a size the addition absorbs (5e-324 at 8000): its frame
            // has no area there, like an empty one.
            guard s + item.s > s else { continue }
            let first = line * perLine
            let inLine = Swift.min(perLine, count - first)
            func report(_ slot: Int, _ index: Int) {
                let c = slotStart(slot)
                if c + item.c > c { body(index, AxisRect(s: s, c: c, sSize: item.s, cSize: item.c)) }
            }
            if reversed {
                // Slot k holds item perLine − 1 − k (the line's last slots when it is short): walk
                // the slots downwards for ascending items.
                let filled = slots.clamped(to: perLine - inLine..<perLine)
                for slot in filled.reversed() {
                    report(slot, first + perLine - 1 - slot)
                }
            } else {
                for slot in slots.clamped(to: 0..<inLine) {
                    report(slot, first + slot)
                }
            }
        }
    }

    /// The indices k in 0..<count whose interval [start + k·pitch, + length) overlaps (lo, hi) with
    /// positive length. The estimate from division is corrected with the exact comparisons, so the
    /// result agrees with the frames `subscript` returns.
    private func overlapping(_ lo: Double, _ hi: Double, start: Double, pitch: Double, length: Double, count: Int) -> Range<Int> {
        func at(_ k: Int) -> Double { start + Double(k) * pitch }
        func estimate(_ x: Double) -> Int {
            guard pitch > 0 else { return x > start ? count : 0 }
            let k = (x - start) / pitch
            if !(k >= 0) { return 0 }  // also NaN
            return k >= Double(count) ? count : Int(k)  // truncation: the floor, as k ≥ 0
        }
        // The estimate is rarely off, and by a step or two: the loops below correct it. The upward
        // ones test before they loop because the compiler vectorizes a plain `while` there (its
        // trip count is bounded by `count`), and setting the vector loop up on every call costs
        // more than the rest of a nine-grid query.
        // First k whose end is past lo.
        var first = estimate(lo - length)
        while first > 0 && at(first - 1) + length > lo { first -= 1 }
        if first < count && !(at(first) + length > lo) {
            repeat { first += 1 } while first < count && !(at(first) + length > lo)
        }
        // First k that starts at or after hi.
        var end = estimate(hi)
        while end > 0 && !(at(end - 1) < hi) { end -= 1 }
        if end < count && at(end) < hi {
            repeat { end += 1 } while end < count && at(end) < hi
        }
        return first < end ? first..<end : 0..<0
    }
}
