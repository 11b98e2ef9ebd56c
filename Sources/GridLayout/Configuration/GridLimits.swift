/// The engine's hard limits: inputs beyond them are errors, never an attempt to allocate the impossible.
public enum GridLimits {
    /// Sections per grid.
    public static let maxSections = 1_000_000
    /// Items per section (2^53: every index is exact as a Double).
    public static let maxItemsPerSection = 1 << 53
    /// Items with a stored frame, over all sections (same-size lanes, flow and waterfall store none).
    public static let maxStoredItems = 100_000_000
    /// Lanes or columns per section.
    public static let maxLanes = 10_000
    /// The most items of one same-size section a viewport (with its overscan) may hold: such a
    /// section's items are computed, not stored, so nothing else bounds how many of 2^53 items
    /// 1e-300 thick a reload's loaded set would list.
    public static let maxShownItems = 1_000_000
    /// The largest `maxPooledViews`.
    public static let maxPooledViews = 1_000_000
    /// The largest content extent, in points (2^40): every section, the loader and the content end
    /// at or before it, and the viewport is no larger. Below it a Double resolves 1/4096 of a point,
    /// so frames, offsets and index arithmetic stay exact to well under a point (a same-size grid
    /// of 2^53 items would otherwise place rows 64 points apart, and sizes of 1e308 would add up
    /// to infinity).
    public static let maxExtent: Double = 1_099_511_627_776
    /// The `scale` values besides 0 (off): 2^-10 ... 2^10 device pixels per point. An edge at up to
    /// 2^40 points times 2^10 stays below 2^53, so its snapped value is exact; a pixel of at most
    /// 1024 points keeps a snapped content within twice the largest extent, so finite.
    public static let scaleRange: ClosedRange<Double> = 0x1p-10...0x1p10
}
