/// SMGridView's paged arrangement of equal-size lanes (`paging = true`, `lanes`, same size, no
/// header): a page is one viewport extent P along S and holds k items per lane, k = the rows that
/// fit between the page's paddings; the first row of every page starts at the page start plus the
/// start padding, so no item straddles a page. Items fill a page row by row (item j of a page in
/// lane j mod n), or with `pagingInverseOrder` lane by lane (lane j div k, as an app springboard
/// reads when scrolling sideways). Positions are arithmetic on the index: nothing is stored.
struct PagedLanesLayout: Sendable {
    var count: Int
    var lanes: Int
    /// Rows per page (items per lane per page), at least 1.
    var rows: Int
    /// The S at which the section's items could start (after its header): the first page is the
    /// first one that starts at or after it, less the start padding.
    var areaStart: Double
    /// S of the section's first page, and the page length.
    var firstPage: Double
    var pageLength: Double
    /// Where a page's first row starts, relative to the page start (the start padding).
    var rowOffset: Double
    var cStart: Double
    var lineSpacing: Double
    var itemSpacing: Double
    var item: AxisSize
    var inverse: Bool

    /// Lays out `count` items of size `item` in `lanes` lanes, from the first page whose rows start
    /// at or after `area.sStart`.
    init(count: Int, lanes: Int, item: AxisSize, pageLength: Double,
         padding: (sStart: Double, sEnd: Double), area: ItemArea, inverse: Bool) {
        self.count = count
        self.lanes = lanes
        self.item = item
        areaStart = area.sStart
        self.pageLength = pageLength
        firstPage = firstPageStart(atOrAfter: area.sStart - padding.sStart, pageLength: pageLength)
        rowOffset = padding.sStart
        cStart = area.cStart
        lineSpacing = area.lineSpacing
        itemSpacing = area.itemSpacing
        self.inverse = inverse
        let room = (pageLength - padding.sStart - padding.sEnd + lineSpacing) / (item.s + lineSpacing)
        rows = room.isFinite && room >= 2 ? Int(Swift.min(room.rounded(.down), Double(Swift.max(count, 1)))) : 1
    }

    /// The same items after the section's items area moved to start at `start` (a section before
    /// it changed): on the first page at or after it, like a new layout. O(1).
    mutating func realign(areaStart start: Double) {
        areaStart = start
        firstPage = firstPageStart(atOrAfter: start - rowOffset, pageLength: pageLength)
    }

    var perPage: Int { lanes * rows }
    var pageCount: Int { count == 0 ? 0 : (count - 1) / perPage + 1 }

    func pageStart(_ page: Int) -> Double { firstPage + Double(page) * pageLength }

    /// (page, row, lane) of item i.
    private func place(_ i: Int) -> (Int, Int, Int) {
        let page = i / perPage, j = i - page * perPage
        return inverse ? (page, j % rows, j / rows) : (page, j / lanes, j % lanes)
    }

    subscript(i: Int) -> AxisRect {
        let (page, row, lane) = place(i)
        return AxisRect(s: pageStart(page) + rowOffset + Double(row) * (item.s + lineSpacing),
                        c: cStart + Double(lane) * (item.c + itemSpacing), sSize: item.s, cSize: item.c)
    }

    /// The S end of the last item's row (the first page's start when empty).
    var sEnd: Double {
        guard count > 0 else { return firstPage }
        let last = pageCount - 1, onLast = count - last * perPage
        let usedRows = inverse ? Swift.min(rows, onLast) : (onLast - 1) / lanes + 1
        return pageStart(last) + rowOffset + Double(usedRows - 1) * (item.s + lineSpacing) + item.s
    }

    /// Calls `body`, ascending, with every item overlapping both intervals with positive length.
    func forEachIndex(s lo: Double, _ hi: Double, c cLo: Double, _ cHi: Double, _ body: (Int) -> Void) {
        guard count > 0, item.s > 0, item.c > 0, lo < hi, cLo < cHi, pageLength > 0 else { return }
        let rowPitch = item.s + lineSpacing, lanePitch = item.c + itemSpacing
        func range(_ lo: Double, _ hi: Double, start: Double, pitch: Double, length: Double, count: Int) -> Range<Int> {
            // Clamped as a Double first: a tiny pitch (5e-324) makes the quotient infinite.
            let k = ((lo - start - length) / pitch).rounded(.down)
            var first = k >= Double(count) ? count : Swift.max(0, Int(Swift.max(-1, k)))
            while first < count && !(start + Double(first) * pitch + length > lo) { first += 1 }
            var end = first
            while end < count && start + Double(end) * pitch < hi { end += 1 }
            return first..<end
        }
        let laneRange = range(cLo, cHi, start: cStart, pitch: lanePitch, length: item.c, count: lanes)
        let p = ((lo - firstPage) / pageLength).rounded(.down)
        let firstPageIndex = p >= Double(pageCount) ? pageCount : Swift.max(0, Int(Swift.max(-1, p)))
        var page = firstPageIndex
        while page < pageCount && pageStart(page) < hi {
            let rowStart = pageStart(page) + rowOffset
            let rowRange = range(lo, hi, start: rowStart, pitch: rowPitch, length: item.s, count: rows)
            let base = page * perPage
            // A size the addition absorbs (5e-324 at 24480) leaves a frame without area: not reported.
            func solidRow(_ row: Int) -> Bool { rowStart + Double(row) * rowPitch + item.s > rowStart + Double(row) * rowPitch }
            func solidLane(_ lane: Int) -> Bool { cStart + Double(lane) * lanePitch + item.c > cStart + Double(lane) * lanePitch }
            if inverse {
                for lane in laneRange where solidLane(lane) {
                    for row in rowRange where base + lane * rows + row < count && solidRow(row) { body(base + lane * rows + row) }
                }
            } else {
                for row in rowRange where solidRow(row) {
                    for lane in laneRange where base + row * lanes + lane < count && solidLane(lane) { body(base + row * lanes + lane) }
                }
            }
            page += 1
        }
    }
}

/// The start of the first page that starts at or after `x`, where "at" allows for the rounding of
/// the sums that made `x`: 1e-14 of x (about 50 ulps), never more than half a page. (A margin
/// relative to the page would put x = 577 on page 0 of pages 1e308 long; a margin of whole pages,
/// as `x × (1 − 1e-12)` gave past 1e12 pages, would put items before their section.) 0 for x ≤ 0.
func firstPageStart(atOrAfter x: Double, pageLength: Double) -> Double {
    if x == .infinity { return x }  // content that overflowed stays overflowed, not on page 0
    var page = (x / pageLength).rounded(.up)
    if x > 0 && page == 0 { page = 1 }  // x / pageLength underflowed (x = 1e-323)
    if page > 0 && x - (page - 1) * pageLength <= Swift.min(abs(x) * 1e-14, pageLength / 2) { page -= 1 }
    return page.isFinite && page > 0 ? page * pageLength : 0
}
