/// The computed frames of a whole grid: a value, made by a reload. Building it asks the data source
/// everything; a failure throws and leaves nothing half-built. `reloadNew` and `reloadSection`
/// (ContentLayout+Incremental.swift) change it in place, and leave it as it was when they fail.
public struct ContentLayout: Sendable {
    /// The configuration it was laid out with.
    public internal(set) var configuration: GridConfiguration
    let axes: AxisMap
    var sections: [SectionFrames]
    var loader: AxisRect?
    /// The content's size as laid out: the viewport's C size, and S to the last element plus the
    /// end padding (before `scale` rounds it up: `contentSize`).
    var engineContentSize: Size
    /// The content's size: `engineContentSize`, with `scale` rounded up to a multiple of 1/scale.
    ///
    /// - Complexity: O(1): the size is kept; only the rounding is computed.
    public var contentSize: Size {
        let scale = configuration.scale
        guard scale > 0 else { return engineContentSize }
        return Size(width: (engineContentSize.width * scale).rounded(.up) / scale,
                    height: (engineContentSize.height * scale).rounded(.up) / scale)
    }
    /// What `itemsHaveSameSize` said (nil: not asked, as there were no sections).
    var sameSize: Bool?
    /// Whether any section has an element (so the next one follows after `spacing`).
    var hasElements: Bool
    /// Items with a stored frame, over all sections (checked against `GridLimits.maxStoredItems`).
    var storedItems: Int
    /// A lazy layout's frontier and estimate (ContentLayout+Lazy.swift); nil once everything is
    /// laid out, and for a layout made without `estimatedSize`.
    var lazy: LazyFrontier? = nil
    /// The checkpoints of the sections a lazy layout placed whole (`OpenSection.checkpoints`), by
    /// section: a `measure` there starts again from one. Dropped for a section laid out otherwise.
    var checkpoints: [Int: [OpenSection.Checkpoint]] = [:]
    /// The offset each sideways section was last scrolled to, by section (ContentLayout+Cross.swift).
    var crossOffsets: [Int: Double] = [:]

    /// An empty grid: no sections, content as large as the padding.
    ///
    /// - Complexity: O(1); asks nothing and does not validate the configuration.
    public init(configuration: GridConfiguration) {
        self.configuration = configuration
        axes = AxisMap(direction: configuration.direction)
        sections = []
        loader = nil
        let pad = axes.padding(configuration.padding)
        engineContentSize = axes.size(AxisSize(s: pad.sStart + pad.sEnd, c: axes.axisSize(configuration.viewport).c))
        sameSize = nil
        hasElements = false
        storedItems = 0
    }

    /// Lays out everything `dataSource` describes under `configuration`.
    ///
    /// - Complexity: O(n + s), n the items and s the sections; a same-size section is arithmetic, O(1) whatever its count.
    ///   Shortest-lane `lanes` and shortest-column `waterfall` scan the lanes for every stored item, O(n · lanes) (O(lanes ·
    ///   span) for an item with a span). It asks `numberOfSections`, `providesSpans`, `itemsHaveSameSize` (when there are
    ///   sections) and `showsLoader` once; per section `numberOfItems`, `headerSize` and `footerSize`, and for one with
    ///   elements `options(forSection:)` and, under `lanes` with items and no `lanes` option of its own,
    ///   `lanes(inSection:)`; its sizes as one `sizeForItem` (same size), one `sizesForItems(inSection:)`, or when that
    ///   gives nil one `sizesForItems(_:inSection:into:)` per batch of 256 (the default: one `sizeForItem` per item); with
    ///   spans, one `spansForItems` per batch too.
    ///
    /// `crossOffsets`: the offsets sideways sections start at, by section (an earlier layout's, kept).
    public init(configuration: GridConfiguration, dataSource: any GridDataSource) throws(GridError) {
        try self.init(configuration: configuration, dataSource: dataSource, crossOffsets: [:])
    }

    init(configuration: GridConfiguration, dataSource: any GridDataSource, crossOffsets: [Int: Double]) throws(GridError) {
        try configuration.validate()
        var builder = LayoutBuilder(configuration: configuration, dataSource: dataSource)
        builder.crossOffsets = crossOffsets
        try builder.build()
        self.crossOffsets = crossOffsets
        self.configuration = configuration
        axes = builder.axes
        sections = builder.sections
        loader = builder.loader
        engineContentSize = axes.size(AxisSize(s: builder.contentS(lastEnd: builder.cursor), c: builder.viewportC))
        sameSize = builder.sameSize
        hasElements = builder.sections.contains { !$0.isEmpty }  // the loader does not count: it goes last
        storedItems = builder.storedItems
    }
}

extension ContentLayout {
    /// The page length with paging (the viewport's S size), else nil.
    static func pageLength(_ configuration: GridConfiguration, _ axes: AxisMap) -> Double? {
        let length = axes.axisSize(configuration.viewport).s
        return configuration.paging && length > 0 ? length : nil
    }

    /// The loader's frame: at `cursor` (after the spacing), or with paging centred on a page of its
    /// own, the first page at or after the last element's end `lastEnd` (page 0 with no elements).
    static func loaderRect(after lastEnd: Double?, cursor: Double, configuration: GridConfiguration, axes: AxisMap) -> AxisRect {
        let size = axes.axisSize(configuration.loaderSize)
        var s = cursor
        if let page = pageLength(configuration, axes) {
            s = lastEnd.map { firstPageStart(atOrAfter: $0, pageLength: page) } ?? 0
            s += (page - size.s) / 2
        }
        return AxisRect(s: s, c: (axes.axisSize(configuration.viewport).c - size.c) / 2, sSize: size.s, cSize: size.c)
    }
}
