/// The frames of one section's items, in S/C terms, in `FrameColumns` (in the form that holds them
/// in the fewest bytes: 20 an item while C positions and sizes are exact `Float`s, ~17 with at most
/// 255 (C-start, C size) pairs, 16.5 + 16 per row of items sharing S-start and S size, else 32),
/// plus 16 bytes per block of 16 items. Layouts append a batch of frames at a time.
///
/// The items form `interleave` sequences (item i belongs to sequence i mod interleave), and along
/// each sequence S-starts (almost) never decrease: every layout places so (shortest lane, flow
/// lines, justified rows form one sequence; ltr/rtl waterfall one per column). So the items that
/// can overlap an S-interval (lo, hi) are a run of each sequence, bounded by two binary searches.
/// Two exceptions let an S-start fall below an earlier one: an item of S size 0 in a lane (the lane
/// then ends first but its next item starts after `spacing`), by at most the spacing, and a flow
/// line with `alignItems` (an item centred or at the end of its line, then a thicker one at its
/// start), by at most the line's thickness. The store records the largest such fall (`slack`) and
/// the end search looks that much further.
///
/// The searches run over a small per-block index rather than the item arrays: binary search over
/// megabytes misses the cache on almost every step, which made a query at 1M items twice as slow
/// as at 1k. A block is 16 consecutive items of one sequence; per block the index keeps the first
/// item's S-start and the running maximum of S-ends up to the block's end (both non-decreasing).
/// Only the last search step touches the item arrays, within one block.
///
/// The store also keeps the C range its items cover (the smallest C-start, the largest C-end): a
/// query wholly beside it, across the axis, reads no item (spatial navigation asks for regions
/// beside the items, towards a side where there may be none, as far along S as the content goes).
///
/// `sOffset` moves the whole store along S in O(1) (`reloadSection` shifts the sections after the
/// one it re-lays out so): frames are kept as laid out and the offset is added where they leave
/// the store. Appending continues in the stored coordinates, so a placer's saved state stays valid.
struct FrameStore: Sendable {
    /// Items per block; a power of two, so that `position & blockMask` is the place in the block.
    static var blockSize: Int { 16 }
    private static var blockMask: Int { blockSize - 1 }

    private var frames = FrameColumns()
    /// Per block (sequence r's block b at b·interleave + r): the S-start of its first item.
    private var blockStart: [Double] = []
    /// Per complete block: the largest S-end among its sequence's items up to the block's end.
    private var blockMaxEnd: [Double] = []
    /// One-sequence stores only: every `groupSize`-th `blockMaxEnd` (the last of each complete
    /// group). The start search looks here first: 8 bytes per 1024 items stay in cache, where a
    /// binary search over all of `blockMaxEnd` missed it ~7 times at 1M items (cold queries).
    private var groupMaxEnd: [Double] = []
    private static var groupSize: Int { 64 }
    /// Per sequence: the largest S-start and S-end so far. Sequence 0 (the only one of most
    /// layouts) is kept apart from the array, so that an append touches no second array (that
    /// access and its uniqueness check cost a tenth of a layout).
    private var first = SequenceState()
    private var others: [SequenceState]
    /// The largest amount by which an S-start fell below an earlier one of its sequence (usually 0).
    private var slack: Double = 0
    /// The smallest C-start and the largest C-end of the items (infinite while there are none).
    private var cLow = Double.infinity, cHigh = -Double.infinity
    /// How many interleaved sequences the items form.
    let interleave: Int
    /// Whether S-starts may fall by any amount (spanning items in shortest lanes or cursor-placed
    /// columns: lane ends [0, 100, 0], a 2-span item goes to lanes 0–1 at 100, the next to lane 2
    /// at 0). The placer then gives each item a *floor*: a lower bound on the S-start of it and of
    /// every later item, non-decreasing (the smallest next start over the lanes, which only
    /// grow). A block's `blockStart` is its first item's floor, so the end search stays exact;
    /// within a block it scans all 16 items. One sequence only.
    let floored: Bool
    /// Added to every S position leaving the store (0 unless `reloadSection` moved it).
    var sOffset: Double = 0

    init(interleave: Int, capacity: Int, floored: Bool = false) {
        precondition(!floored || interleave == 1, "a floored store has one sequence")
        self.interleave = interleave
        self.floored = floored
        others = Array(repeating: SequenceState(), count: interleave - 1)
        frames.reserveCapacity(capacity)
        let blocks = (capacity + Self.blockSize - 1) / Self.blockSize + interleave
        blockStart.reserveCapacity(blocks)
        blockMaxEnd.reserveCapacity(blocks)
    }

    var count: Int { frames.count }

    /// Bytes held for `count` items.
    var bytes: Int {
        frames.bytes
            + MemoryLayout<Double>.stride * (blockStart.count + blockMaxEnd.count + groupMaxEnd.count + 2 * interleave)
    }

    /// Items `first...` as stored (without `sOffset`), to append again after a `truncate`.
    func frames(from first: Int) -> [AxisRect] { frames.frames(from: first) }

    /// Appends the next item's frame. Its S-start must not be below that of the previous item of its sequence.
    mutating func append(_ r: AxisRect) {
        let i = frames.count
        let sequence = interleave == 1 ? 0 : i % interleave
        let position = interleave == 1 ? i : i / interleave
        // A floored store's block gets the previous block's floor: a valid (if loose) lower bound.
        if position & Self.blockMask == 0 { blockStart.append(floored ? blockStart.last ?? -.infinity : r.s) }
        frames.append(r)
        widenC(r)
        let maxEnd: Double
        if sequence == 0 {
            maxEnd = first.add(r, slack: &slack)
        } else {
            maxEnd = others[sequence - 1].add(r, slack: &slack)
        }
        if position & Self.blockMask == Self.blockMask { closeBlock(maxEnd) }
    }

    /// Appends `count` frames, which `write` puts, in order, into a scratch buffer of that many
    /// (a placer's batch), and returns what `write` returns. With one sequence the index is
    /// updated a block at a time (no array append per item): the layout's appends cost a third of
    /// what one `append` each did.
    mutating func append<R>(count: Int, _ write: (UnsafeMutableBufferPointer<AxisRect>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: AxisRect.self, capacity: count) { batch in
            let result = write(batch)
            append(contentsOf: UnsafeBufferPointer(batch))
            return result
        }
    }

    /// `append(count:_:)` for a floored store: `write` puts each frame and its floor (see `floored`).
    mutating func appendFloored<R>(count: Int, _ write: (UnsafeMutableBufferPointer<AxisRect>, UnsafeMutableBufferPointer<Double>) -> R) -> R {
        precondition(floored, "floors for a store that keeps none")
        return withUnsafeTemporaryAllocation(of: AxisRect.self, capacity: count) { batch in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { floors in
                let result = write(batch, floors)
                for k in 0..<count {
                    let i = frames.count
                    if i & Self.blockMask == 0 { blockStart.append(floors[k]) }
                    frames.append(batch[k])
                    widenC(batch[k])
                    let maxEnd = first.add(batch[k], slack: &slack)
                    if i & Self.blockMask == Self.blockMask { closeBlock(maxEnd) }
                }
                return result
            }
        }
    }

    private mutating func append(contentsOf batch: UnsafeBufferPointer<AxisRect>) {
        guard interleave == 1 else {
            for r in batch { append(r) }
            return
        }
        let first = frames.count
        frames.append(contentsOf: batch)
        // The blocks the batch opens and closes, gathered on the stack and added to the index once
        // a batch (an array append a block, with its uniqueness check, cost more).
        let most = batch.count / Self.blockSize + 1
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * most) { index in
            let (opened, closed) = indexBlocks(batch, from: first, starts: index.baseAddress!, ends: index.baseAddress! + most)
            blockStart.append(contentsOf: UnsafeBufferPointer(rebasing: index[..<opened]))
            closeBlocks(UnsafeBufferPointer(rebasing: index[most..<most + closed]))
        }
    }

    /// Takes in `batch`, items `first...`: the sequence's running maxima, `slack` and the C range;
    /// writes the S-start of each block it opens to `starts` and the running maximum S-end of each
    /// it closes to `ends`, and returns how many of each.
    private mutating func indexBlocks(_ batch: UnsafeBufferPointer<AxisRect>, from first: Int, starts blockStarts: UnsafeMutablePointer<Double>,
                                      ends blockEnds: UnsafeMutablePointer<Double>) -> (opened: Int, closed: Int) {
        var (i, k, opened, closed, slack) = (first, 0, 0, 0, self.slack)
        // The running maxima two at a time, as vectors over a frame's (S, C) halves: (largest
        // S-start, −smallest C-start) and (largest S-end, largest C-end): an add, a sign flip and
        // two `maxpd` an item; the C range in the same pass as the S index, so the batch is read once.
        var starts = SIMD2(self.first.maxStart, -cLow), ends = SIMD2(self.first.maxEnd, cHigh)
        let flipC = SIMD2<Double>(1, -1)
        while k < batch.count {
            // The rest of i's block, or of the batch: a block's first item opens it in the index, its
            // last closes it with the running maximum S-end.
            let run = Swift.min(Self.blockSize - (i & Self.blockMask), batch.count - k)
            if i & Self.blockMask == 0 {
                blockStarts[opened] = batch[k].s
                opened += 1
            }
            for r in batch[k..<k + run] {
                let origin = SIMD2(r.s, r.c), end = origin + SIMD2(r.sSize, r.cSize)
                // How far the start falls below the largest so far: ≤ 0 (no change) unless it falls.
                let fall = starts.x - r.s
                slack = fall > slack ? fall : slack
                starts = starts.replacing(with: origin * flipC, where: origin * flipC .> starts)
                ends = ends.replacing(with: end, where: end .> ends)
            }
            i += run
            k += run
            if i & Self.blockMask == 0 {
                blockEnds[closed] = ends.x
                closed += 1
            }
        }
        (self.first.maxStart, self.first.maxEnd, self.slack) = (starts.x, ends.x, slack)
        (cLow, cHigh) = (-starts.y, ends.y)
        return (opened, closed)
    }

    /// Takes `r` into the C range the items cover.
    @inline(__always)
    private mutating func widenC(_ r: AxisRect) {
        if r.c < cLow { cLow = r.c }
        if r.c + r.cSize > cHigh { cHigh = r.c + r.cSize }
    }

    /// Records a completed block's running maximum S-end (and a completed group's).
    private mutating func closeBlock(_ maxEnd: Double) {
        blockMaxEnd.append(maxEnd)
        if interleave == 1 && blockMaxEnd.count % Self.groupSize == 0 { groupMaxEnd.append(maxEnd) }
    }

    /// `closeBlock` for several completed blocks in order.
    private mutating func closeBlocks(_ maxEnds: UnsafeBufferPointer<Double>) {
        let before = blockMaxEnd.count
        blockMaxEnd.append(contentsOf: maxEnds)
        guard interleave == 1 else { return }
        for j in before..<blockMaxEnd.count where (j + 1) % Self.groupSize == 0 { groupMaxEnd.append(blockMaxEnd[j]) }
    }

    /// One sequence's running maxima.
    struct SequenceState: Sendable {
        var maxStart = -Double.infinity
        var maxEnd = -Double.infinity

        /// Takes in the next frame of the sequence, widens `slack` if it starts below an earlier
        /// one, and returns the new maximum S-end.
        @inline(__always)
        mutating func add(_ r: AxisRect, slack: inout Double) -> Double {
            // Branches rather than `max`: starts almost never fall, so they predict well and cost
            // less than `max`'s NaN-aware selects (frames hold no NaN).
            if r.s >= maxStart {
                maxStart = r.s
            } else {
                slack = Swift.max(slack, maxStart - r.s)
            }
            let end = r.s + r.sSize
            if end > maxEnd { maxEnd = end }
            return maxEnd
        }
    }

    /// Item i's frame, moved by `sOffset`.
    subscript(i: Int) -> AxisRect {
        var r = frames[i]
        r.s += sOffset
        return r
    }

    /// The store's state after some number of appends: `truncate(to:)` returns to it exactly.
    struct Mark: Sendable {
        let count: Int
        fileprivate let blockStarts: Int
        fileprivate let blockMaxEnds: Int
        fileprivate let first: SequenceState
        fileprivate let others: [SequenceState]
        fileprivate let slack: Double
        fileprivate let cLow: Double, cHigh: Double
    }

    /// The current state, to come back to. O(1) (the per-sequence maxima are shared until changed).
    func mark() -> Mark {
        Mark(count: count, blockStarts: blockStart.count, blockMaxEnds: blockMaxEnd.count, first: first, others: others, slack: slack,
             cLow: cLow, cHigh: cHigh)
    }

    /// Drops the items appended after `mark` and restores the index to what it was then, as if they
    /// had never been appended. O(items dropped + interleave).
    mutating func truncate(to mark: Mark) {
        precondition(mark.count <= count && mark.others.count == interleave - 1, "a mark of another store")
        frames.removeLast(count - mark.count)
        blockStart.removeLast(blockStart.count - mark.blockStarts)
        blockMaxEnd.removeLast(blockMaxEnd.count - mark.blockMaxEnds)
        groupMaxEnd.removeLast(groupMaxEnd.count - (interleave == 1 ? mark.blockMaxEnds / Self.groupSize : 0))
        first = mark.first
        others = mark.others
        slack = mark.slack
        (cLow, cHigh) = (mark.cLow, mark.cHigh)
    }

    /// Calls `body`, in ascending order, with the index and frame (offset applied) of every item
    /// that overlaps the S-interval (lo, hi) and the C-interval (cLo, cHi) with positive length on
    /// both axes. The frame is the one the overlap test read: the caller does not read it again.
    func forEachIndex(s lo: Double, _ hi: Double, c cLo: Double, _ cHi: Double, _ body: (Int, AxisRect) -> Void) {
        // Wholly beside every item across the axis: none overlaps (the test below would fail for each).
        guard cHigh > cLo && cLow < cHi else { return }
        if interleave == 1 {
            forEachIndex(inSequence: 0, s: lo, hi, c: cLo, cHi, body)
            return
        }
        // Several sequences: collect, then report in index order.
        var found: [(Int, AxisRect)] = []
        for sequence in 0..<Swift.min(interleave, count) {
            forEachIndex(inSequence: sequence, s: lo, hi, c: cLo, cHi) { found.append(($0, $1)) }
        }
        found.sort { $0.0 < $1.0 }
        for (i, frame) in found { body(i, frame) }
    }

    @inline(__always)
    private func forEachIndex(inSequence sequence: Int, s lo: Double, _ hi: Double, c cLo: Double, _ cHi: Double, _ body: (Int, AxisRect) -> Void) {
        let m = interleave, b = Self.blockSize
        let length = (count - sequence + m - 1) / m
        // The searches run in stored coordinates. A moved store searches the interval less its offset,
        // widened by far more than the rounding of the subtraction, so that no candidate is lost; the
        // overlap test below is on the frames as they leave the store.
        var (searchLo, searchHi) = (lo, hi)
        if sOffset != 0 {
            let margin = (Swift.abs(sOffset) + Swift.abs(lo) + Swift.abs(hi)) * 0x1p-40
            (searchLo, searchHi) = (lo - sOffset - margin, hi - sOffset + margin)
        }
        // First candidate: the first block whose running maximum S-end passes lo (or the partial last block).
        let fullBlocks = length / b
        let begin: Int
        if m == 1 {
            // The group that holds the first candidate block, then the block within it.
            let low = Self.groupSize * partition(groupMaxEnd.count) { groupMaxEnd[$0] > searchLo }
            let high = Swift.min(low + Self.groupSize, fullBlocks)
            begin = b * (low + partition(high - low) { blockMaxEnd[low + $0] > searchLo })
        } else {
            begin = b * partition(fullBlocks) { blockMaxEnd[$0 &* m + sequence] > searchLo }
        }
        // End: the first block that starts at or after hi; the boundary lies in the block before it.
        // (With slack, any item starting at or after hi + slack is a valid end: none after it starts before hi.)
        // Searched outward from the first candidate's block (no block before it starts at or after
        // hi): a viewport spans a few blocks, so this touches one or two cache lines of the index
        // where a binary search over all of it missed the cache ~7 times at 1M items.
        // hi + slack rounded up: rounded to nearest it can land on an item that starts a whole
        // slack after hi less an ulp, and fall short of the item it lets fall below hi.
        let past = floored || slack == 0 ? searchHi : (searchHi + slack).nextUp
        let startedBlocks = (length + b - 1) / b
        let endBlock = gallop(from: begin / b, startedBlocks) { blockStart[$0 &* m + sequence] >= past }
        var end = Swift.min(endBlock * b, length)
        if endBlock > 0 && !floored {
            let low = (endBlock - 1) * b
            end = low + partition(end - low) { frames.s(sequence + (low + $0) &* m) >= past }
        }
        guard begin < end else { return }
        let offset = sOffset
        frames.forEach(from: sequence + begin &* m, stride: m, count: end - begin) { i, frame in
            var f = frame
            f.s += offset
            if Swift.min(f.sEnd, hi) > Swift.max(f.s, lo), Swift.min(f.cEnd, cHi) > Swift.max(f.c, cLo) {
                body(i, f)
            }
        }
    }

    /// `partition` over low...n for a `isPast` false before `low`, in steps of 1, 2, 4… from `low`
    /// and then a binary search within the last step: O(log of the distance from `low`).
    @inline(__always)
    private func gallop(from low: Int, _ n: Int, _ isPast: (Int) -> Bool) -> Int {
        var (low, high, step) = (low, low, 1)
        while high < n && !isPast(high) {
            low = high + 1
            high += step
            step &*= 2
        }
        high = Swift.min(high, n)
        return low + partition(high - low) { isPast(low + $0) }
    }

    /// A k in 0...n with isPast(k) (or k == n) and not isPast(k − 1): the first such k when `isPast`
    /// is monotone, and for any predicate a point where it holds.
    @inline(__always)
    private func partition(_ n: Int, _ isPast: (Int) -> Bool) -> Int {
        var low = 0, high = n
        while low < high {
            let mid = (low + high) >> 1
            if isPast(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
