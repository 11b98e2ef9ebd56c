import GridLayout

/// The request's sections as the engine's data source. A `{count, size}` section is never
/// expanded: with every section of that form the grid is same-size (one size asked per section,
/// nothing stored per item); mixed with lists of sizes, its sizes are written a batch at a time.
struct RequestData: GridDataSource {
    var sections: [SectionRequest]
    var loader: Bool
    /// True when every section is `{count, size}`: the engine's same-size question is grid-wide.
    var sameSize: Bool
    /// True when any section gives spans.
    var hasSpans: Bool

    init(_ request: Request) {
        sections = request.sections
        loader = request.showLoader
        hasSpans = request.sections.contains { $0.spans != nil }
        sameSize = !request.sections.isEmpty && request.sections.allSatisfy {
            if case .same = $0.items { return true } else { return false }
        }
    }

    /// No bound; the engine's regular asks count the items laid out for the progress line.
    var budget: GridBudget? {
        GridBudget(shouldStop: {
            Progress.shared.countLaidOut(GridBudget.interval)
            return nil
        })
    }

    func numberOfSections() -> Int { sections.count }
    func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }
    func sizeForItem(at path: GridIndexPath) -> Size {
        switch sections[path.section].items {
        case .sizes(let sizes): return sizes[path.item]
        case .same(_, let size): return size
        }
    }
    func sizesForItems(inSection section: Int) -> [Size]? {
        if case .sizes(let sizes) = sections[section].items { return sizes }
        return nil
    }
    func sizesForItems(_ items: Range<Int>, inSection section: Int, into sizes: UnsafeMutableBufferPointer<Size>) {
        switch sections[section].items {
        case .sizes(let all): for i in items { sizes[i - items.lowerBound] = all[i] }
        case .same(_, let size): for i in 0..<items.count { sizes[i] = size }
        }
    }
    func headerSize(inSection section: Int) -> Size? { sections[section].header }
    func showsLoader() -> Bool { loader }
    func itemsHaveSameSize() -> Bool { sameSize }
    func lanes(inSection section: Int) -> Int? { sections[section].lanes }
    func footerSize(inSection section: Int) -> Size? { sections[section].footer }
    func options(forSection section: Int) -> SectionOptions? { sections[section].options }
    var providesSpans: Bool { hasSpans }
    func span(at path: GridIndexPath) -> ItemSpan? { sections[path.section].spans?[path.item] }
    func spansForItems(_ items: Range<Int>, inSection section: Int, into spans: UnsafeMutableBufferPointer<ItemSpan?>) {
        guard let all = sections[section].spans else {
            for k in 0..<items.count { spans[k] = nil }
            return
        }
        for i in items { spans[i - items.lowerBound] = all[i] }
    }
}
