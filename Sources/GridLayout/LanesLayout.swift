/// `lanes`, SMGridView's layout: n lanes run along S; each item goes into the lane whose next item
/// would start first (the shortest lane), ties to the lowest lane. The item's C origin is
/// start padding + lane · (its own C size + spacing), as SMGridView computes it.
///
/// "Starts first" compares lane ends with the spacing that follows a non-empty lane; for items of
/// positive S size this is exactly "smallest end, ties to the lowest lane", and it keeps S-starts
/// non-decreasing even for zero-size items, which the store's query relies on.
struct LanesLayout: ItemPlacer {
    let area: ItemArea
    /// S at which each lane's next item starts.
    private var laneNext: [Double]
    private var end: Double

    init(lanes: Int, area: ItemArea) {
        self.area = area
        laneNext = Array(repeating: area.sStart, count: lanes)
        end = area.sStart
    }

    var interleave: Int { 1 }

    mutating func place(_ size: AxisSize, at path: GridIndexPath, into store: inout FrameStore) {
        var lane = 0
        var s = laneNext[0]
        for l in 1..<laneNext.count where laneNext[l] < s {
            lane = l
            s = laneNext[l]
        }
        let c = area.cStart + Double(lane) * (size.c + area.spacing)
        store.append(AxisRect(s: s, c: c, sSize: size.s, cSize: size.c))
        laneNext[lane] = s + size.s + area.spacing
        end = Swift.max(end, s + size.s)
    }

    func finish(into store: inout FrameStore) -> Double { end }

    /// Equal sizes fill the lanes round-robin: line l holds items l·n ..< (l+1)·n.
    static func uniform(lanes: Int, item: AxisSize, count: Int, area: ItemArea) -> UniformGrid {
        UniformGrid(count: count, perLine: lanes,
                    sStart: area.sStart, sPitch: item.s + area.spacing,
                    cStart: area.cStart, cPitch: item.c + area.spacing, item: item)
    }
}
