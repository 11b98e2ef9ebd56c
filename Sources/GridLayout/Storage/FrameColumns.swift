/// The frames a `FrameStore` keeps, in columns, in one of four forms chosen by what the frames are
/// (not by which layout wrote them), so that a layout writes and a query reads less memory:
///
/// - `narrow`: every item's S-start as a `Double` (it grows with the content), its C-start, S size
///   and C size as `Float`s — while each of them is exactly a `Float` (whole points, halves, the
///   sizes people give). 20 bytes an item.
/// - `palette`: S-start and S size as `Double`s, and a byte naming the item's (C-start, C size) pair
///   in a `FramePalette` of at most 255 (a waterfall's columns; lanes of fixed widths). 17 bytes an
///   item, and 16 a pair.
/// - `rows`: per run of consecutive items with the same S-start and S size (a justified row, a flow
///   line of equal items) those two once (16 bytes); per item its C-start and C size as `Double`s
///   (16 bytes), and per block of 16 items 8 bytes that find an item's run in O(1): the run of the
///   block's first item, and a bit for each item of the block that starts a run.
/// - `wide`: S-start, C-start, S size and C size as `Double`s. 32 bytes an item.
///
/// An empty store takes the form its first batch fits best: `narrow` when every value is exact (the
/// cheapest to write and read, and within 3 bytes of any other), else the smallest of `palette`
/// (17 bytes an item; only with at most 255 pairs), `rows` (16.5 + 16 per run) and `wide` (32),
/// counted per item over the batch. A batch the form cannot hold (a value that is no `Float` in
/// `narrow`, a 256th pair in `palette`) makes the store choose again, the same way, over all its
/// items and that batch, and re-encode them; appending goes on in the new form, which holds them
/// all (while items are only appended, `narrow` and `palette` are each left at most once). `rows`
/// and `wide` hold any frame; rows whose runs fall to about an item each become `wide`, so that no
/// store holds more than 32 bytes an item (a palette's table, at most 4.6 KB, aside). Whatever the
/// form, a frame reads back exactly as given, bit for bit (BENCHMARKS.md, "Design notes", has the
/// sizes).
struct FrameColumns: Sendable {
    enum Form: Sendable {
        case narrow, palette, rows, wide
    }

    private(set) var count = 0
    /// What `reserveCapacity` asked for: the arrays of the form chosen get it.
    private var capacity = 0
    /// `narrow` and `wide`: per item, the S-start; `palette`: per item, the S-start and S size;
    /// `rows`: per run, the S-start and S size its items share.
    private var starts: [Double] = []
    /// The rest, by form. An enum, so that a copy of the store (a query's, through `SectionItems`)
    /// retains and releases the arrays of its form only (BENCHMARKS.md, "Design notes").
    private var columns = Columns.narrow([])

    private enum Columns: Sendable {
        /// Per item: C-start, S size, C size.
        case narrow([NarrowExtent])
        /// Per item: the index of its (C-start, C size) in the palette.
        case palette([UInt8], FramePalette)
        /// Per item: C-start and C size; per block of 16 items, the run of its first item (above
        /// the low 16 bits) and a bit per item j ≥ 1 of the block that starts a run (bit j). Bits
        /// past the last item are 0.
        case rows([FramePalette.Entry], [UInt64])
        /// Per item: C-start, S size, C size.
        case wide([WideExtent])
    }

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
    }

    var form: Form {
        switch columns {
        case .narrow: .narrow
        case .palette: .palette
        case .rows: .rows
        case .wide: .wide
        }
    }

    /// Bytes held: 20 an item narrow, 32 wide; 17 an item in a palette and 16 a pair (with its
    /// table); 16 an item in rows, 16 a run and 8 a block of 16 items.
    var bytes: Int {
        let double = MemoryLayout<Double>.stride
        return switch columns {
        case .narrow: count * (double + MemoryLayout<NarrowExtent>.stride)
        case .wide: count * (double + MemoryLayout<WideExtent>.stride)
        case .palette(_, let palette): count * (2 * double + MemoryLayout<UInt8>.stride) + palette.bytes
        case .rows(_, let blocks):
            starts.count * double + count * MemoryLayout<FramePalette.Entry>.stride + blocks.count * MemoryLayout<UInt64>.stride
        }
    }

    /// Records the capacity to give the arrays of the form the first batch chooses.
    mutating func reserveCapacity(_ capacity: Int) { self.capacity = capacity }

    /// Lets go of the columns' arrays (an empty array allocates nothing), so that a copy of them
    /// just bound is their only holder and changing it copies nothing; the caller puts it back.
    /// Every change goes `guard case .x(var a) = columns …; release(); change a; columns = .x(a)`:
    /// the value a `switch` matched can stay alive to the end of the `switch` in an unoptimized
    /// build (and with a condition on the case, in an optimized one), and every append would copy
    /// the array.
    @inline(__always)
    private mutating func release() { columns = .narrow([]) }

    /// `rows`: the run of item i.
    @inline(__always)
    private static func run(_ i: Int, _ blocks: [UInt64]) -> Int {
        let block = blocks[i &>> 4]
        let below = (UInt64(2) &<< UInt64(i & 15)) &- 2  // bits 1...j of the block
        return Int(truncatingIfNeeded: block &>> 16) &+ (block & below).nonzeroBitCount
    }

    /// Item i's S-start.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func s(_ i: Int) -> Double {
        switch columns {
        case .narrow, .wide: starts[i]
        case .palette: starts[2 &* i]
        case .rows(_, let blocks): starts[2 &* Self.run(i, blocks)]
        }
    }

    /// - Complexity: O(1).
    subscript(i: Int) -> AxisRect {
        switch columns {
        case .narrow(let extents):
            let e = extents[i]
            return AxisRect(s: starts[i], c: Double(e.c), sSize: Double(e.sSize), cSize: Double(e.cSize))
        case .palette(let indices, let palette):
            let e = palette[indices[i]]
            return AxisRect(s: starts[2 &* i], c: e.c, sSize: starts[2 &* i &+ 1], cSize: e.cSize)
        case .rows(let cs, let blocks):
            let e = cs[i], run = 2 &* Self.run(i, blocks)
            return AxisRect(s: starts[run], c: e.c, sSize: starts[run &+ 1], cSize: e.cSize)
        case .wide(let extents):
            let e = extents[i]
            return AxisRect(s: starts[i], c: e.c, sSize: e.sSize, cSize: e.cSize)
        }
    }

    /// Calls `body` with items `first`, `first + stride`, … (`n` of them) and their frames: the
    /// form is looked at once, not per item (a query's inner loop).
    ///
    /// - Complexity: O(n).
    @inline(__always)
    func forEach(from first: Int, stride: Int, count n: Int, _ body: (Int, AxisRect) -> Void) {
        var i = first
        switch columns {
        case .narrow(let extents):
            for _ in 0..<n {
                let e = extents[i]
                body(i, AxisRect(s: starts[i], c: Double(e.c), sSize: Double(e.sSize), cSize: Double(e.cSize)))
                i &+= stride
            }
        case .palette(let indices, let palette):
            for _ in 0..<n {
                let e = palette[indices[i]]
                body(i, AxisRect(s: starts[2 &* i], c: e.c, sSize: starts[2 &* i &+ 1], cSize: e.cSize))
                i &+= stride
            }
        case .rows(let cs, let blocks):
            // With one sequence (stride 1) the first item's run is counted and the next ones' followed
            // a bit at a time: counting bits takes a dozen instructions where the target has no
            // population-count instruction (baseline x86-64).
            var run = n > 0 ? Self.run(i, blocks) : 0
            for k in 0..<n {
                if k > 0 {
                    if stride == 1 {
                        let word = blocks[i &>> 4], j = i & 15
                        run = j == 0 ? Int(truncatingIfNeeded: word &>> 16) : run &+ Int(truncatingIfNeeded: (word &>> UInt64(j)) & 1)
                    } else {
                        run = Self.run(i, blocks)
                    }
                }
                let e = cs[i], r = 2 &* run
                body(i, AxisRect(s: starts[r], c: e.c, sSize: starts[r &+ 1], cSize: e.cSize))
                i &+= stride
            }
        case .wide(let extents):
            for _ in 0..<n {
                let e = extents[i]
                body(i, AxisRect(s: starts[i], c: e.c, sSize: e.sSize, cSize: e.cSize))
                i &+= stride
            }
        }
    }

    /// Items `from...` as stored.
    func frames(from first: Int) -> [AxisRect] { (first..<count).map { self[$0] } }

    mutating func append(_ r: AxisRect) {
        // Narrow and wide stores append in place (the floored layouts append one item at a time).
        if count > 0, form == .narrow, NarrowExtent(r).isExactly(r), case .narrow(var extents) = columns {
            release()
            extents.append(NarrowExtent(r))
            columns = .narrow(extents)
        } else if count > 0, case .wide(var extents) = columns {
            release()
            extents.append(WideExtent(r))
            columns = .wide(extents)
        } else {
            withUnsafePointer(to: r) { append(contentsOf: UnsafeBufferPointer(start: $0, count: 1)) }
            return
        }
        starts.append(r.s)
        count += 1
    }

    /// - Complexity: O(batch), and O(count) more when the batch makes the store change its form
    ///   (rare: see the type's comment).
    mutating func append(contentsOf batch: UnsafeBufferPointer<AxisRect>) {
        guard !batch.isEmpty else { return }
        if count == 0 { become(Self.bestForm(of: [batch])) }
        if appendInForm(batch) {
            // Rows that shrank to an item or so each would cost more than wide frames (16 bytes an
            // item, 8 a block and 16 a run against 32): a store never holds more than 32 bytes an
            // item (GridBudget counts on it), a palette's table aside.
            if case .rows = columns, 8 &* (count &+ 15) &>> 4 &+ 8 &* starts.count > 16 &* count { reencode(as: .wide) }
            return
        }
        // The form cannot hold the batch: choose again over everything and re-encode.
        let form = frames(from: 0).withUnsafeBufferPointer { Self.bestForm(of: [$0, batch]) }
        reencode(as: form)
        _ = appendInForm(batch)
    }

    /// Stores the items held in `form` (which must hold them).
    private mutating func reencode(as form: Form) {
        let held = frames(from: 0)
        become(form)
        held.withUnsafeBufferPointer { _ = appendInForm($0) }
    }

    /// Empties the store and gives it `form`, with the capacity asked for.
    private mutating func become(_ form: Form) {
        count = 0
        starts = []
        let perItem = form == .palette ? 2 : form == .rows ? 0 : 1
        starts.reserveCapacity(perItem * capacity)
        switch form {
        case .narrow:
            var extents: [NarrowExtent] = []
            extents.reserveCapacity(capacity)
            columns = .narrow(extents)
        case .wide:
            var extents: [WideExtent] = []
            extents.reserveCapacity(capacity)
            columns = .wide(extents)
        case .palette:
            var indices: [UInt8] = []
            indices.reserveCapacity(capacity)
            columns = .palette(indices, FramePalette())
        case .rows:
            var cs: [FramePalette.Entry] = [], blocks: [UInt64] = []
            cs.reserveCapacity(capacity)
            blocks.reserveCapacity((capacity + 15) / 16)
            columns = .rows(cs, blocks)
        }
    }

    /// The form that holds these frames in the fewest bytes an item (see the type's comment).
    private static func bestForm(of parts: [UnsafeBufferPointer<AxisRect>]) -> Form {
        // Exactness first: most stores are narrow, and need not count pairs and runs.
        if parts.allSatisfy({ $0.allSatisfy { NarrowExtent($0).isExactly($0) } }) { return .narrow }
        var runs = 0, n = 0
        var last: (s: UInt64, sSize: UInt64)?
        var pairs = FramePalette(), fitsPalette = true
        for part in parts {
            n += part.count
            for r in part where last.map({ $0.s != r.s.bitPattern || $0.sSize != r.sSize.bitPattern }) ?? true {
                runs += 1
                last = (r.s.bitPattern, r.sSize.bitPattern)
            }
            if fitsPalette {
                fitsPalette = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: part.count) { pairs.indices(of: part, into: $0) }
            }
        }
        // Bytes an item, times 2n: palette 17, rows 16.5 + 16 a run, wide 32.
        let palette = fitsPalette ? 34 * n : Int.max, rows = 33 * n + 32 * runs, wide = 64 * n
        if palette <= rows && palette <= wide { return .palette }
        return rows < wide ? .rows : .wide
    }

    /// Appends the batch in the current form; false (and nothing appended) if the form cannot hold it.
    private mutating func appendInForm(_ batch: UnsafeBufferPointer<AxisRect>) -> Bool {
        let n = batch.count
        // Each column is written to a scratch buffer and appended in one copy: an array append
        // per item (a uniqueness and a capacity check each) cost twice as much.
        switch form {
        case .narrow:
            guard case .narrow(var extents) = columns else { return false }
            release()
            // Both columns in one pass, whose exactness check only accumulates (no branch per item).
            let exact = withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { column in
                withUnsafeTemporaryAllocation(of: NarrowExtent.self, capacity: n) { narrowed in
                    var inexact = 0
                    for k in 0..<n {
                        let r = batch[k]
                        column[k] = r.s
                        let e = NarrowExtent(r)
                        narrowed[k] = e
                        inexact |= e.inexactness(r)
                    }
                    guard inexact == 0 else { return false }
                    extents.append(contentsOf: UnsafeBufferPointer(narrowed))
                    starts.append(contentsOf: UnsafeBufferPointer(column))
                    return true
                }
            }
            columns = .narrow(extents)
            guard exact else { return false }
        case .palette:
            guard case .palette(var indices, var palette) = columns else { return false }
            release()
            let fits = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { column in
                guard palette.indices(of: batch, into: column) else { return false }
                indices.append(contentsOf: UnsafeBufferPointer(column))
                return true
            }
            columns = .palette(indices, palette)
            guard fits else { return false }
            appendStarts(batch, sizes: true)
        case .rows:
            guard case .rows(var cs, var blocks) = columns else { return false }
            release()
            appendRows(batch, &cs, &blocks)
            columns = .rows(cs, blocks)
        case .wide:
            guard case .wide(var extents) = columns else { return false }
            release()
            withUnsafeTemporaryAllocation(of: WideExtent.self, capacity: n) { column in
                for k in 0..<n { column[k] = WideExtent(batch[k]) }
                extents.append(contentsOf: UnsafeBufferPointer(column))
            }
            columns = .wide(extents)
            appendStarts(batch, sizes: false)
        }
        count += n
        return true
    }

    /// Appends each frame's S-start to `starts`, followed by its S size with `sizes`.
    private mutating func appendStarts(_ batch: UnsafeBufferPointer<AxisRect>, sizes: Bool) {
        let m = sizes ? 2 : 1
        withUnsafeTemporaryAllocation(of: Double.self, capacity: m * batch.count) { column in
            if sizes {
                for k in batch.indices { (column[2 &* k], column[2 &* k &+ 1]) = (batch[k].s, batch[k].sSize) }
            } else {
                for k in batch.indices { column[k] = batch[k].s }
            }
            starts.append(contentsOf: UnsafeBufferPointer(column))
        }
    }

    /// `rows`: the C pairs are appended in one copy; a run is opened (its S-start and S size appended
    /// to `starts`) where the S-start or S size changes, its bit set in the block's word; a block's
    /// word is appended at its first item.
    private mutating func appendRows(_ batch: UnsafeBufferPointer<AxisRect>, _ cs: inout [FramePalette.Entry], _ blocks: inout [UInt64]) {
        // A lazy map: the pairs are written into the array's storage, with no scratch buffer to copy.
        cs.append(contentsOf: batch.lazy.map { FramePalette.Entry(c: $0.c, cSize: $0.cSize) })
        var (lastS, lastSize) = starts.isEmpty ? (UInt64.max, UInt64.max)  // a NaN's: frames hold none
            : (starts[starts.count - 2].bitPattern, starts[starts.count - 1].bitPattern)
        var runs = starts.count / 2
        var i = count
        for r in batch {
            if r.s.bitPattern != lastS || r.sSize.bitPattern != lastSize {
                (lastS, lastSize) = (r.s.bitPattern, r.sSize.bitPattern)
                starts.append(r.s)
                starts.append(r.sSize)
                runs &+= 1
                if i & 15 != 0 { blocks[blocks.count &- 1] |= 1 &<< UInt64(i & 15) }
            }
            if i & 15 == 0 { blocks.append(UInt64(runs &- 1) &<< 16) }
            i &+= 1
        }
    }

    /// Drops the last `n` items; the form stays (an empty store chooses again).
    ///
    /// - Complexity: O(n).
    mutating func removeLast(_ n: Int) {
        guard n > 0 else { return }
        count -= n
        if form != .rows { starts.removeLast(form == .palette ? 2 * n : n) }
        switch form {
        case .narrow:
            guard case .narrow(var extents) = columns else { return }
            release()
            extents.removeLast(n)
            columns = .narrow(extents)
        case .wide:
            guard case .wide(var extents) = columns else { return }
            release()
            extents.removeLast(n)
            columns = .wide(extents)
        case .palette:
            guard case .palette(var indices, let palette) = columns else { return }
            release()
            indices.removeLast(n)
            columns = .palette(indices, palette)
        case .rows:
            guard case .rows(var cs, var blocks) = columns else { return }
            release()
            cs.removeLast(n)
            starts.removeLast(starts.count - (count == 0 ? 0 : 2 * (Self.run(count - 1, blocks) + 1)))
            blocks.removeLast(blocks.count - (count + 15) / 16)
            // The last block keeps the bits of its remaining items only.
            if count & 15 != 0 { blocks[blocks.count - 1] &= ~0xFFFF | ((1 &<< UInt64(count & 15)) &- 1) }
            columns = .rows(cs, blocks)
        }
    }
}
