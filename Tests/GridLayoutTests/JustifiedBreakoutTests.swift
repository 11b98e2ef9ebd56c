import Testing
import GridLayout
import GridLayoutTestSupport

// Breakout rows (`breakoutCadence`, docs/layout.md "justified"): with a cadence n, rows n, 2n, 3n, …
// of a justified section are breakout rows. An item that arrives at one while it is empty and whose
// aspect ratio is at least 1 closes it alone: a closed row of one item, W wide and W/AR thick,
// clamped to [T/2, 2T]. A narrower first item leaves it an ordinary row. Every row the section lays
// out counts, a row that a spanning item ends and the spanning item's own row included.

/// A justified layout of items of aspect ratios `ratios` (C size ratio × 100, S size 100) in rows
/// `length` long: vertically in a viewport `length` wide; horizontally the same with the axes swapped.
private func breakoutLayout(_ direction: ScrollDirection, length: Double, _ ratios: [Double], spans: [ItemSpan?]? = nil,
                            _ options: [(String, OptionValue)]) throws -> ContentLayout {
    let vertical = direction == .vertical
    let sizes = ratios.map { vertical ? size($0 * 100, 100) : size(100, $0 * 100) }
    let viewport: [(String, OptionValue)] = vertical ? [("width", .number(length))] : [("width", .number(480)), ("height", .number(length))]
    let config = try configuration([("layout", .string("justified")), ("direction", .string(direction.rawValue)),
                                    ("rowHeight", .number(100))] + viewport + options)
    return try ContentLayout(configuration: config, dataSource: ArrayDataSource(sections: [.init(sizes: sizes, spans: spans)]))
}

/// `frames` (given vertically: x along C, y along S) as `direction` has them.
private func oriented(_ frames: [Rect], _ direction: ScrollDirection) -> [Rect] {
    direction == .vertical ? frames : frames.map { rect($0.y, $0.x, $0.height, $0.width) }
}

private func oriented(_ content: Size, _ direction: ScrollDirection) -> Size {
    direction == .vertical ? content : size(content.height, content.width)
}

@Suite struct JustifiedBreakoutTests {
    // W 600, T 100, tolerance 0.25 → minAR 4.5, maxAR 7.5; cadence 2, lineSpacing 10.
    //   row 1 (s 0): AR 2 + 3 = 5 closes; 600/5 = 120 thick; widths 240, 360
    //   row 2 (s 130), a breakout row: AR 1.5 alone; 600/1.5 = 400, clamped to 200; width 1.5 · 400 = 600
    //   row 3 (s 340): AR 2 + 3 again; 120 thick
    //   row 4 (s 470), a breakout row, but AR 0.5 < 1 starts it: ordinary; + 4.5 = 5 closes; widths 60, 540
    //   row 5 (s 600): AR 3 + 2 = 5 closes; widths 360, 240
    //   row 6 (s 730), a breakout row: AR 6 alone; 600/6 = 100 thick, 600 wide
    //   widow (s 840): AR 1, T thick, 100 wide (left)
    // Content S = 940. (Without the cadence, 1.5 would join the next row: 1.5 + 2 + 3 = 6.5.)
    @Test(arguments: ScrollDirection.allCases)
    func everyNthRowIsItsFirstItemAlone(direction: ScrollDirection) throws {
        let layout = try breakoutLayout(direction, length: 600, [2, 3, 1.5, 2, 3, 0.5, 4.5, 3, 2, 6, 1],
                                        [("breakoutCadence", .number(2)), ("lineSpacing", .number(10))])
        #expect(try itemFrames(layout) == oriented([
            rect(0, 0, 240, 120), rect(240, 0, 360, 120),
            rect(0, 130, 600, 200),
            rect(0, 340, 240, 120), rect(240, 340, 360, 120),
            rect(0, 470, 60, 120), rect(60, 470, 540, 120),
            rect(0, 600, 360, 120), rect(360, 600, 240, 120),
            rect(0, 730, 600, 100),
            rect(0, 840, 100, 100),
        ], direction))
        #expect(layout.contentSize == oriented(size(600, 940), direction))
    }

    // An item that the row before rejects starts the next row, and takes it alone when that is a
    // breakout row. W 680, T 100 → minAR 5.1, maxAR 8.5, the row's target 6.8; cadence 2.
    //   row 1: AR 5 (below minAR); + AR 4 = 9 > 8.5 and |9 − 6.8| = 2.2 > |5 − 6.8| = 1.8: rejected;
    //          [5] closes, 680/5 = 136 thick, 680 wide
    //   row 2, a breakout row: the rejected AR 4 alone (below minAR, so otherwise it would stay
    //          open); 680/4 = 170 thick, 680 wide
    //   widow: AR 2, at 306, T thick, 200 wide
    @Test(arguments: ScrollDirection.allCases)
    func aRejectedItemStartsABreakoutRow(direction: ScrollDirection) throws {
        let layout = try breakoutLayout(direction, length: 680, [5, 4, 2], [("breakoutCadence", .number(2))])
        #expect(try itemFrames(layout) == oriented([
            rect(0, 0, 680, 136),
            rect(0, 136, 680, 170),
            rect(0, 306, 200, 100),
        ], direction))
        #expect(layout.contentSize == oriented(size(680, 406), direction))
    }

    // Cadence 1: every row is a breakout row. W 600, T 100, itemSpacing 20 (a row of one item has
    // no gap: it is W wide).
    //   row 1: AR 2 alone; 600/2 = 300, clamped to 200; width 2 · 300 = 600
    //   row 2: AR 0.5 starts it (narrower than square): ordinary; 0.5 + 1 + 3 = 4.5 closes;
    //          (600 − 2 · 20)/4.5 = 124.44… thick; widths 62.22…, 124.44…, 373.33…
    //   row 3: AR 1 (square counts) alone; 600 thick, clamped to 200; 600 wide
    //   row 4: AR 30 alone; 600/30 = 20, clamped to T/2 = 50; width 30 · 20 = 600
    //   widow: AR 0.5, T thick, 50 wide
    @Test func cadenceOneBreaksOutEveryRowThatStartsSquareOrWider() throws {
        let layout = try breakoutLayout(.vertical, length: 600, [2, 0.5, 1, 3, 1, 30, 0.5],
                                        [("breakoutCadence", .number(1)), ("itemSpacing", .number(20))])
        // Sums in the engine's order, so that every number is the same double.
        let t = 560 / 4.5
        let (c1, s3) = (0.5 * t + 20, 200 + t)
        let (c2, s4) = (c1 + (t + 20), s3 + 200)
        #expect(try itemFrames(layout) == [
            rect(0, 0, 600, 200),
            rect(0, 200, 0.5 * t, t), rect(c1, 200, t, t), rect(c2, 200, 3 * t, t),
            rect(0, s3, 600, 200),
            rect(0, s4, 600, 50),
            rect(0, s4 + 50, 50, 100),
        ])
        #expect(layout.contentSize == size(600, s4 + 50 + 100))
    }

    // Rows that spanning items make count too. Cadence 2, W 600, T 100:
    //   row 1: AR 2 is open when the spanning item arrives: it ends as a widow row, T thick, 200 wide
    //   row 2: the spanning item (AR 2): the line wide, 600 · 100/200 = 300 thick (not clamped)
    //   row 3 (ordinary): AR 2 + 3 = 5 closes; 120 thick
    //   row 4, a breakout row: AR 1.5 alone, clamped to 200, 600 wide
    @Test func rowsThatSpansMakeCount() throws {
        let layout = try breakoutLayout(.vertical, length: 600, [2, 2, 2, 3, 1.5], spans: [nil, .all, nil, nil, nil],
                                        [("breakoutCadence", .number(2))])
        #expect(try itemFrames(layout) == [
            rect(0, 0, 200, 100),
            rect(0, 100, 600, 300),
            rect(0, 400, 240, 120), rect(240, 400, 360, 120),
            rect(0, 520, 600, 200),
        ])
        #expect(layout.contentSize == size(600, 720))
    }

    // Rows restart in every section, and the count with them: the second section's first row is
    // row 1 again. Cadence 2: in both sections AR 2 + 3 closes row 1 (120 thick) and AR 1.5 takes
    // row 2 alone (200 thick). A per-section layout takes the grid's cadence.
    @Test func theCountRestartsInEverySection() throws {
        let rows: [Size] = [size(200, 100), size(300, 100), size(150, 100)]
        let config = try configuration([("layout", .string("justified")), ("width", .number(600)), ("rowHeight", .number(100)),
                                        ("breakoutCadence", .number(2))])
        let layout = try ContentLayout(configuration: config, dataSource: ArrayDataSource(sections: [
            .init(sizes: rows),
            .init(sizes: rows, options: SectionOptions([.init("layout", .string("justified"))])),
        ]))
        let expected = [rect(0, 0, 240, 120), rect(240, 0, 360, 120), rect(0, 120, 600, 200)]
        #expect(try itemFrames(layout, section: 0) == expected)
        #expect(try itemFrames(layout, section: 1) == expected.map { rect($0.x, $0.y + 320, $0.width, $0.height) })
    }

    // A cadence no row reaches changes nothing: the frames are those without one, bit for bit.
    @Test func aCadencePastTheLastRowChangesNothing() throws {
        var rng = SplitMix64(seed: 7)
        let ratios = (0..<400).map { _ in Double(Int.random(in: 20...300, using: &rng)) / 100 }
        let plain = try itemFrames(breakoutLayout(.vertical, length: 900, ratios, [("spacing", .number(6))]))
        let far = try itemFrames(breakoutLayout(.vertical, length: 900, ratios, [("spacing", .number(6)), ("breakoutCadence", .number(401))]))
        #expect(far == plain)
        let some = try itemFrames(breakoutLayout(.vertical, length: 900, ratios, [("spacing", .number(6)), ("breakoutCadence", .number(3))]))
        #expect(some != plain)
    }

    // The count goes on across batches (of 256 items), `reloadNew` and the lazy frontier: each
    // gives exactly a full reload's frames.
    @Test func theCountCarriesAcrossBatchesReloadNewAndTheFrontier() throws {
        let sizes = (0..<3000).map { (i: Int) -> Size in size(Double(40 + i * 37 % 161), Double(60 + i * 53 % 71)) }
        var config = try configuration([("layout", .string("justified")), ("width", .number(500)), ("rowHeight", .number(90)),
                                        ("spacing", .number(4)), ("breakoutCadence", .number(3))])
        let data = GrowingDataSource(full: [ArrayDataSource.Section(sizes: sizes)], showLoader: false)
        let grid = Grid(configuration: config, dataSource: data)
        data.show(sections: 1, items: 700)
        try grid.reload()
        for items in [701, 1300, 2049, 3000] {
            data.show(sections: 1, items: items)
            try grid.reloadNew()
            expectSameLayout(grid, try ContentLayout(configuration: config, dataSource: data), "reloadNew to \(items) items")
        }
        let full = try ContentLayout(configuration: config, dataSource: data)
        config.estimatedSize = size(100, 90)
        let lazy = Grid(configuration: config, dataSource: data)
        try lazy.reload()
        try lazy.scroll(to: Point(x: 0, y: full.contentSize.height / 3))
        try lazy.scroll(to: Point(x: 0, y: .infinity))
        expectSameLayout(lazy, full, "lazily, at the end")
    }

    @Test func theOptionTakesAWholeNumberOfRows() throws {
        var config = GridConfiguration()
        #expect(config.breakoutCadence == 0)
        try config.set("breakoutCadence", to: .number(5))
        #expect(config.breakoutCadence == 5)
        #expect(try config.value(of: "breakoutCadence") == .number(5))
        for (value, expected) in [(-1.0, "0...100000000"), (100_000_001, "0...100000000"), (2.5, "an integer")] {
            #expect(throws: GridError.invalidOption(name: "breakoutCadence", value: OptionValue.number(value).description, expected: expected)) {
                try config.set("breakoutCadence", to: .number(value))
            }
        }
        #expect(config.breakoutCadence == 5)
    }
}
