/// The frames a `FrameStore` keeps, in two columns: every item's S-start as a `Double` (it grows
/// with the content), and its C-start, S size and C size as `Float`s while each of them is exactly
/// a `Float` — whole points, halves, the sizes people give — so that a layout writes and a query
/// reads less memory. The first value that is not exact (a scaled waterfall height, a justified
/// width) makes the columns wide: those three as `Double`s for every item from then on. Either way
/// a frame reads back exactly as given (BENCHMARKS.md, "Design notes", has the sizes).
struct FrameColumns: Sendable {
    /// Per item: the S-start.
    private var starts: [Double] = []
    /// Per item, while `isWide` is false: C-start, S size, C size.
    private var narrow: [NarrowExtent] = []
    /// Per item, once `isWide` is true.
    private var wide: [WideExtent] = []
    private(set) var isWide = false

    private struct NarrowExtent: Sendable {
        var c, sSize, cSize: Float
        init(_ r: AxisRect) { (c, sSize, cSize) = (Float(r.c), Float(r.sSize), Float(r.cSize)) }
        /// Whether these are `r`'s values exactly.
        func isExactly(_ r: AxisRect) -> Bool { Double(c) == r.c && Double(sSize) == r.sSize && Double(cSize) == r.cSize }
        /// 0 when these are `r`'s values exactly, else not: `isExactly` without a branch per value.
        @inline(__always)
        func inexactness(_ r: AxisRect) -> Int {
            (Double(c) != r.c ? 1 : 0) | (Double(sSize) != r.sSize ? 1 : 0) | (Double(cSize) != r.cSize ? 1 : 0)
        }
    }

    private struct WideExtent: Sendable {
        var c, sSize, cSize: Double
        init(_ r: AxisRect) { (c, sSize, cSize) = (r.c, r.sSize, r.cSize) }
        init(c: Double, sSize: Double, cSize: Double) { (self.c, self.sSize, self.cSize) = (c, sSize, cSize) }
    }

    var count: Int { starts.count }

    /// Bytes held per item: 20 narrow, 32 wide.
    var bytesPerItem: Int {
        MemoryLayout<Double>.stride + (isWide ? MemoryLayout<WideExtent>.stride : MemoryLayout<NarrowExtent>.stride)
    }

    mutating func reserveCapacity(_ capacity: Int) {
        starts.reserveCapacity(capacity)
        narrow.reserveCapacity(capacity)
    }

    /// Item i's S-start.
    func s(_ i: Int) -> Double { starts[i] }

    subscript(i: Int) -> AxisRect {
        if isWide {
            let e = wide[i]
            return AxisRect(s: starts[i], c: e.c, sSize: e.sSize, cSize: e.cSize)
        }
        let e = narrow[i]
        return AxisRect(s: starts[i], c: Double(e.c), sSize: Double(e.sSize), cSize: Double(e.cSize))
    }

    /// Items `from...` as stored.
    func frames(from first: Int) -> [AxisRect] { (first..<count).map { self[$0] } }

    mutating func append(contentsOf batch: UnsafeBufferPointer<AxisRect>) {
        let n = batch.count
        // Each column is written to a scratch buffer and appended in one copy: an array append
        // per item (a uniqueness and a capacity check each) cost twice as much. Narrow, both
        // columns in one pass, whose exactness check only accumulates (no branch per item).
        let narrowed = withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { column in
            defer { starts.append(contentsOf: UnsafeBufferPointer(column)) }
            guard !isWide else {
                for k in 0..<n { column[k] = batch[k].s }
                return false
            }
            return withUnsafeTemporaryAllocation(of: NarrowExtent.self, capacity: n) { extents in
                var inexact = 0
                for k in 0..<n {
                    let r = batch[k]
                    column[k] = r.s
                    let e = NarrowExtent(r)
                    extents[k] = e
                    inexact |= e.inexactness(r)
                }
                if inexact == 0 { narrow.append(contentsOf: UnsafeBufferPointer(extents)) }
                return inexact == 0
            }
        }
        if narrowed { return }
        widen()
        withUnsafeTemporaryAllocation(of: WideExtent.self, capacity: n) { column in
            for k in 0..<n { column[k] = WideExtent(batch[k]) }
            wide.append(contentsOf: UnsafeBufferPointer(column))
        }
    }

    mutating func append(_ r: AxisRect) {
        starts.append(r.s)
        if !isWide && NarrowExtent(r).isExactly(r) {
            narrow.append(NarrowExtent(r))
        } else {
            widen()
            wide.append(WideExtent(r))
        }
    }

    /// Makes the columns wide (once).
    private mutating func widen() {
        guard !isWide else { return }
        wide = narrow.map { WideExtent(c: Double($0.c), sSize: Double($0.sSize), cSize: Double($0.cSize)) }
        narrow = []
        isWide = true
    }

    /// Drops the last `n` items (wide columns stay wide).
    mutating func removeLast(_ n: Int) {
        starts.removeLast(n)
        if isWide { wide.removeLast(n) } else { narrow.removeLast(n) }
    }
}
