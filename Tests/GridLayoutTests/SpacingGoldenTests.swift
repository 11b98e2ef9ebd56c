import Testing
import GridLayout
import GridLayoutTestSupport

// Golden frames for the two spacings (docs/layout.md, "Two spacings"): `lineSpacing` is every S use
// of spacing (consecutive items of a lane or column, lines, rows, a header and its items, sections,
// the last section and the loader); `itemSpacing` every C use (lanes, columns, the items of a line
// or row, justified's (k − 1)·spacing). `spacing` sets both. Every case is given in both
// directions: horizontally S is x and C is y, so each frame is the vertical one transposed.

private func layout(_ options: [(String, OptionValue)], _ dataSource: any GridDataSource) throws -> ContentLayout {
    try ContentLayout(configuration: configuration(options), dataSource: dataSource)
}

private let vertical: [(String, OptionValue)] = [("width", .number(320)), ("height", .number(480))]
private let horizontal: [(String, OptionValue)] = [("direction", .string("horizontal")), ("width", .number(480)), ("height", .number(320))]

/// The frame transposed (x ↔ y, w ↔ h): the horizontal twin of a vertical golden frame.
private func t(_ r: Rect) -> Rect { rect(r.y, r.x, r.height, r.width) }

@Suite struct SpacingGoldenTests {
    // lanes 2, C 320, lineSpacing 10, itemSpacing 4, items 100×50, loader 60×30.
    //   section 0: header (0,0,320,20); + lineSpacing 10 → items at 30:
    //     0 lane 0 (0,30); 1 lane 1 at C 1·(100 + 4) = 104 → (104,30); 2 lane 0 (tie, lowest) at 80+10 = 90.
    //     Ends at 140.
    //   section 1 (no header): 140 + 10 = 150: (0,150) (104,150); ends 200.
    //   loader: 200 + 10 = 210, C (320 − 60)/2 = 130 → (130,210,60,30). Content S 240.
    @Test(arguments: [false, true]) func lanes(horizontally: Bool) throws {
        let item = horizontally ? size(50, 100) : size(100, 50)
        let data = ArrayDataSource(sections: [
            .init(sizes: [item, item, item], header: horizontally ? size(20, 999) : size(999, 20)),
            .init(sizes: [item, item]),
        ], showLoader: true)
        let l = try layout((horizontally ? horizontal : vertical) +
                           [("lanes", .number(2)), ("lineSpacing", .number(10)), ("itemSpacing", .number(4)),
                            ("loaderSize", .size(horizontally ? size(30, 60) : size(60, 30)))], data)
        let f = horizontally ? t : { $0 }
        #expect(try l.headerFrame(inSection: 0) == f(rect(0, 0, 320, 20)))
        #expect(try itemFrames(l, section: 0) == [rect(0, 30, 100, 50), rect(104, 30, 100, 50), rect(0, 90, 100, 50)].map(f))
        #expect(try itemFrames(l, section: 1) == [rect(0, 150, 100, 50), rect(104, 150, 100, 50)].map(f))
        #expect(l.loaderFrame == f(rect(130, 210, 60, 30)))
        #expect(l.contentSize == (horizontally ? size(240, 320) : size(320, 240)))
    }

    // The same-size path (UniformGrid): lanes 2, items 100×50, every section with a 20 header.
    //   section 0: header (0,0), items at 30: (0,30) (104,30) (0,90); ends 140.
    //   section 1: header at 140 + 10 = 150 → (0,150,320,20); items at 180: (0,180) (104,180); ends 230.
    @Test(arguments: [false, true]) func sameSizeLanes(horizontally: Bool) throws {
        let data = UniformDataSource(counts: [3, 2], size: horizontally ? size(50, 100) : size(100, 50),
                                     header: horizontally ? size(20, 999) : size(999, 20))
        let l = try layout((horizontally ? horizontal : vertical) +
                           [("lanes", .number(2)), ("lineSpacing", .number(10)), ("itemSpacing", .number(4))], data)
        let f = horizontally ? t : { $0 }
        #expect(try itemFrames(l, section: 0) == [rect(0, 30, 100, 50), rect(104, 30, 100, 50), rect(0, 90, 100, 50)].map(f))
        #expect(try l.headerFrame(inSection: 1) == f(rect(0, 150, 320, 20)))
        #expect(try itemFrames(l, section: 1) == [rect(0, 180, 100, 50), rect(104, 180, 100, 50)].map(f))
        #expect(l.contentSize == (horizontally ? size(230, 320) : size(320, 230)))
    }

    // Paged same-size lanes: page 200 along S, lanes 2, items 100×50, lineSpacing 10, itemSpacing 20.
    //   rows per page = ⌊(200 + 10) / (50 + 10)⌋ = 3, so 6 items a page; lane pitch 100 + 20 = 120,
    //   row pitch 50 + 10 = 60: items 0…5 at (0|120, 0|60|120); item 6 on page 2 at S 200.
    //   The content fills its last page: S 400.
    @Test(arguments: [false, true]) func pagedLanes(horizontally: Bool) throws {
        let data = UniformDataSource(counts: [7], size: horizontally ? size(50, 100) : size(100, 50))
        let viewport: [(String, OptionValue)] = horizontally
            ? [("direction", .string("horizontal")), ("width", .number(200)), ("height", .number(320))]
            : [("width", .number(320)), ("height", .number(200))]
        let l = try layout(viewport + [("paging", .bool(true)), ("lanes", .number(2)),
                                       ("lineSpacing", .number(10)), ("itemSpacing", .number(20))], data)
        let f = horizontally ? t : { $0 }
        #expect(try itemFrames(l) == [rect(0, 0, 100, 50), rect(120, 0, 100, 50), rect(0, 60, 100, 50), rect(120, 60, 100, 50),
                                      rect(0, 120, 100, 50), rect(120, 120, 100, 50), rect(0, 200, 100, 50)].map(f))
        #expect(l.contentSize == (horizontally ? size(400, 320) : size(320, 400)))
    }

    // waterfall, 2 columns, C 320, lineSpacing 10, itemSpacing 20: column width (320 − 20)/2 = 150,
    // column 1 starts at 150 + 20 = 170. Items (C×S) scaled to 150 wide:
    //   0 300×100 → S 50, column 0 at 0;            column 0 ends 50
    //   1 150×150 → S 150, column 1 at 0;           column 1 ends 150
    //   2 75×50 → S 100, shortest column 0 at 50 + 10 = 60, ends 160
    //   3 150×30 → S 30, shortest column 1 at 150 + 10 = 160, ends 190. Content S 190.
    @Test(arguments: [false, true]) func waterfall(horizontally: Bool) throws {
        let sizes = [(300.0, 100.0), (150, 150), (75, 50), (150, 30)].map { horizontally ? size($0.1, $0.0) : size($0.0, $0.1) }
        let l = try layout((horizontally ? horizontal : vertical) +
                           [("layout", .string("waterfall")), ("columns", .number(2)),
                            ("lineSpacing", .number(10)), ("itemSpacing", .number(20))], ArrayDataSource(sizes: sizes))
        let f = horizontally ? t : { $0 }
        #expect(try itemFrames(l) == [rect(0, 0, 150, 50), rect(170, 0, 150, 150), rect(0, 60, 150, 100), rect(170, 160, 150, 30)].map(f))
        #expect(l.contentSize == (horizontally ? size(190, 320) : size(320, 190)))
    }

    // flow, C 300, lineSpacing 20, itemSpacing 5:
    //   line 0 at 0: 0 100×40 c 0..100; 1 100×30 c 105..205; 2 90×50 c 210..300 (exactly reaches 300)
    //   3 50×10: 305 + 50 > 300 → line 1 at 0 + 50 + 20 = 70, c 0..50. Content S 80.
    @Test(arguments: [false, true]) func flow(horizontally: Bool) throws {
        let sizes = [(100.0, 40.0), (100, 30), (90, 50), (50, 10)].map { horizontally ? size($0.1, $0.0) : size($0.0, $0.1) }
        let viewport: [(String, OptionValue)] = horizontally
            ? [("direction", .string("horizontal")), ("width", .number(480)), ("height", .number(300))]
            : [("width", .number(300))]
        let l = try layout(viewport + [("layout", .string("flow")), ("lineSpacing", .number(20)), ("itemSpacing", .number(5))],
                           ArrayDataSource(sizes: sizes))
        let f = horizontally ? t : { $0 }
        #expect(try itemFrames(l) == [rect(0, 0, 100, 40), rect(105, 0, 100, 30), rect(210, 0, 90, 50), rect(0, 70, 50, 10)].map(f))
        #expect(l.contentSize == (horizontally ? size(80, 300) : size(300, 80)))
    }

    // Same-size flow, C 300, items 100×40, lineSpacing 20, itemSpacing 5: a line holds 0..100 and
    // 105..205; a third would end at 310 > 300 (with itemSpacing 0 three would fit). Lines 60 apart.
    @Test(arguments: [false, true]) func sameSizeFlow(horizontally: Bool) throws {
        let viewport: [(String, OptionValue)] = horizontally
            ? [("direction", .string("horizontal")), ("width", .number(480)), ("height", .number(300))]
            : [("width", .number(300))]
        let l = try layout(viewport + [("layout", .string("flow")), ("lineSpacing", .number(20)), ("itemSpacing", .number(5))],
                           UniformDataSource(counts: [5], size: horizontally ? size(40, 100) : size(100, 40)))
        let f = horizontally ? t : { $0 }
        #expect(try itemFrames(l) == [rect(0, 0, 100, 40), rect(105, 0, 100, 40), rect(0, 60, 100, 40), rect(105, 60, 100, 40),
                                      rect(0, 120, 100, 40)].map(f))
        #expect(l.contentSize == (horizontally ? size(160, 300) : size(300, 160)))
    }

    // justified, W 600, T 100, tolerance 0.25 (minAR 4.5, maxAR 7.5), lineSpacing 10, itemSpacing 20,
    // widow justify. ARs 2, 2, 1, 1, 1:
    //   row 0: ΣAR 2, 4 (open), 5 ∈ [4.5, 7.5] → closes; thickness (600 − 2·20)/5 = 112;
    //          widths 224, 224, 112 at c 0, 244, 488 (488 + 112 = 600).
    //   row 1 (the widow) at 112 + 10 = 122, T thick: justify adds (600 − 20 − 2·100)/2 = 190 to each:
    //          widths 290 at c 0 and 310 (310 + 290 = 600). Content S 222.
    @Test(arguments: [false, true]) func justified(horizontally: Bool) throws {
        let sizes = [(200.0, 100.0), (200, 100), (100, 100), (100, 100), (100, 100)]
            .map { horizontally ? size($0.1, $0.0) : size($0.0, $0.1) }
        let viewport: [(String, OptionValue)] = horizontally
            ? [("direction", .string("horizontal")), ("width", .number(480)), ("height", .number(600))]
            : [("width", .number(600))]
        let l = try layout(viewport + [("layout", .string("justified")), ("rowHeight", .number(100)), ("widow", .string("justify")),
                                       ("lineSpacing", .number(10)), ("itemSpacing", .number(20))], ArrayDataSource(sizes: sizes))
        let f = horizontally ? t : { $0 }
        #expect(try itemFrames(l) == [rect(0, 0, 224, 112), rect(244, 0, 224, 112), rect(488, 0, 112, 112),
                                      rect(0, 122, 290, 100), rect(310, 122, 290, 100)].map(f))
        #expect(l.contentSize == (horizontally ? size(222, 600) : size(600, 222)))
    }

    // `spacing` sets both; it reads their value when equal and NaN when not.
    @Test func spacingSetsBothAndReadsNaNWhenTheyDiffer() throws {
        var c = GridConfiguration()
        try c.set("spacing", to: .number(7))
        #expect(c.lineSpacing == 7 && c.itemSpacing == 7)
        #expect(try c.value(of: "spacing") == .number(7))
        try c.set("itemSpacing", to: .number(3))
        #expect(c.lineSpacing == 7 && c.itemSpacing == 3)
        guard case .number(let n) = try c.value(of: "spacing") else { Issue.record("spacing is a number"); return }
        #expect(n.isNaN)
        try c.set("spacing", to: .number(2))
        #expect(c.lineSpacing == 2 && c.itemSpacing == 2)
        #expect(throws: GridError.invalidOption(name: "lineSpacing", value: "nan", expected: "a finite number >= 0")) {
            try c.set("lineSpacing", to: .number(.nan))
        }
        #expect(throws: GridError.invalidOption(name: "spacing", value: "-1", expected: "a finite number >= 0")) {
            try c.set("spacing", to: .number(-1))
        }
        #expect(c.lineSpacing == 2 && c.itemSpacing == 2)
    }

    // Sticky headers meet the next section lineSpacing after the previous one's items: lanes 1,
    // C 320, viewport S 100, lineSpacing 30, itemSpacing 4, 20 headers, 2 items 100×50 a section.
    //   section 0: header 0..20, items at 50 and 130, ends 180; section 1 starts 180 + 30 = 210.
    //   At offset 195 the header pins at 195 (its S end 215 would pass 210): pushed to 210 − 20 = 190.
    @Test func stickyHeaderIsPushedByTheNextSectionAfterLineSpacing() throws {
        let grid = Grid(configuration: try configuration(vertical + [("height", .number(100)), ("stickyHeaders", .bool(true)),
                                                                     ("lineSpacing", .number(30)), ("itemSpacing", .number(4))]))
        grid.dataSource = UniformDataSource(counts: [2, 2], size: size(100, 50), header: size(999, 20))
        try grid.reload()
        #expect(try grid.headerFrame(inSection: 1) == rect(0, 210, 320, 20))
        try grid.scroll(to: Point(x: 0, y: 195))
        let pinned = grid.visibleElements().first { $0.id == .header(section: 0) }
        #expect(pinned?.frame == rect(0, 190, 320, 20))
    }
    // A drag on two lanes, C 210, lineSpacing 20, itemSpacing 4, items 100×50: item i in lane i % 2
    // at x = (i % 2)·104, y = (i / 2)·70. Item 0, grabbed at its centre (50, 25) and moved to
    // (154, 95), lies exactly on slot 3 (centre (104 + 50, 70 + 25)); dropped, the items settle
    // where a fresh layout of the reordered data puts them.
    @Test func dragUsesBothSpacings() throws {
        let data = ListDataSource([items(6)])
        let grid = try laneGrid(data, options: [("sort", .bool(true)), ("animationDuration", .number(0.25)),
                                                ("lineSpacing", .number(20)), ("itemSpacing", .number(4))])
        #expect(drawn(grid) == ["0 0,0", "1 104,0", "2 0,70", "3 104,70", "4 0,140", "5 104,140"])
        #expect(try grid.beginDrag(at: Point(x: 50, y: 25)) == GridIndexPath(section: 0, item: 0))
        try grid.drag(to: Point(x: 154, y: 95))
        #expect(grid.drag! == (GridIndexPath(section: 0, item: 0), GridIndexPath(section: 0, item: 3)))
        try grid.endDrag()
        #expect(data.log == ["move 0.0 0.3"])
        try grid.step(0.25)
        #expect(drawn(grid) == ["0 0,0", "1 104,0", "2 0,70", "3 104,70", "4 0,140", "5 104,140"])
    }

    // The random grids of the property and reloadNew/reloadSection tests draw unequal spacings in
    // every layout and direction among the seeds those tests use.
    @Test func randomGridsSplitTheSpacings() {
        for layout in LayoutKind.allCases {
            for direction in ScrollDirection.allCases {
                let split = randomGrids(layout, direction).filter { $0.1.configuration.lineSpacing != $0.1.configuration.itemSpacing }
                #expect(!split.isEmpty, "\(layout) \(direction)")
            }
        }
    }
}
