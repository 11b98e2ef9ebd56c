/// The part of the content where one section's items go, in S/C terms.
struct ItemArea: Sendable {
    /// S at which the section's items begin (after its header and the spacing that follows it).
    var sStart: Double
    /// C where items begin: the start padding.
    var cStart: Double
    /// C where items must end: the viewport's C size less the end padding.
    var cEnd: Double
    /// Gap along S: between consecutive items of a lane or column, lines and rows (`lineSpacing`).
    var lineSpacing: Double
    /// Gap along C: between lanes, columns and the items of a line or row (`itemSpacing`).
    var itemSpacing: Double

    var cLength: Double { cEnd - cStart }
}

/// A layout algorithm for the items of one section: it takes the items' sizes in order and appends
/// their frames to the section's store. One file per algorithm implements it.
protocol ItemPlacer {
    /// Where the section's items go.
    var area: ItemArea { get }
    /// How many interleaved sequences of non-decreasing S-start its placements form (see `FrameStore`).
    var interleave: Int { get }
    /// Places the items from `first` on, in order, whose sizes are `sizes` (a batch of at most
    /// `ItemBatch.capacity`), appending their frames to `store` (possibly later). Batches, rather
    /// than one call per item, let the loop keep the placer's state in registers and append to the
    /// store in one pass (BENCHMARKS.md, "Design notes").
    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, from first: GridIndexPath, into store: inout FrameStore) throws(GridError)
    /// `place` for items with spans (`spans[k]` ≥ 1, `ItemSpan.allLanes` for all lanes), one per size.
    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, spans: UnsafeBufferPointer<Int>, from first: GridIndexPath,
                        into store: inout FrameStore) throws(GridError)
    /// The store its spanned placements need: one sequence, and whether S-starts may fall (floors).
    var spannedStoreIsFloored: Bool { get }
    /// Appends any frames still held back and returns the S end of the section's items
    /// (the area's S start when there are none). Leaves the placer's own state as it was.
    func finish(into store: inout FrameStore) -> Double
    /// The S end of the frames placed so far, before `finish` (lazy layout's open section).
    var placedEnd: Double { get }
    /// No item placed after now starts before this S position (the lazy frontier).
    var frontierS: Double { get }
}
