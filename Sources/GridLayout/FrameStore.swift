/// The frames of one section's items, in S/C terms, as plain arrays (40 bytes per item).
///
/// The items form `interleave` sequences (item i belongs to sequence i mod interleave), and along
/// each sequence S-starts never decrease: true of every layout's placement (shortest lane, flow
/// lines, justified rows have one sequence; ltr/rtl waterfall has one per column). With a running
/// maximum of S-ends per sequence, two binary searches per sequence bound the items that can
/// overlap an S-interval, so a query costs O(interleave · log n + k).
struct FrameStore: Sendable {
    private(set) var sStart: [Double] = []
    private(set) var sSize: [Double] = []
    private(set) var cStart: [Double] = []
    private(set) var cSize: [Double] = []
    /// sEndMax[i]: the largest S-end among the items j ≤ i of i's sequence.
    private(set) var sEndMax: [Double] = []
    /// How many interleaved sequences the items form.
    let interleave: Int

    init(interleave: Int, capacity: Int) {
        self.interleave = interleave
        sStart.reserveCapacity(capacity)
        sSize.reserveCapacity(capacity)
        cStart.reserveCapacity(capacity)
        cSize.reserveCapacity(capacity)
        sEndMax.reserveCapacity(capacity)
    }

    var count: Int { sStart.count }

    /// Bytes held per item.
    static let bytesPerItem = 5 * MemoryLayout<Double>.stride

    /// Appends the next item's frame. Its S-start must not be below that of the previous item of its sequence.
    mutating func append(_ r: AxisRect) {
        let i = sStart.count
        let previousMax = i >= interleave ? sEndMax[i - interleave] : -Double.infinity
        sStart.append(r.s)
        sSize.append(r.sSize)
        cStart.append(r.c)
        cSize.append(r.cSize)
        sEndMax.append(Swift.max(previousMax, r.s + r.sSize))
    }

    subscript(i: Int) -> AxisRect {
        AxisRect(s: sStart[i], c: cStart[i], sSize: sSize[i], cSize: cSize[i])
    }

    /// Appends, in ascending order, the index of every item that overlaps the S-interval (lo, hi) and
    /// the C-interval (cLo, cHi) with positive length on both axes.
    func indices(s lo: Double, _ hi: Double, c cLo: Double, _ cHi: Double, into result: inout [Int]) {
        let first = result.count
        for sequence in 0..<Swift.min(interleave, count) {
            // Positions p of this sequence hold item sequence + p·interleave.
            let length = (count - sequence + interleave - 1) / interleave
            let begin = partition(sequence, length) { sEndMax[$0] > lo }
            let end = partition(sequence, length) { sStart[$0] >= hi }
            var p = begin
            while p < end {
                let i = sequence + p &* interleave
                if Swift.min(sStart[i] + sSize[i], hi) > Swift.max(sStart[i], lo),
                   Swift.min(cStart[i] + cSize[i], cHi) > Swift.max(cStart[i], cLo) {
                    result.append(i)
                }
                p += 1
            }
        }
        if interleave > 1 { result[first...].sort() }
    }

    /// The first position p in 0..<length at which `isPast(item)` holds; `isPast` must be monotone.
    @inline(__always)
    private func partition(_ sequence: Int, _ length: Int, _ isPast: (Int) -> Bool) -> Int {
        var low = 0, high = length
        while low < high {
            let mid = (low + high) >> 1
            if isPast(sequence + mid &* interleave) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
