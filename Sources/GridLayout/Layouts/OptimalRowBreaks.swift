/// Optimal rows (`rows = "optimal"`; docs/layout.md, "Optimal rows"): where a run of justified
/// items breaks into rows so that Σ (h − T)² over its rows is least, T = `rowHeight` and h a row's
/// justified height, (W − (k−1)·itemSpacing) / ΣAR for its k items.
///
/// A row of two or more items must have h within [T/(1+tolerance), T/(1−tolerance)] (no upper bound
/// when tolerance is 1); a row of one item is always allowed. The trailing items whose summed ratio
/// is below greedy's minAR — those greedy would leave in its open row — may be the widow row, which
/// costs 0. Costs are summed in row order as doubles. Ties: fewer rows, then the lexicographically
/// smallest break positions.
///
/// A dynamic programme in two passes over the edges i → j (a row of items i..<j), each pass
/// O(n·w), w the most items a row can hold: a row's h only falls as it takes more items (its
/// length shrinks, its summed ratio grows, both monotone in floating point too), so the inner loop
/// stops at the first row below the band. (Items without width add nothing to a sum, so w is
/// unbounded only for them.)
///
/// 1. Forward, rows pushed from each start i in order: `cost[j]` is the least row-order sum of the
///    rows of items 0..<j, `rows[j]` the fewest rows among the partitions that reach it through
///    such prefixes. Floating-point addition is monotone, so the least sum of a partition ending
///    with row i..<j is `cost[i]` + that row's cost: the forward order sums exactly as "in row
///    order" says.
/// 2. Backward, from the last start: an edge i → j is *tight* when `cost[i]` + its cost ==
///    `cost[j]` and `rows[i]` + 1 == `rows[j]`; a path of tight edges from 0 to n is a cheapest
///    partition with the fewest rows. `next[i]` is the smallest j of a tight edge from i from which
///    n is reached by tight edges; following `next` from 0 picks, at each break, the earliest one
///    that can still finish cheapest — the lexicographically smallest breaks.
///
/// (A partition whose prefix is not the cheapest can round to the same total as the cheapest only
/// when their sums differ in the last bits; the tie rule applies among the partitions whose every
/// prefix is cheapest.)
struct OptimalRowBreaks {
    /// W: the row's C length.
    let length: Double
    let rowHeight: Double
    let itemSpacing: Double
    /// The band of a row of two or more items.
    let minHeight: Double
    let maxHeight: Double
    /// Greedy's minAR: trailing items whose summed ratio is below it may be the widow row.
    let widowRatio: Double

    init(length: Double, rowHeight: Double, tolerance: Double, itemSpacing: Double, widowRatio: Double) {
        self.length = length
        self.rowHeight = rowHeight
        self.itemSpacing = itemSpacing
        minHeight = rowHeight / (1 + tolerance)
        // Tolerance 1 divides by 0: no upper bound.
        maxHeight = rowHeight / (1 - tolerance)
        self.widowRatio = widowRatio
    }

    /// The rows of items of aspect ratios `ratios`, in order: each row's end (exclusive, the last
    /// one `ratios.count`), and whether the last row is the widow row.
    ///
    /// - Complexity: O(n·w) time, O(n) memory.
    func rows(_ ratios: UnsafeBufferPointer<Double>) -> (ends: [Int], widow: Bool) {
        let n = ratios.count
        guard n > 0 else { return ([], false) }
        let widowStart = firstWidowStart(ratios)
        var cost = [Double](repeating: .infinity, count: n + 1)
        var rows = [Int32](repeating: .max, count: n + 1)
        cost[0] = 0
        rows[0] = 0
        // Every j is reached: a row of the one item j − 1 is always allowed.
        for i in 0..<n {
            let (base, count) = (cost[i], rows[i] + 1)
            forEachRow(from: i, ratios, widowStart) { j, rowCost in
                let total = base + rowCost
                if total < cost[j] || (total == cost[j] && count < rows[j]) {
                    cost[j] = total
                    rows[j] = count
                }
                return false
            }
        }
        var next = [Int32](repeating: -1, count: n + 1)
        next[n] = Int32(n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            let (base, count) = (cost[i], rows[i] + 1)
            forEachRow(from: i, ratios, widowStart) { j, rowCost in
                guard next[j] >= 0, base + rowCost == cost[j], count == rows[j] else { return false }
                next[i] = Int32(j)
                return true
            }
        }
        var ends: [Int] = []
        ends.reserveCapacity(Int(rows[n]))
        var i = 0
        while i < n {
            i = Int(next[i])
            ends.append(i)
        }
        return (ends, ends.count > 0 && (ends.count == 1 ? 0 : ends[ends.count - 2]) >= widowStart)
    }

    /// Calls `body(j, cost)` for every allowed row of items `start..<j`, j ascending, until it
    /// returns true. The row ending with the last item is the widow row (cost 0) when `start` is at
    /// or after `widowStart`.
    @inline(__always)
    private func forEachRow(from start: Int, _ ratios: UnsafeBufferPointer<Double>, _ widowStart: Int,
                            _ body: (Int, Double) -> Bool) {
        let n = ratios.count
        let widow = start >= widowStart
        var sum = 0.0
        var j = start
        while j < n {
            sum += ratios[j]
            j += 1
            if widow && j == n { break }
            let h = (length - Double(j - start - 1) * itemSpacing) / sum
            if j - start == 1 || (h >= minHeight && h <= maxHeight) {
                let d = h - rowHeight
                if body(j, d * d) { return }
            }
            // Longer rows are lower still: none is in the band (the widow row aside).
            if h < minHeight { break }
        }
        if widow { _ = body(n, 0) }
    }

    /// The first item from which the items to the end sum (in order) below `widowRatio`, or n.
    /// Such sums only grow as the start moves back (by induction over the in-order partial sums),
    /// so a binary search finds it; each test stops once its sum reaches `widowRatio`.
    private func firstWidowStart(_ ratios: UnsafeBufferPointer<Double>) -> Int {
        var (low, high) = (0, ratios.count)
        while low < high {
            let mid = (low + high) / 2
            var sum = 0.0
            var k = mid
            while k < ratios.count && sum < widowRatio {
                sum += ratios[k]
                k += 1
            }
            if sum < widowRatio { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
