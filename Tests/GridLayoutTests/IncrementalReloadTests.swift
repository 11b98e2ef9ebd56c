import Testing
import GridLayout
import GridLayoutTestSupport

/// Content that grows: the full data, of which the data source shows a prefix — the first
/// `shownSections` sections, the last of them cut to `lastCount` items. It records every call, and
/// can be told to fail at one item or to return a bad header size.
final class GrowingDataSource: GridDataSource {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    var full: [ArrayDataSource.Section]
    var shownSections: Int
    var lastCount: Int
    var showLoader: Bool
    var sameSize = false
    /// Whether `sizesForItems` answers (the bulk path) or returns nil (item by item).
    var bulk = false
    var failAt: GridIndexPath?
    /// Every call, as "name section item" ("size 2 5", "count 2", "sections", ...).
    var calls: [String] = []

    init(full: [ArrayDataSource.Section], showLoader: Bool) {
        self.full = full
        shownSections = full.count
        lastCount = full.last?.sizes.count ?? 0
        self.showLoader = showLoader
    }

    /// Shows the first `sections` sections, the last with `items` items.
    func show(sections: Int, items: Int) {
        shownSections = sections
        lastCount = items
    }

    func showAll() { show(sections: full.count, items: full.last?.sizes.count ?? 0) }

    private func count(_ section: Int) -> Int { section == shownSections - 1 ? lastCount : full[section].sizes.count }

    func numberOfSections() -> Int {
        calls.append("sections")
        return shownSections
    }

    func numberOfItems(inSection section: Int) -> Int {
        calls.append("count \(section)")
        return count(section)
    }

    func sizeForItem(at path: GridIndexPath) throws -> Size {
        calls.append("size \(path.section) \(path.item)")
        if path == failAt { throw Failure() }
        return full[path.section].sizes[path.item]
    }

    func sizesForItems(inSection section: Int) throws -> [Size]? {
        guard bulk else { return nil }
        calls.append("sizes \(section)")
        if let failAt, failAt.section == section { throw Failure() }
        return Array(full[section].sizes[0..<count(section)])
    }

    func headerSize(inSection section: Int) -> Size? {
        calls.append("header \(section)")
        return full[section].header
    }

    func showsLoader() -> Bool {
        calls.append("showLoader")
        return showLoader
    }

    func itemsHaveSameSize() -> Bool {
        calls.append("sameSize")
        return sameSize
    }

    func lanes(inSection section: Int) -> Int? {
        calls.append("lanes \(section)")
        return full[section].lanes
    }

    // Composition (not recorded in `calls`: the tests of what is asked predate it).
    func footerSize(inSection section: Int) -> Size? { full[section].footer }
    func options(forSection section: Int) -> SectionOptions? { full[section].options }
    var providesSpans: Bool { full.contains { $0.spans != nil } }
    func span(at path: GridIndexPath) -> ItemSpan? {
        guard let spans = full[path.section].spans, path.item < spans.count else { return nil }
        return spans[path.item]
    }
}

/// Random grids of one layout and direction (the first `count` seeds whose `RandomGrid` has them).
func randomGrids(_ layout: LayoutKind, _ direction: ScrollDirection, count: Int = 12) -> [(UInt64, RandomGrid)] {
    var found: [(UInt64, RandomGrid)] = []
    var seed: UInt64 = 1
    while found.count < count {
        let grid = RandomGrid(seed: seed)
        if grid.configuration.layout == layout && grid.configuration.direction == direction { found.append((seed, grid)) }
        seed += 1
    }
    return found
}

/// The prefixes of `sections` as (shown sections, items in the last): from nothing to everything.
func prefixes(of sections: [ArrayDataSource.Section]) -> [(Int, Int)] {
    var result = [(0, 0)]
    for (s, section) in sections.enumerated() {
        for i in 0...section.sizes.count { result.append((s + 1, i)) }
    }
    return result
}

/// A few growing prefixes, ending with the whole data.
func growingSteps(_ sections: [ArrayDataSource.Section], _ rng: inout SplitMix64) -> [(Int, Int)] {
    let all = prefixes(of: sections)
    let picks = (0..<Int.random(in: 2...5, using: &rng)).map { _ in Int.random(in: 0..<all.count, using: &rng) }
    return (Set(picks).sorted() + [all.count - 1]).map { all[$0] }
}

/// Expects the grid's layout to be the full layout's, frame for frame, and its queries to agree
/// with a brute-force filter. `exact`: bit for bit; otherwise within 1e-9.
func expectSameLayout(_ grid: Grid, _ full: ContentLayout, exact: Bool = true, _ what: @autoclosure () -> String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
    let got = allElements(of: grid.layout), want = allElements(of: full)
    if exact {
        #expect(grid.contentSize == full.contentSize, "\(what()): content size", sourceLocation: sourceLocation)
        #expect(got.map(\.id) == want.map(\.id), "\(what())", sourceLocation: sourceLocation)
        for (a, b) in zip(got, want) where a != b {
            Issue.record("\(what()): \(a) vs \(b)", sourceLocation: sourceLocation)
            break
        }
    } else {
        func near(_ a: Double, _ b: Double) -> Bool { Swift.abs(a - b) <= 1e-9 * Swift.max(1, Swift.abs(a)) }
        func near(_ a: Rect, _ b: Rect) -> Bool {
            near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height)
        }
        #expect(near(grid.contentSize.width, full.contentSize.width) && near(grid.contentSize.height, full.contentSize.height),
                "\(what()): content size \(grid.contentSize) vs \(full.contentSize)", sourceLocation: sourceLocation)
        #expect(got.map(\.id) == want.map(\.id), "\(what())", sourceLocation: sourceLocation)
        for (a, b) in zip(got, want) where !near(a.frame, b.frame) {
            Issue.record("\(what()): \(a) vs \(b)", sourceLocation: sourceLocation)
            break
        }
    }
    var rng = SplitMix64(seed: UInt64(got.count) &* 31 &+ 7)
    let content = grid.contentSize
    for _ in 0..<12 {
        let r = rect(Double.random(in: -20...content.width, using: &rng).rounded(),
                     Double.random(in: -20...content.height, using: &rng).rounded(),
                     Double.random(in: 0...200, using: &rng).rounded(), Double.random(in: 0...200, using: &rng).rounded())
        #expect(grid.layout.elements(in: r) == bruteForceElements(of: grid.layout, in: r), "\(what()): query \(r)",
                sourceLocation: sourceLocation)
    }
}

@Suite struct IncrementalReloadTests {
    // MARK: reloadNew equals a full reload

    /// Lay out a prefix, then grow it in several steps (items onto the last section, new sections),
    /// each by `reloadNew`: every step's layout is exactly a full reload's.
    @Test(arguments: LayoutKind.allCases, ScrollDirection.allCases)
    func reloadNewEqualsAFullReload(layout: LayoutKind, direction: ScrollDirection) throws {
        for (seed, random) in randomGrids(layout, direction) {
            var rng = SplitMix64(seed: seed &* 6_364_136_223)
            let data = GrowingDataSource(full: random.data.sections, showLoader: random.data.showLoader)
            data.bulk = Bool.random(using: &rng)
            let steps = growingSteps(data.full, &rng)
            let grid = Grid(configuration: random.configuration, dataSource: data)
            data.show(sections: steps[0].0, items: steps[0].1)
            try grid.reload()
            for (sections, items) in steps.dropFirst() {
                data.show(sections: sections, items: items)
                data.showLoader = Bool.random(using: &rng)
                try grid.reloadNew()
                let full = try ContentLayout(configuration: random.configuration, dataSource: data)
                expectSameLayout(grid, full, "seed \(seed) \(layout) \(direction) at \(sections)/\(items)")
            }
        }
    }

    /// A section of thousands of items grown past the stored frames' batch (256), block (16) and
    /// group (1024) boundaries, with a size that is no Float at item 2500 (the store turns wide
    /// there): each step equals a full reload, and queries find what a scan finds.
    @Test(arguments: LayoutKind.allCases)
    func reloadNewAcrossStoreBoundaries(layout: LayoutKind) throws {
        var sizes = (0..<3000).map { (i: Int) -> Size in Size(width: Double(40 + i * 37 % 61), height: Double(30 + i * 53 % 71)) }
        sizes[2500] = Size(width: 41.1, height: 33.3)
        let data = GrowingDataSource(full: [ArrayDataSource.Section(sizes: sizes)], showLoader: false)
        let configuration = try GridLayoutTestSupport.configuration([("layout", .string(layout.rawValue)), ("spacing", .number(3))])
        let grid = Grid(configuration: configuration, dataSource: data)
        data.show(sections: 1, items: 1000)
        try grid.reload()
        for items in [1023, 1024, 1025, 1300, 2049, 2499, 2501, 3000] {
            data.show(sections: 1, items: items)
            try grid.reloadNew()
            let full = try ContentLayout(configuration: configuration, dataSource: data)
            expectSameLayout(grid, full, "\(layout) at \(items) items")
            for y in stride(from: 0.0, to: full.contentSize.height, by: full.contentSize.height / 37) {
                let viewport = Rect(x: 0, y: y, width: 320, height: 480)
                #expect(grid.layout.elements(in: viewport) == bruteForceElements(of: full, in: viewport), "\(layout) at \(items) items, y \(y)")
            }
        }
    }

    /// Items appended one at a time, to a section with a header, with the loader shown.
    @Test(arguments: LayoutKind.allCases, ScrollDirection.allCases)
    func reloadNewOneItemAtATime(layout: LayoutKind, direction: ScrollDirection) throws {
        let (seed, random) = randomGrids(layout, direction, count: 3)[2]
        var sections = random.data.sections
        if sections.isEmpty { sections = [ArrayDataSource.Section(sizes: [])] }
        var rng = SplitMix64(seed: seed)
        let last = sections.count - 1
        while sections[last].sizes.count < 30 { sections[last].sizes.append(sections[0].sizes.first ?? size(40, 50)) }
        sections[last].sizes.shuffle(using: &rng)
        sections[last].header = size(100, 12)
        let data = GrowingDataSource(full: sections, showLoader: true)
        let grid = Grid(configuration: random.configuration, dataSource: data)
        data.show(sections: sections.count, items: 0)
        try grid.reload()
        for n in 1...sections[last].sizes.count {
            data.show(sections: sections.count, items: n)
            try grid.reloadNew()
            expectSameLayout(grid, try ContentLayout(configuration: random.configuration, dataSource: data), "\(layout) \(direction) n=\(n)")
        }
    }

    /// Same-size sections grow by their count alone (flow's items per line depend on it); justified
    /// keeps them stored, asking no sizes for the new items.
    @Test(arguments: LayoutKind.allCases, ScrollDirection.allCases)
    func reloadNewOfSameSizeSections(layout: LayoutKind, direction: ScrollDirection) throws {
        for (seed, random) in randomGrids(layout, direction, count: 8) {
            var rng = SplitMix64(seed: seed &+ 99)
            let item = size(Double(Int.random(in: 20...90, using: &rng)), Double(Int.random(in: 20...90, using: &rng)))
            let sections = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                ArrayDataSource.Section(sizes: Array(repeating: item, count: Int.random(in: 0...25, using: &rng)),
                                        header: Bool.random(using: &rng) ? size(50, 10) : nil)
            }
            let data = GrowingDataSource(full: sections, showLoader: Bool.random(using: &rng))
            data.sameSize = true
            let grid = Grid(configuration: random.configuration, dataSource: data)
            let steps = growingSteps(sections, &rng)
            data.show(sections: steps[0].0, items: steps[0].1)
            try grid.reload()
            for (shown, items) in steps.dropFirst() {
                let before = grid.layout.sectionCount
                let lastCount = before == 0 ? 0 : try grid.layout.itemCount(inSection: before - 1)
                data.show(sections: shown, items: items)
                data.calls = []
                try grid.reloadNew()
                // No size asked for items laid out before (a new section, or one that had no items, asks item 0's).
                let old = data.calls.filter { call in
                    let parts = call.split(separator: " ")
                    return parts[0] == "size" && (Int(parts[1])! < before - 1 || Int(parts[1])! == before - 1 && Int(parts[2])! < lastCount)
                }
                #expect(old.isEmpty, "seed \(seed): \(data.calls)")
                expectSameLayout(grid, try ContentLayout(configuration: random.configuration, dataSource: data),
                                 "seed \(seed) same size \(layout) \(direction) at \(shown)/\(items)")
            }
            #expect(layout == .justified || layout == .flow && random.configuration.justify != .start
                    || grid.layout.storedItemCount == 0)
        }
    }

    /// Justified: a cut in the middle of a row leaves a widow, which the next reloadNew replaces by
    /// the rows a full reload makes, for every widow style.
    @Test(arguments: WidowStyle.allCases, ScrollDirection.allCases)
    func reloadNewRelaysTheJustifiedWidowRow(widow: WidowStyle, direction: ScrollDirection) throws {
        var config = GridConfiguration()
        config.layout = .justified
        config.direction = direction
        config.widow = widow
        config.rowHeight = 80
        config.spacing = 4
        config.padding = Insets(top: 3, left: 5, bottom: 7, right: 2)
        var rng = SplitMix64(seed: 5)
        let sizes = (0..<200).map { _ in size(Double(Int.random(in: 20...200, using: &rng)), Double(Int.random(in: 20...200, using: &rng))) }
        let data = GrowingDataSource(full: [.init(sizes: sizes, header: size(10, 20))], showLoader: true)
        let grid = Grid(configuration: config, dataSource: data)
        data.show(sections: 1, items: 7)
        try grid.reload()
        for n in [8, 9, 13, 40, 41, 120, 200] {
            data.show(sections: 1, items: n)
            try grid.reloadNew()
            expectSameLayout(grid, try ContentLayout(configuration: config, dataSource: data), "\(widow) \(direction) n=\(n)")
        }
    }

    /// Sections that start empty (no header, no items), then gain items: the spacing appears only
    /// once they hold something.
    @Test(arguments: LayoutKind.allCases) func reloadNewFillsEmptySections(layout: LayoutKind) throws {
        var config = GridConfiguration()
        config.layout = layout
        config.spacing = 6
        config.padding = Insets(top: 4, left: 4, bottom: 9, right: 4)
        config.lanes = 2
        let sizes: [Size] = (0..<12).map { (i: Int) -> Size in size(Double(30 + i * 7 % 50), Double(20 + i * 13 % 60)) }
        let data = GrowingDataSource(full: [.init(sizes: []), .init(sizes: []), .init(sizes: sizes), .init(sizes: sizes, header: size(0, 15))],
                                     showLoader: true)
        let grid = Grid(configuration: config, dataSource: data)
        for (sections, items) in [(1, 0), (2, 0), (3, 0), (3, 5), (4, 0), (4, 3), (4, 12)] {
            data.show(sections: sections, items: items)
            if sections == 1 { try grid.reload() } else { try grid.reloadNew() }
            expectSameLayout(grid, try ContentLayout(configuration: config, dataSource: data), "\(layout) \(sections)/\(items)")
        }
    }

    // MARK: reloadSection equals a full reload

    /// Change one section (new sizes, another count, a header added or removed, emptied or filled),
    /// reloadSection it: the layout is a full reload's (exactly where the sums are exact: lanes and
    /// flow with integer sizes; waterfall and justified scale to fractions, which an offset may
    /// round differently in the last bit). A reloadNew afterwards continues the moved sections.
    @Test(arguments: LayoutKind.allCases, ScrollDirection.allCases)
    func reloadSectionEqualsAFullReload(layout: LayoutKind, direction: ScrollDirection) throws {
        let exact = layout == .lanes || layout == .flow
        // Sections trade sizes below: only grids whose sections keep the grid's layout (no
        // overrides or spans; footers are fine).
        for (seed, random) in randomGrids(layout, direction, count: 40)
            where !random.data.sections.isEmpty && random.data.sections.allSatisfy({ $0.options == nil && $0.spans == nil }) {
            var rng = SplitMix64(seed: seed &* 1_000_003)
            let data = GrowingDataSource(full: random.data.sections, showLoader: random.data.showLoader)
            data.bulk = Bool.random(using: &rng)
            let grid = Grid(configuration: random.configuration, dataSource: data)
            // Hold back a few items of the last section, for the reloadNew at the end.
            let lastFull = data.full[data.full.count - 1].sizes.count
            data.show(sections: data.full.count, items: lastFull / 2)
            try grid.reload()
            for round in 0..<4 {
                let s = Int.random(in: 0..<data.full.count, using: &rng)
                let donor = data.full[Int.random(in: 0..<data.full.count, using: &rng)]
                var section = data.full[s]
                switch Int.random(in: 0...4, using: &rng) {
                case 0: section.sizes = section.sizes.shuffled(using: &rng)
                case 1: section.sizes = Array(donor.sizes.shuffled(using: &rng).prefix(Int.random(in: 0...70, using: &rng)))
                case 2: section.header = section.header == nil ? donor.header ?? size(20, 17) : nil
                case 3: section.sizes = []; section.header = nil
                default: section.sizes += donor.sizes
                }
                if layout == .lanes { section.lanes = donor.lanes }  // lanes sizes fit their section's lanes
                if layout == .lanes && !section.sizes.isEmpty {
                    let c = direction == .vertical ? donor.sizes.first?.width : donor.sizes.first?.height
                    section.sizes = section.sizes.map { direction == .vertical ? size(c ?? $0.width, $0.height) : size($0.width, c ?? $0.height) }
                }
                data.full[s] = section
                if s == data.full.count - 1 { data.lastCount = Swift.min(data.lastCount, section.sizes.count) }
                data.calls = []
                try grid.reloadSection(s)
                #expect(!data.calls.contains { $0 == "sections" || $0.split(separator: " ").count > 1 && Int($0.split(separator: " ")[1])! != s },
                        "seed \(seed): reloadSection(\(s)) asked \(data.calls)")
                expectSameLayout(grid, try ContentLayout(configuration: random.configuration, dataSource: data), exact: exact,
                                 "seed \(seed) \(layout) \(direction) round \(round): reloadSection(\(s))")
            }
            data.showAll()
            try grid.reloadNew()
            expectSameLayout(grid, try ContentLayout(configuration: random.configuration, dataSource: data), exact: exact,
                             "seed \(seed) \(layout) \(direction): reloadNew after reloadSection")
        }
    }

    /// A section that goes from empty to non-empty and back, between others: the spacing rules hold.
    @Test(arguments: LayoutKind.allCases) func reloadSectionEmptyAndBack(layout: LayoutKind) throws {
        var config = GridConfiguration()
        config.layout = layout
        config.spacing = 5
        config.padding = Insets(top: 2, left: 3, bottom: 4, right: 5)
        let sizes: [Size] = (0..<9).map { (i: Int) -> Size in size(Double(20 + i * 11 % 40), Double(30 + i * 7 % 30)) }
        for sectionCount in 1...4 {
            for s in 0..<sectionCount {
                for loader in [false, true] {
                    let full = (0..<sectionCount).map { i in ArrayDataSource.Section(sizes: i % 2 == 0 ? [] : sizes) }
                    let data = GrowingDataSource(full: full, showLoader: loader)
                    let grid = Grid(configuration: config, dataSource: data)
                    try grid.reload()
                    for change in 0..<4 {
                        switch change {
                        case 0: data.full[s].sizes = data.full[s].sizes.isEmpty ? sizes : []
                        case 1: data.full[s].header = size(9, 11)
                        case 2: data.full[s].sizes = data.full[s].sizes.isEmpty ? Array(sizes.prefix(3)) : []
                        default: data.full[s].header = nil; data.full[s].sizes = []
                        }
                        data.showAll()
                        try grid.reloadSection(s)
                        expectSameLayout(grid, try ContentLayout(configuration: config, dataSource: data),
                                         exact: layout != .waterfall && layout != .justified,
                                         "\(layout) \(sectionCount) sections, section \(s), loader \(loader), change \(change)")
                    }
                }
            }
        }
    }

    /// Same-size sections: reloadSection changes a count or a header; later same-size grids move.
    @Test(arguments: LayoutKind.allCases, ScrollDirection.allCases)
    func reloadSectionOfSameSizeSections(layout: LayoutKind, direction: ScrollDirection) throws {
        var config = GridConfiguration()
        config.layout = layout
        config.direction = direction
        config.spacing = 4
        config.lanes = 3
        let item = size(40, 30)
        let data = GrowingDataSource(full: [10, 0, 25, 7].map { .init(sizes: Array(repeating: item, count: $0), header: $0 == 25 ? size(1, 9) : nil) },
                                     showLoader: true)
        data.sameSize = true
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        for (s, count, header) in [(0, 3, false), (1, 5, true), (1, 0, false), (2, 40, false), (0, 0, false), (3, 11, true)] {
            data.full[s].sizes = Array(repeating: item, count: count)
            data.full[s].header = header ? size(1, 13) : nil
            data.showAll()
            try grid.reloadSection(s)
            expectSameLayout(grid, try ContentLayout(configuration: config, dataSource: data), exact: layout == .lanes || layout == .flow,
                             "\(layout) \(direction): same size, section \(s) → \(count)")
        }
    }

    // MARK: Failures leave the previous layout whole

    private func grown(_ layout: LayoutKind, sameSize: Bool = false) throws -> (Grid, GrowingDataSource, GridConfiguration) {
        var config = GridConfiguration()
        config.layout = layout
        config.spacing = 3
        config.lanes = 3
        config.columns = 2
        config.rowHeight = 60
        var rng = SplitMix64(seed: 77)
        let sizes = (0..<40).map { _ in sameSize ? size(50, 40) : size(Double(Int.random(in: 20...100, using: &rng)), Double(Int.random(in: 20...100, using: &rng))) }
        let data = GrowingDataSource(full: [.init(sizes: sizes, header: size(1, 10)), .init(sizes: sizes), .init(sizes: sizes, header: size(1, 12))],
                                     showLoader: true)
        data.sameSize = sameSize
        data.show(sections: 2, items: 17)
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        return (grid, data, config)
    }

    /// Runs `body`, which must throw `expected` (or any error when nil), and checks that the layout
    /// is exactly the one before, queries included; then that a full reload of the data still works.
    private func expectUnchanged(_ grid: Grid, _ what: String, _ expected: ((GridError) -> Bool)? = nil,
                                 sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(GridError) -> Void) {
        let before = allElements(of: grid.layout), size = grid.contentSize
        do {
            try body()
            Issue.record("\(what): no error", sourceLocation: sourceLocation)
        } catch {
            if let expected { #expect(expected(error), "\(what): \(error)", sourceLocation: sourceLocation) }
        }
        #expect(allElements(of: grid.layout) == before, "\(what)", sourceLocation: sourceLocation)
        #expect(grid.contentSize == size, "\(what)", sourceLocation: sourceLocation)
        let content = grid.contentSize
        for y in stride(from: -10.0, to: content.height + 10, by: 37) {
            let r = rect(0, y, content.width, 50)
            #expect(grid.layout.elements(in: r) == bruteForceElements(of: grid.layout, in: r), "\(what): query \(r)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: LayoutKind.allCases) func aShrinkingContentIsAnErrorThatNamesReload(layout: LayoutKind) throws {
        let (grid, data, config) = try grown(layout)
        data.show(sections: 1, items: 40)
        expectUnchanged(grid, "fewer sections", { if case .notAppended(callback: .sections, _, "1", "2") = $0 { true } else { false } }) {
            () throws(GridError) in try grid.reloadNew()
        }
        data.show(sections: 2, items: 16)
        expectUnchanged(grid, "fewer items", { $0.message().contains("call reload()") && $0.message().contains("section 1") }) {
            () throws(GridError) in try grid.reloadNew()
        }
        data.show(sections: 3, items: 5)
        data.sameSize = true
        expectUnchanged(grid, "sameSize changed", { if case .notAppended(callback: .sameSize, _, _, _) = $0 { true } else { false } }) {
            () throws(GridError) in try grid.reloadNew()
        }
        data.sameSize = false
        expectUnchanged(grid, "section out of range", { $0 == .sectionOutOfRange(2, sectionCount: 2) }) {
            () throws(GridError) in try grid.reloadSection(2)
        }
        try grid.reload()
        expectSameLayout(grid, try ContentLayout(configuration: config, dataSource: data), "\(layout): reload after the errors")
    }

    /// A callback failing in the middle of the new items (of the last section, or of a new section
    /// after the last one grew), or a bad header in a new section: the grown section is put back as
    /// it was, and the next reloadNew continues from it as if nothing had happened.
    @Test(arguments: LayoutKind.allCases, [false, true])
    func aFailingReloadNewLeavesThePreviousLayoutWhole(layout: LayoutKind, sameSize: Bool) throws {
        let (grid, data, config) = try grown(layout, sameSize: sameSize)
        data.show(sections: 3, items: 30)
        var failures: [(String, () -> Void, () -> Void)] = [
            ("item of a new section", { data.failAt = GridIndexPath(section: 2, item: sameSize ? 0 : 20) }, { data.failAt = nil }),
            ("header of a new section", { data.full[2].header = size(1, -5) }, { data.full[2].header = size(1, 12) }),
        ]
        if !sameSize {  // same-size items of the last section are not asked for
            failures.insert(("item of the last section", { data.failAt = GridIndexPath(section: 1, item: 25) }, { data.failAt = nil }), at: 0)
        }
        for bulk in [false, true] {
            data.bulk = bulk
            for (what, fail, heal) in failures {
                fail()
                expectUnchanged(grid, "\(layout) sameSize \(sameSize) bulk \(bulk): \(what)") { () throws(GridError) in try grid.reloadNew() }
                heal()
            }
        }
        try grid.reloadNew()
        expectSameLayout(grid, try ContentLayout(configuration: config, dataSource: data), "\(layout): reloadNew after the failures")
        data.showAll()
        try grid.reload()
        expectSameLayout(grid, try ContentLayout(configuration: config, dataSource: data), "\(layout): reload after the failures")
    }

    @Test(arguments: LayoutKind.allCases) func aFailingReloadSectionLeavesThePreviousLayoutWhole(layout: LayoutKind) throws {
        let (grid, data, config) = try grown(layout)
        data.full[0].sizes += data.full[0].sizes
        data.failAt = GridIndexPath(section: 0, item: 50)
        expectUnchanged(grid, "\(layout): failing size") { () throws(GridError) in try grid.reloadSection(0) }
        data.failAt = nil
        data.full[0].header = size(3, .nan)
        expectUnchanged(grid, "\(layout): bad header") { () throws(GridError) in try grid.reloadSection(0) }
        data.full[0].header = size(3, 8)
        try grid.reloadSection(0)
        expectSameLayout(grid, try ContentLayout(configuration: config, dataSource: data), exact: layout == .lanes || layout == .flow,
                         "\(layout): reloadSection after the failures")
    }

    // MARK: What is asked

    /// reloadNew asks for the section count, sameSize, the last section's count, its new items'
    /// sizes one by one, everything about new sections and showLoader — nothing about earlier
    /// sections or items.
    @Test(arguments: LayoutKind.allCases, [false, true]) func reloadNewAsksOnlyForTheNewItems(layout: LayoutKind, bulk: Bool) throws {
        let (grid, data, _) = try grown(layout)
        data.bulk = bulk
        data.show(sections: 2, items: 21)
        data.calls = []
        try grid.reloadNew()
        #expect(data.calls == ["sections", "sameSize", "count 1"] + (17..<21).map { "size 1 \($0)" } + ["showLoader"])
        data.show(sections: 3, items: 2)
        data.calls = []
        try grid.reloadNew()
        let newSection = ["count 2", "header 2"] + (layout == .lanes ? ["lanes 2"] : []) + (bulk ? ["sizes 2"] : ["size 2 0", "size 2 1"])
        #expect(data.calls == ["sections", "sameSize", "count 1"] + (21..<40).map { "size 1 \($0)" } + newSection + ["showLoader"])
        data.calls = []
        try grid.reloadNew()
        #expect(data.calls == ["sections", "sameSize", "count 2", "showLoader"])
    }

    @Test(arguments: LayoutKind.allCases) func reloadSectionAsksOnlyAboutItsSection(layout: LayoutKind) throws {
        let (grid, data, _) = try grown(layout)
        data.full[0].sizes.removeLast(5)
        data.calls = []
        try grid.reloadSection(0)
        #expect(data.calls == ["count 0", "header 0"] + (layout == .lanes ? ["lanes 0"] : []) + (0..<35).map { "size 0 \($0)" })
    }

    /// The configuration the layout was made with is the one continued; a changed configuration
    /// makes reloadNew a full reload.
    @Test func aChangedConfigurationMakesReloadNewAFullReload() throws {
        let (grid, data, original) = try grown(.lanes)
        var config = original
        config.lanes = 2
        grid.configuration = config
        data.show(sections: 3, items: 10)
        data.calls = []
        try grid.reloadNew()
        #expect(data.calls.contains("count 0"))
        expectSameLayout(grid, try ContentLayout(configuration: config, dataSource: data), "changed configuration")
    }

    /// reloadNew onto a grid never reloaded lays out everything.
    @Test func reloadNewOfAFreshGrid() throws {
        let random = RandomGrid(seed: 12)
        let grid = Grid(configuration: random.configuration, dataSource: random.data)
        try grid.reloadNew()
        expectSameLayout(grid, try ContentLayout(configuration: random.configuration, dataSource: random.data), "fresh grid")
    }
}
