/// How a section keeps its items' frames.
enum SectionItems: Sendable {
    /// One frame per item, from a layout algorithm.
    case stored(FrameStore)
    /// Equal sizes: frames computed from the index, nothing stored.
    case uniform(UniformGrid)

    var count: Int {
        switch self {
        case .stored(let store): return store.count
        case .uniform(let grid): return grid.count
        }
    }

    subscript(i: Int) -> AxisRect {
        switch self {
        case .stored(let store): return store[i]
        case .uniform(let grid): return grid[i]
        }
    }

    /// Calls `body`, ascending, with every item overlapping both intervals with positive length.
    func forEachIndex(s lo: Double, _ hi: Double, c cLo: Double, _ cHi: Double, _ body: (Int) -> Void) {
        switch self {
        case .stored(let store): store.forEachIndex(s: lo, hi, c: cLo, cHi, body)
        case .uniform(let grid): grid.forEachIndex(s: lo, hi, c: cLo, cHi, body)
        }
    }
}

/// One section's laid-out elements, in S/C terms.
struct SectionFrames: Sendable {
    var header: AxisRect?
    var items: SectionItems
    /// The S extent of the section's elements (equal when the section takes no room).
    var sStart: Double
    var sEnd: Double

    /// A section with no header and no items, at S position `s`.
    static func empty(at s: Double) -> SectionFrames {
        SectionFrames(header: nil, items: .stored(FrameStore(interleave: 1, capacity: 0)), sStart: s, sEnd: s)
    }
}
