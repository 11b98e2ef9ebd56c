/// The items of a section that scrolls sideways (`scroll = "cross"`): their frames, stored with the
/// axes exchanged (`CrossLayout`), and the section's own offset along C.
///
/// Every frame it reports is the stored one turned back, moved along S with its section (`sShift`)
/// and along C by −`offset`: the queries see the items where they are on screen.
struct CrossItems: Sendable {
    /// Frames with S and C exchanged: the store's S is the grid's C.
    var store: FrameStore
    /// How far the section moved along S since its items were placed (`SectionFrames.shift`).
    var sShift: Double = 0
    /// The section's offset along C, within `0...maxOffset`.
    var offset: Double = 0
    /// Where the items show across C: the viewport less the padding and the section's inset.
    let rangeStart: Double
    let rangeEnd: Double
    /// The C end of the longest line.
    let cEnd: Double

    var count: Int { store.count }

    /// The largest offset: the one that brings the longest line's end to the range's end.
    var maxOffset: Double { Swift.max(0, cEnd - rangeEnd) }

    /// The length of the items' range across C (`sectionPaging = "page"` snaps to its multiples).
    var rangeLength: Double { Swift.max(0, rangeEnd - rangeStart) }

    @inline(__always)
    func shown(_ f: AxisRect) -> AxisRect {
        AxisRect(s: f.c + sShift, c: f.s - offset, sSize: f.cSize, cSize: f.sSize)
    }

    subscript(i: Int) -> AxisRect { shown(store[i]) }

    /// Calls `body`, ascending, with the index and frame of every item overlapping both intervals
    /// with positive length. The store is searched in its own terms, widened by far more than the
    /// rounding of the moves; the test is on the frames as they are reported.
    func forEachFrame(s lo: Double, _ hi: Double, c cLo: Double, _ cHi: Double, _ body: (Int, AxisRect) -> Void) {
        let sMargin = (Swift.abs(sShift) + Swift.abs(lo) + Swift.abs(hi)) * 0x1p-40
        let cMargin = (Swift.abs(offset) + Swift.abs(cLo) + Swift.abs(cHi)) * 0x1p-40
        store.forEachIndex(s: cLo + offset - cMargin, cHi + offset + cMargin, c: lo - sShift - sMargin, hi - sShift + sMargin) { i, f in
            let r = shown(f)
            if r.s < hi && r.s + r.sSize > lo && r.c < cHi && r.c + r.cSize > cLo { body(i, r) }
        }
    }

    /// `offset` kept within `0...maxOffset`.
    func clamped(_ offset: Double) -> Double {
        Swift.min(Swift.max(offset, 0), maxOffset)
    }

    /// Where `offset` snaps under `paging`: to the nearest of the item starts (an item's C start
    /// less the range's start) or of the multiples of the range's length, clamped, and the end
    /// (`maxOffset`), which is always a place to stop; the lower on a tie. Snapping a snapped
    /// offset leaves it where it is.
    ///
    /// - Complexity: O(log n) for `item`, n the items; O(1) otherwise.
    func snapped(_ offset: Double, _ paging: SectionPaging) -> Double {
        let snap = nearestStop(offset, paging)
        let end = maxOffset
        return Swift.abs(end - offset) < Swift.abs(snap - offset) ? end : snap
    }

    /// `snapped` without the end as a stop.
    private func nearestStop(_ offset: Double, _ paging: SectionPaging) -> Double {
        switch paging {
        case .none:
            return clamped(offset)
        case .page:
            let length = rangeLength
            guard length > 0 else { return clamped(offset) }
            let lower = (offset / length).rounded(.down) * length
            return clamped(offset - lower > lower + length - offset ? lower + length : lower)
        case .item:
            // The items' C starts never decrease with the index (each item starts at the shortest
            // line's end; lines holding items of C size 0 alone may break this, and the start
            // found is then a near one): a binary search finds the first start past the target.
            let target = offset + rangeStart
            var (lo, hi) = (0, store.count)
            while lo < hi {
                let mid = (lo + hi) / 2
                if store[mid].s <= target { lo = mid + 1 } else { hi = mid }
            }
            let below = lo > 0 ? store[lo - 1].s : -Double.infinity
            let above = lo < store.count ? store[lo].s : Double.infinity
            guard below.isFinite || above.isFinite else { return clamped(offset) }
            let start = !above.isFinite || (below.isFinite && target - below <= above - target) ? below : above
            return clamped(start - rangeStart)
        }
    }
}
