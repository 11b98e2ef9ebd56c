/// The computed frames of a whole grid: a value, made by one reload, never changed afterwards.
/// Building it asks the data source everything; a failure throws and leaves nothing half-built.
public struct ContentLayout: Sendable {
    /// The configuration it was laid out with.
    public internal(set) var configuration: GridConfiguration
    let axes: AxisMap
    var sections: [SectionFrames]
    var loader: AxisRect?
    /// The content's size: the viewport's C size, and S to the last element plus the end padding.
    public let contentSize: Size

    /// An empty grid: no sections, content as large as the padding.
    public init(configuration: GridConfiguration) {
        self.configuration = configuration
        axes = AxisMap(direction: configuration.direction)
        sections = []
        loader = nil
        let pad = axes.padding(configuration.padding)
        contentSize = axes.size(AxisSize(s: pad.sStart + pad.sEnd, c: axes.axisSize(configuration.viewport).c))
    }

    /// Lays out everything `dataSource` describes under `configuration`.
    public init(configuration: GridConfiguration, dataSource: any GridDataSource) throws(GridError) {
        try configuration.validate()
        var builder = LayoutBuilder(configuration: configuration, dataSource: dataSource)
        try builder.build()
        self.configuration = configuration
        axes = builder.axes
        sections = builder.sections
        loader = builder.loader
        contentSize = axes.size(AxisSize(s: builder.cursor + builder.padding.sEnd, c: builder.viewportC))
    }
}

/// Walks the data source section by section and stacks the sections along S (DESIGN.md,
/// "Layout contract"): a header, `spacing`, the items; `spacing` between non-empty sections and
/// before the loader; never before the first element or after the last.
private struct LayoutBuilder {
    let configuration: GridConfiguration
    let dataSource: any GridDataSource
    let axes: AxisMap
    let padding: (sStart: Double, sEnd: Double, cStart: Double, cEnd: Double)
    let viewportC: Double
    var sections: [SectionFrames] = []
    var loader: AxisRect?
    /// The S end of the last element so far (the start padding before any).
    var cursor: Double
    private var hasElements = false
    private var storedItems = 0

    init(configuration: GridConfiguration, dataSource: any GridDataSource) {
        self.configuration = configuration
        self.dataSource = dataSource
        axes = AxisMap(direction: configuration.direction)
        padding = axes.padding(configuration.padding)
        viewportC = axes.axisSize(configuration.viewport).c
        cursor = padding.sStart
    }

    mutating func build() throws(GridError) {
        let sectionCount = try ask("sections", .grid) { try dataSource.numberOfSections() }
        try check(sectionCount, "sections", .grid, 0...GridLimits.maxSections)
        let sameSize = sectionCount > 0 ? try ask("sameSize", .grid) { try dataSource.itemsHaveSameSize() } : false
        sections.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            try addSection(section, sameSize: sameSize)
        }
        if try ask("showLoader", .loader, { try dataSource.showsLoader() }) {
            openElement()
            let size = axes.axisSize(configuration.loaderSize)
            loader = AxisRect(s: cursor, c: (viewportC - size.c) / 2, sSize: size.s, cSize: size.c)
            cursor += size.s
        }
    }

    /// Adds `spacing` before an element that follows another.
    private mutating func openElement() {
        if hasElements { cursor += configuration.spacing }
        hasElements = true
    }

    private mutating func addSection(_ section: Int, sameSize: Bool) throws(GridError) {
        let count = try ask("count", .section(section)) { try dataSource.numberOfItems(inSection: section) }
        try check(count, "count", .section(section), 0...GridLimits.maxItemsPerSection)
        let header = try ask("header", .header(section)) { try dataSource.headerSize(inSection: section) }
        if let header, !header.isValid { throw .invalidSize(callback: "header", at: .header(section), header) }
        guard header != nil || count > 0 else {
            sections.append(.empty(at: cursor))
            return
        }
        openElement()
        let start = cursor
        var headerRect: AxisRect?
        if let header {
            let s = axes.axisSize(header).s
            headerRect = AxisRect(s: cursor, c: 0, sSize: s, cSize: viewportC)
            cursor += s
            if count > 0 { cursor += configuration.spacing }
        }
        let area = ItemArea(sStart: cursor, cStart: padding.cStart, cEnd: viewportC - padding.cEnd,
                            spacing: configuration.spacing)
        let (items, end) = try layItems(section, count: count, area: area, sameSize: sameSize)
        cursor = end
        sections.append(SectionFrames(header: headerRect, items: items, sStart: start, sEnd: cursor))
    }

    /// Places a section's items with the configured algorithm; returns them and their S end.
    private mutating func layItems(_ section: Int, count: Int, area: ItemArea, sameSize: Bool) throws(GridError) -> (SectionItems, Double) {
        guard count > 0 else { return (.stored(FrameStore(interleave: 1, capacity: 0)), area.sStart) }
        var lanes = configuration.lanes
        if configuration.layout == .lanes,
           let own = try ask("lanes", .section(section), { try dataSource.lanes(inSection: section) }) {
            try check(own, "lanes", .section(section), 1...GridLimits.maxLanes)
            lanes = own
        }
        let first = sameSize ? try itemSize(GridIndexPath(section: section, item: 0)) : nil
        if let first {
            let uniform: UniformGrid?
            switch configuration.layout {
            case .lanes: uniform = LanesLayout.uniform(lanes: lanes, item: first, count: count, area: area)
            case .flow: uniform = FlowLayout.uniform(item: first, count: count, area: area)
            case .waterfall: uniform = try WaterfallLayout.uniform(columns: configuration.columns, order: configuration.order,
                                                                   item: first, count: count, area: area)
            case .justified: uniform = nil  // rows depend on the running sums: stored like any other
            }
            if let uniform { return (.uniform(uniform), uniform.sEnd) }
        }
        storedItems += count
        guard storedItems <= GridLimits.maxStoredItems else {
            throw .doesNotFit("section \(section): \(count) items pass the limit of \(GridLimits.maxStoredItems) stored frames (same-size lanes, flow and waterfall store none)")
        }
        let sizes: ItemSizes
        if let first {
            sizes = .same(first)
        } else if let bulk = try ask("sizes", .section(section), { try dataSource.sizesForItems(inSection: section) }) {
            guard bulk.count == count else {
                throw .invalidCount(callback: "sizes", at: .section(section), value: bulk.count, allowed: count...count)
            }
            sizes = .bulk(bulk)
        } else {
            sizes = .each
        }
        switch configuration.layout {
        case .lanes:
            return try fill(LanesLayout(lanes: lanes, area: area), section, count, sizes)
        case .waterfall:
            return try fill(WaterfallLayout(columns: configuration.columns, order: configuration.order, area: area), section, count, sizes)
        case .flow:
            return try fill(FlowLayout(area: area), section, count, sizes)
        case .justified:
            return try fill(JustifiedLayout(rowHeight: configuration.rowHeight, tolerance: configuration.tolerance,
                                            widow: configuration.widow, area: area, axes: axes), section, count, sizes)
        }
    }

    /// Where a section's item sizes come from.
    private enum ItemSizes {
        /// All items have this size (`itemsHaveSameSize`).
        case same(AxisSize)
        /// All at once from `sizesForItems` (unchecked yet).
        case bulk([Size])
        /// One `sizeForItem` call per item.
        case each
    }

    /// Feeds every item's size to `placer` and keeps the frames.
    private func fill<P: ItemPlacer>(_ placer: P, _ section: Int, _ count: Int, _ sizes: ItemSizes) throws(GridError) -> (SectionItems, Double) {
        var placer = placer
        var store = FrameStore(interleave: placer.interleave, capacity: count)
        for item in 0..<count {
            let path = GridIndexPath(section: section, item: item)
            switch sizes {
            case .same(let size): try placer.place(size, at: path, into: &store)
            case .bulk(let all): try placer.place(checked(all[item], "sizes", path), at: path, into: &store)
            case .each: try placer.place(itemSize(path), at: path, into: &store)
            }
        }
        let end = placer.finish(into: &store)
        return (.stored(store), end)
    }

    private func itemSize(_ path: GridIndexPath) throws(GridError) -> AxisSize {
        try checked(ask("size", .item(path)) { try dataSource.sizeForItem(at: path) }, "size", path)
    }

    /// The size in S/C terms, or an error naming the callback that gave it.
    @inline(__always)
    private func checked(_ size: Size, _ callback: String, _ path: GridIndexPath) throws(GridError) -> AxisSize {
        guard size.isValid else { throw .invalidSize(callback: callback, at: .item(path), size) }
        return axes.axisSize(size)
    }

    private func check(_ value: Int, _ callback: String, _ at: ElementLocation, _ allowed: ClosedRange<Int>) throws(GridError) {
        guard allowed.contains(value) else { throw .invalidCount(callback: callback, at: at, value: value, allowed: allowed) }
    }
}

/// Calls a data source method; an error it throws becomes `GridError.callbackFailed` naming the
/// callback and the element (a `GridError` passes through unchanged).
@inline(__always)
private func ask<T>(_ callback: String, _ at: ElementLocation, _ body: () throws -> T) throws(GridError) -> T {
    do {
        return try body()
    } catch let error as GridError {
        throw error
    } catch {
        throw .callbackFailed(callback: callback, at: at, message: String(describing: error))
    }
}
