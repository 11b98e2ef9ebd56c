/// How a section keeps its items' frames.
enum SectionItems: Sendable {
    /// One frame per item, from a layout algorithm.
    case stored(FrameStore)
    /// Equal sizes: frames computed from the index, nothing stored.
    case uniform(UniformGrid)
    /// Equal-size lanes arranged page by page (`paging`): computed from the index too.
    case paged(PagedLanesLayout)
    /// A section that scrolls sideways (`scroll = "cross"`): stored frames and the section's offset.
    /// Boxed (`indirect`): its payload, larger than the others', would otherwise make every
    /// section larger and the visible query's walk over them slower.
    indirect case cross(CrossItems)

    var count: Int {
        switch self {
        case .stored(let store): return store.count
        case .uniform(let grid): return grid.count
        case .paged(let pages): return pages.count
        case .cross(let items): return items.count
        }
    }

    subscript(i: Int) -> AxisRect {
        switch self {
        case .stored(let store): return store[i]
        case .uniform(let grid): return grid[i]
        case .paged(let pages): return pages[i]
        case .cross(let items): return items[i]
        }
    }

    /// Calls `body`, ascending, with the index and frame of every item overlapping both intervals
    /// with positive length (the visible query's inner loop: one switch per section, not per item).
    @inline(__always)
    func forEachFrame(s lo: Double, _ hi: Double, c cLo: Double, _ cHi: Double, _ body: (Int, AxisRect) -> Void) {
        switch self {
        case .stored(let store): store.forEachIndex(s: lo, hi, c: cLo, cHi, body)
        case .uniform(let grid): grid.forEachFrame(s: lo, hi, c: cLo, cHi, body)
        case .paged(let pages): pages.forEachIndex(s: lo, hi, c: cLo, cHi) { body($0, pages[$0]) }
        default: forEachCrossFrame(s: lo, hi, c: cLo, cHi, body)
        }
    }

    /// The store of a stored or sideways section (its frames count against `GridLimits.maxStoredItems`).
    var store: FrameStore? {
        switch self {
        case .stored(let store): return store
        case .cross(let items): return items.store
        default: return nil
        }
    }

    /// How many frames the section stores: 0 for the computed kinds.
    var storedCount: Int { store?.count ?? 0 }

    /// `forEachFrame` of a sideways section, out of line: the visible query's loop over the other
    /// kinds keeps the code (and the registers) it has without them.
    @inline(never)
    private func forEachCrossFrame(s lo: Double, _ hi: Double, c cLo: Double, _ cHi: Double, _ body: (Int, AxisRect) -> Void) {
        if case .cross(let items) = self { items.forEachFrame(s: lo, hi, c: cLo, cHi, body) }
    }

    /// A stored section's S offset (`FrameStore.sOffset`), else 0; read without copying the store.
    var storeOffset: Double {
        switch self {
        case .stored(let store): return store.sOffset
        default: return 0
        }
    }

    /// For the arithmetic kinds: the S where the section's items area starts, and their S end.
    var sameSizeExtent: (areaStart: Double, sEnd: Double)? {
        switch self {
        case .stored, .cross: return nil
        case .uniform(let grid): return (grid.sStart, grid.sEnd)
        case .paged(let pages): return (pages.areaStart, pages.sEnd)
        }
    }

    /// Moves every item by `delta` along S in O(1).
    mutating func shift(by delta: Double) {
        switch self {
        case .stored(var store):
            self = .uniform(UniformGrid.none)  // let go of the store's buffers, so changing it copies nothing
            store.sOffset += delta
            self = .stored(store)
        case .uniform(var grid):
            grid.sStart += delta
            self = .uniform(grid)
        case .paged(var pages):
            pages.firstPage += delta
            pages.areaStart += delta
            self = .paged(pages)
        case .cross(var items):
            self = .uniform(UniformGrid.none)
            items.sShift += delta
            self = .cross(items)
        }
    }
}

/// A section's layout algorithm as it stood after the section's last item: everything it needs to
/// place the items appended after it as if it had never stopped.
enum PlacerState: Sendable {
    case lanes(LanesLayout)
    case waterfall(WaterfallLayout)
    case flow(FlowLayout)
    case justified(JustifiedLayout)
}

/// How `reloadNew` continues a section's items.
///
/// Its cases differ in size: the release build keeps the case in spare bits of `.placer`'s payload
/// and a `.uniform` value leaves that payload's other bits unwritten, which valgrind reports when
/// the value is destroyed (a comparison it cannot follow bit by bit; bindings/c/tests/valgrind.supp
/// says why the outcome depends only on written bits).
enum Continuation: Sendable {
    /// Stored frames: the placer after the last item, and the store as it was then — before the
    /// placer's `finish`, which may have appended frames (justified's widow row) that a continuation
    /// drops and lays out again. `sameSize` is the one item size when the data source said
    /// `itemsHaveSameSize`, so that new items need no asking.
    /// `spanned`: whether the data source gave spans when the section was laid out (its store is
    /// then one floored sequence; see `FrameStore.floored`).
    case placer(PlacerState, before: FrameStore.Mark, sameSize: AxisSize?, spanned: Bool)
    /// A same-size section, made from item 0's size (as the data source gave it, in S/C terms) and
    /// `lanes` (lanes layout): grown by making it again at the new count (flow's items per line
    /// depend on the count).
    case uniform(item: AxisSize, lanes: Int)
}

/// One section's laid-out elements, in S/C terms.
struct SectionFrames: Sendable {
    var header: AxisRect?
    var items: SectionItems
    /// The S extent of the section's elements (equal when the section takes no room).
    var sStart: Double
    var sEnd: Double
    /// Where appended items continue (`reloadNew`); nil when the section has no items.
    var continuation: Continuation?
    var footer: AxisRect?
    /// The options it was laid out with (the grid's, with its overrides).
    var style: SectionStyle

    init(header: AxisRect?, items: SectionItems, sStart: Double, sEnd: Double, continuation: Continuation? = nil,
         footer: AxisRect? = nil, style: SectionStyle) {
        self.header = header
        self.items = items
        self.sStart = sStart
        self.sEnd = sEnd
        self.continuation = continuation
        self.footer = footer
        self.style = style
    }

    /// A section with no header, items or footer, at S position `s`.
    static func empty(at s: Double) -> SectionFrames {
        SectionFrames(header: nil, items: .stored(FrameStore(interleave: 1, capacity: 0)), sStart: s, sEnd: s, style: .unused)
    }

    /// Whether the section takes no room: no header, no items, no footer.
    var isEmpty: Bool { header == nil && items.count == 0 && footer == nil }

    /// Moves the whole section by `delta` along S: O(1).
    mutating func shift(by delta: Double) {
        header?.s += delta
        footer?.s += delta
        items.shift(by: delta)
        sStart += delta
        sEnd += delta
    }
}

extension SectionItems {
    /// At most how many items an S-window `length` long can overlap: arithmetic for computed
    /// items (an upper bound that ignores sizes a large start absorbs, as the queries' loops do
    /// not); nil for stored frames, which the stored-items limit bounds.
    func mostItems(inWindow length: Double) -> Double? {
        switch self {
        case .stored, .cross:
            return nil
        case .uniform(let grid):
            guard grid.count > 0 else { return 0 }
            let lines = grid.sPitch > 0 ? Swift.min((length / grid.sPitch).rounded(.up) + 2, Double(grid.lineCount)) : Double(grid.lineCount)
            return Swift.min(Double(grid.count), lines * Double(grid.perLine))
        case .paged(let pages):
            guard pages.count > 0, pages.pageLength > 0 else { return Double(pages.count) }
            let spanned = (length / pages.pageLength).rounded(.up) + 2
            return Swift.min(Double(pages.count), spanned * Double(pages.rows) * Double(pages.lanes))
        }
    }
}
