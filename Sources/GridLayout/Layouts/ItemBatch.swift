/// The batches in which a section's item sizes reach its placer (`ItemPlacer.place`).
enum ItemBatch {
    /// Items per batch: 4 KB of sizes and 8 KB of frames on the stack, both within the L1 cache.
    static let capacity = 256
}
