import Testing
import GridLayout
import GridLayoutTestSupport

// Optimal rows (`rows = "optimal"`, docs/layout.md "Optimal rows"): the row breaks that minimise
// Σ (h − rowHeight)² over the justified rows, rows of two or more items within the band
// [T/(1+tolerance), T/(1−tolerance)], rows of one item always allowed, the trailing items whose
// summed ratio is below minAR optionally the widow row at cost 0; ties to fewer rows, then the
// earliest breaks. Each row is laid out as greedy lays out a row.

/// Items of aspect ratios `ratios`, 100 thick along S (C size ratio × 100).
private func gallery(_ ratios: [Double], _ direction: ScrollDirection = .vertical) -> [Size] {
    ratios.map { direction == .vertical ? size($0 * 100, 100) : size(100, $0 * 100) }
}

/// A justified layout of `sizes` in rows `length` long (vertically a viewport `length` wide,
/// horizontally `length` tall), rowHeight 100 unless `options` say otherwise.
private func justified(_ sections: [ArrayDataSource.Section], _ direction: ScrollDirection = .vertical, length: Double = 600,
                       _ options: [(String, OptionValue)] = []) throws -> ContentLayout {
    let viewport: [(String, OptionValue)] = direction == .vertical
        ? [("width", .number(length)), ("height", .number(400))] : [("width", .number(400)), ("height", .number(length))]
    let config = try configuration([("layout", .string("justified")), ("direction", .string(direction.rawValue)),
                                    ("rowHeight", .number(100))] + viewport + options)
    return try ContentLayout(configuration: config, dataSource: ArrayDataSource(sections: sections))
}

/// `frames` (given vertically: x along C, y along S) as `direction` has them.
private func oriented(_ frames: [Rect], _ direction: ScrollDirection) -> [Rect] {
    direction == .vertical ? frames : frames.map { rect($0.y, $0.x, $0.height, $0.width) }
}

private func oriented(_ content: Size, _ direction: ScrollDirection) -> Size {
    direction == .vertical ? content : size(content.height, content.width)
}

/// Where a vertical justified section's rows end (exclusive item indices): a row's items share
/// their y.
private func rowEnds(_ frames: [Rect]) -> [Int] {
    var ends: [Int] = []
    for k in frames.indices.dropFirst() where frames[k].y != frames[k - 1].y { ends.append(k) }
    if !frames.isEmpty { ends.append(frames.count) }
    return ends
}

/// The rule's numbers for one gallery: W, T, tolerance, itemSpacing.
private struct Rule {
    let length: Double
    let rowHeight: Double
    let tolerance: Double
    let itemSpacing: Double

    var minRatio: Double { length / rowHeight * (1 - tolerance) }

    /// A row's cost, or nil when the rule does not allow it; `last`: the row ends the gallery.
    func cost(_ row: ArraySlice<Double>, last: Bool) -> Double? {
        var sum = 0.0
        for ratio in row { sum += ratio }
        if last && sum < minRatio { return 0 }  // the widow row
        let h = (length - Double(row.count - 1) * itemSpacing) / sum
        guard row.count == 1 || (h >= rowHeight / (1 + tolerance) && h <= rowHeight / (1 - tolerance)) else { return nil }
        return (h - rowHeight) * (h - rowHeight)
    }

    /// The cost of the rows ending at `ends`, summed in row order, or nil when one is not allowed.
    func cost(_ ratios: [Double], _ ends: [Int]) -> Double? {
        var total = 0.0
        var start = 0
        for end in ends {
            guard let c = cost(ratios[start..<end], last: end == ratios.count) else { return nil }
            total += c
            start = end
        }
        return total
    }

    /// The rule by enumeration: every partition into rows (2^(n−1)), the cheapest, ties to fewer
    /// rows, then the lexicographically smallest breaks.
    func bruteForce(_ ratios: [Double]) -> [Int] {
        let n = ratios.count
        var best: (cost: Double, ends: [Int])?
        for mask in 0..<(1 << (n - 1)) {
            let ends = (1..<n).filter { mask & (1 << ($0 - 1)) != 0 } + [n]
            guard let c = cost(ratios, ends) else { continue }
            if let b = best {
                if c > b.cost { continue }
                if c == b.cost && (ends.count > b.ends.count || (ends.count == b.ends.count && !ends.lexicographicallyPrecedes(b.ends))) {
                    continue
                }
            }
            best = (c, ends)
        }
        return best!.ends
    }
}

@Suite struct OptimalRowsTests {
    // W 600, T 100, tolerance 0.25 (minAR 4.5, maxAR 7.5; the band 80…133.33), lineSpacing 10; ARs
    // 2, 1, 3, 5 (the panorama), 1, 1.5, 1.5, 1.
    // Greedy: 2 + 1 + 3 = 6 closes (600/6 = 100 thick); 5 alone reaches minAR and closes (120
    //   thick, 600 wide); 1 + 1.5 + 1.5 + 1 = 5 closes (120 thick: widths 120, 180, 180, 120).
    //   Cost 0 + 20² + 20² = 800; content 100 + 10 + 120 + 10 + 120 = 360.
    // Optimal: 2 + 1 + 3 (100 thick), 5 + 1 = 6 (100 thick: widths 500, 100), and 1.5 + 1.5 + 1 = 4
    //   below minAR: the widow row, T thick, widths 150, 150, 100 from the left. Cost 0; content 320.
    static let panorama: [Double] = [2, 1, 3, 5, 1, 1.5, 1.5, 1]
    static let greedyFrames = [
        rect(0, 0, 200, 100), rect(200, 0, 100, 100), rect(300, 0, 300, 100),
        rect(0, 110, 600, 120),
        rect(0, 240, 120, 120), rect(120, 240, 180, 120), rect(300, 240, 180, 120), rect(480, 240, 120, 120),
    ]
    static let optimalFrames = [
        rect(0, 0, 200, 100), rect(200, 0, 100, 100), rect(300, 0, 300, 100),
        rect(0, 110, 500, 100), rect(500, 110, 100, 100),
        rect(0, 220, 150, 100), rect(150, 220, 150, 100), rect(300, 220, 100, 100),
    ]

    @Test(arguments: ScrollDirection.allCases)
    func aPanoramaInTheMiddleJoinsTheNextItem(direction: ScrollDirection) throws {
        let sections = [ArrayDataSource.Section(sizes: gallery(Self.panorama, direction))]
        let greedy = try justified(sections, direction, [("lineSpacing", .number(10))])
        #expect(try itemFrames(greedy) == oriented(Self.greedyFrames, direction))
        #expect(greedy.contentSize == oriented(size(600, 360), direction))
        let optimal = try justified(sections, direction, [("lineSpacing", .number(10)), ("rows", .string("optimal"))])
        #expect(try itemFrames(optimal) == oriented(Self.optimalFrames, direction))
        #expect(optimal.contentSize == oriented(size(600, 320), direction))
    }

    // The tie rule. Eleven squares, W 600, T 100, tolerance 0.5 (the band 66.67…200, minAR 3):
    // 5 + 6 and 6 + 5 both cost 20² + 0 = 400, every other partition more (4 + 7: 2500 + 204.1…;
    // 9 + a widow of 2: 1111.1…; 5 + 5 + a widow of 1: 800). Two rows each: the earlier first break
    // wins, so 5 squares 120 thick, then 6 squares 100 thick.
    @Test func tiesGoToTheEarliestBreak() throws {
        let layout = try justified([.init(sizes: gallery(Array(repeating: 1, count: 11)))], .vertical,
                                   [("tolerance", .number(0.5)), ("rows", .string("optimal"))])
        #expect(try itemFrames(layout) == (0..<5).map { rect(Double($0) * 120, 0, 120, 120) }
                                        + (0..<6).map { rect(Double($0) * 100, 120, 100, 100) })
    }

    // Spans end rows as in greedy: each run between spanning items is broken on its own, its
    // widow row laid out as a widow row, and the spanning item takes a row of its own (600 wide,
    // 600 / 2 = 300 thick). The run after it starts at 320 + 10 + 300 + 10 = 640.
    @Test func spansEndTheRuns() throws {
        let ratios = Self.panorama + [2] + Self.panorama
        let spans: [ItemSpan?] = Array(repeating: nil, count: 8) + [.all] + Array(repeating: nil, count: 8)
        let layout = try justified([.init(sizes: gallery(ratios), spans: spans)], .vertical,
                                   [("lineSpacing", .number(10)), ("rows", .string("optimal"))])
        let shifted = Self.optimalFrames.map { rect($0.x, $0.y + 640, $0.width, $0.height) }
        #expect(try itemFrames(layout) == Self.optimalFrames + [rect(0, 330, 600, 300)] + shifted)
        #expect(layout.contentSize == size(600, 960))
    }

    // A section key: section 1 takes optimal rows in a grid of greedy ones. Headers, footers and
    // insets move the rows as they move greedy's; rtl mirrors them and scale snaps them (here
    // every edge is whole already). Width 620 with inset {top 5, left 15, right 5}: W = 600.
    // Section 0 (header 20): items from 20 + 10 + 5 = 35, x from 15; its rows end at 35 + 360 =
    // 395; footer at 395 + 10 = 405, 30 thick. Section 1 starts at 435 + 10 = 445 (no header):
    // items from 450.
    @Test func aSectionKeyWithHeadersFootersInsetsRtlAndScale() throws {
        let inset = Insets(top: 5, left: 15, bottom: 0, right: 5)
        let sizes = gallery(Self.panorama)
        let sections = [
            ArrayDataSource.Section(sizes: sizes, header: size(0, 20), footer: size(0, 30)),
            ArrayDataSource.Section(sizes: sizes, options: SectionOptions([.init("rows", .string("optimal"))])),
        ]
        let layout = try justified(sections, .vertical, length: 620,
                                   [("lineSpacing", .number(10)), ("inset", .insets(inset)), ("rtl", .bool(true)), ("scale", .number(2))])
        func placed(_ frames: [Rect], at s: Double) -> [Rect] {
            frames.map { rect(620 - ($0.x + 15) - $0.width, $0.y + s, $0.width, $0.height) }
        }
        #expect(try itemFrames(layout, section: 0) == placed(Self.greedyFrames, at: 35))
        #expect(try layout.footerFrame(inSection: 0) == rect(0, 405, 620, 30))
        #expect(try itemFrames(layout, section: 1) == placed(Self.optimalFrames, at: 450))
        #expect(layout.contentSize == size(620, 770))
    }

    /// Random galleries of up to 14 items against the rule by enumeration.
    @Test func theBreaksAreTheCheapestByEnumeration() throws {
        var rng = SplitMix64(seed: 0x0971_1A15)
        var differ = 0
        for _ in 0..<300 {
            let n = Int.random(in: 1...14, using: &rng)
            let rule = Rule(length: Double(Int.random(in: 200...1000, using: &rng)),
                            rowHeight: Double(Int.random(in: 60...300, using: &rng)),
                            tolerance: Int.random(in: 0...5, using: &rng) == 0 ? 1 : Double.random(in: 0.1...1, using: &rng),
                            itemSpacing: Double(Int.random(in: 0...20, using: &rng)))
            let sizes = (0..<n).map { _ in
                let s = Double(Int.random(in: 50...200, using: &rng))
                return size(Double.random(in: 0.3...3, using: &rng) * s, s)
            }
            let ratios = sizes.map { $0.width / $0.height }
            let config = try configuration([("layout", .string("justified")), ("width", .number(rule.length)),
                                            ("rowHeight", .number(rule.rowHeight)), ("tolerance", .number(rule.tolerance)),
                                            ("itemSpacing", .number(rule.itemSpacing)), ("lineSpacing", .number(7)),
                                            ("rows", .string("optimal"))])
            let layout = try ContentLayout(configuration: config, dataSource: ArrayDataSource(sections: [.init(sizes: sizes)]))
            let expected = rule.bruteForce(ratios)
            #expect(rowEnds(try itemFrames(layout)) == expected, "\(rule) \(ratios)")
            var greedyConfig = config
            greedyConfig.rows = .greedy
            let greedy = try ContentLayout(configuration: greedyConfig, dataSource: ArrayDataSource(sections: [.init(sizes: sizes)]))
            if rowEnds(try itemFrames(greedy)) != expected { differ += 1 }
        }
        // The galleries tell the two rules apart.
        #expect(differ > 150)
    }

    /// Larger galleries: never costlier than greedy's rows when those are all allowed.
    @Test func neverCostlierThanGreedyWhereGreedyIsInTheBand() throws {
        var rng = SplitMix64(seed: 0x0971_1A16)
        var compared = 0
        var cheaper = 0
        for round in 0..<40 {
            let n = Int.random(in: 100...2000, using: &rng)
            let rule = Rule(length: Double(Int.random(in: 300...1000, using: &rng)), rowHeight: Double(Int.random(in: 80...200, using: &rng)),
                            tolerance: Double.random(in: 0.2...1, using: &rng), itemSpacing: round % 2 == 0 ? 0 : 4)
            let sizes = (0..<n).map { _ in size(Double.random(in: 0.3...3, using: &rng) * 100, 100) }
            let ratios = sizes.map { $0.width / $0.height }
            var config = try configuration([("layout", .string("justified")), ("width", .number(rule.length)),
                                            ("rowHeight", .number(rule.rowHeight)), ("tolerance", .number(rule.tolerance)),
                                            ("itemSpacing", .number(rule.itemSpacing))])
            let greedy = try ContentLayout(configuration: config, dataSource: ArrayDataSource(sections: [.init(sizes: sizes)]))
            config.rows = .optimal
            let optimal = try ContentLayout(configuration: config, dataSource: ArrayDataSource(sections: [.init(sizes: sizes)]))
            let optimalCost = try #require(rule.cost(ratios, rowEnds(try itemFrames(optimal))))
            guard let greedyCost = rule.cost(ratios, rowEnds(try itemFrames(greedy))) else { continue }
            compared += 1
            #expect(optimalCost <= greedyCost)
            if optimalCost < greedyCost { cheaper += 1 }
        }
        #expect(compared >= 20)
        #expect(cheaper > 0)
    }

    // With estimatedSize the section is laid out whole when it is first needed: every one of its
    // items is asked in that move, none of the next section's, and the frames are a full layout's.
    @Test func aLazyLayoutAsksTheWholeSectionAtOnce() throws {
        let source = LazyLayoutTests.CountingDataSource(counts: [3000, 3000])
        var config = LazyLayoutTests.config(.justified)
        config.rows = .optimal
        let grid = Grid(configuration: config, dataSource: source)
        try grid.reload()
        #expect(source.largest == [2999, -1])
        #expect(grid.layout.itemsLaidOut == 3000)
        var full = config
        full.estimatedSize = size(0, 0)
        let reference = try ContentLayout(configuration: full, dataSource: source)
        #expect(try itemFrames(grid.layout) == itemFrames(reference))
        try grid.scroll(to: Point(x: 0, y: try reference.frame(of: GridIndexPath(section: 1, item: 0)).y))
        #expect(source.largest == [2999, 2999])
        #expect(try itemFrames(grid.layout, section: 1) == itemFrames(reference, section: 1))
    }

    /// A grid of the panorama gallery with optimal rows (viewport 600 × 400, lineSpacing 10), sortable.
    static func panoramaGrid(_ data: ListDataSource) throws -> Grid {
        let config = try configuration([("layout", .string("justified")), ("width", .number(600)), ("height", .number(400)),
                                        ("rowHeight", .number(100)), ("lineSpacing", .number(10)), ("rows", .string("optimal")),
                                        ("sort", .bool(true)), ("animationDuration", .number(0.25))])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        return grid
    }

    /// The item frames of a fresh layout of `data` under `grid`'s configuration.
    static func fresh(_ grid: Grid, _ data: ListDataSource) throws -> [[Rect]] {
        let layout = try ContentLayout(configuration: grid.configuration,
                                       dataSource: ArrayDataSource(sections: data.sections.map { .init(sizes: $0) }))
        return try data.sections.indices.map { try itemFrames(layout, section: $0) }
    }

    // reloadNew breaks the whole run again: 2, 1, 3, 5 alone are rows 2 + 1 + 3 and 5 (a row of
    // one item, 120 thick: 5 reaches minAR, so it cannot be the widow row); with 1, 1.5, 1.5, 1
    // appended, 5 takes the 1 after it (the golden frames above).
    @Test func reloadNewBreaksTheRunAgain() throws {
        let data = ListDataSource([gallery(Array(Self.panorama.prefix(4)))])
        let grid = try Self.panoramaGrid(data)
        #expect(try itemFrames(grid.layout) == Array(Self.optimalFrames.prefix(3)) + [rect(0, 110, 600, 120)])
        data.sections[0] += gallery(Array(Self.panorama.dropFirst(4)))
        try grid.reloadNew()
        #expect(try itemFrames(grid.layout) == Self.optimalFrames)
    }

    // reloadSection, an animated insert and a drag lay the section out again with optimal rows:
    // the frames are a fresh layout's.
    @Test func reloadSectionInsertsAndDragsLayTheSectionOutAgain() throws {
        let data = ListDataSource([gallery(Self.panorama), gallery([1, 1])])
        let grid = try Self.panoramaGrid(data)
        data.sections[0].swapAt(0, 4)
        try grid.reloadSection(0)
        #expect(try [itemFrames(grid.layout, section: 0), itemFrames(grid.layout, section: 1)] == Self.fresh(grid, data))
        data.incoming = [size(250, 100)]
        try grid.insertItem(at: GridIndexPath(section: 0, item: 2))
        try grid.step(1)
        #expect(data.sections[0].count == 9)
        #expect(try [itemFrames(grid.layout, section: 0), itemFrames(grid.layout, section: 1)] == Self.fresh(grid, data))

        // The golden gallery again; the panorama (0, 110, 500, 100) dragged onto the widow row.
        data.sections[0] = gallery(Self.panorama)
        try grid.reloadSection(0)
        #expect(try itemFrames(grid.layout) == Self.optimalFrames)
        #expect(try grid.beginDrag(at: Point(x: 250, y: 160)) == GridIndexPath(section: 0, item: 3))
        try grid.drag(to: Point(x: 75, y: 270))  // the panorama's centre over the widow row
        let target = grid.drag!.to
        #expect(target.section == 0 && target.item > 3)
        // The preview is the section laid out again with the item moved to its slot.
        var moved = gallery(Self.panorama)
        moved.insert(moved.remove(at: 3), at: target.item)
        let preview = ListDataSource([moved, gallery([1, 1])])
        #expect(try itemFrames(grid.layout) == Self.fresh(grid, preview)[0])
        try grid.endDrag()
        try grid.step(1)
        #expect(data.log.last == "move 0.3 0.\(target.item)")
        #expect(data.sections[0] == moved)
        #expect(try [itemFrames(grid.layout, section: 0), itemFrames(grid.layout, section: 1)] == Self.fresh(grid, data))
    }

    // Bad values name the option (or the section and its key) and the value, and list the choices.
    @Test func badValuesNameRowsAndTheValue() throws {
        var config = GridConfiguration()
        #expect(throws: GridError.invalidOption(name: "rows", value: "'best'", expected: "one of 'greedy', 'optimal'")) {
            try config.set("rows", to: .string("best"))
        }
        #expect(config.rows == .greedy)
        let data = ArrayDataSource(sections: [.init(sizes: [size(10, 10)]),
                                              .init(sizes: [size(10, 10)], options: SectionOptions([.init("rows", .string("best"))]))])
        let error = #expect(throws: GridError.self) { try ContentLayout(configuration: GridConfiguration(), dataSource: data) }
        #expect(error?.message(base: 0) == "data source 'sectionOptions' returned rows = 'best' for section 1 (expected one of 'greedy', 'optimal')")
    }
}
