import Testing
import GridLayout
import GridLayoutTestSupport

// Golden frames for composition (docs/layout.md, "Composition"): spans in lanes, waterfall (shortest,
// ltr, rtl), flow and justified; section insets; footers; sticky headers pushed by their footer;
// per-section options. The working is shown above each case; every case that has a horizontal twin
// is checked in both directions (horizontally S is x and C is y: each frame transposed).

private func layout(_ options: [(String, OptionValue)], _ dataSource: any GridDataSource) throws -> ContentLayout {
    try ContentLayout(configuration: configuration(options), dataSource: dataSource)
}

private func axes(_ horizontally: Bool, c: Double, s: Double = 480) -> [(String, OptionValue)] {
    horizontally ? [("direction", .string("horizontal")), ("width", .number(s)), ("height", .number(c))]
                 : [("width", .number(c)), ("height", .number(s))]
}

/// The frame transposed (x ↔ y, w ↔ h): the horizontal twin of a vertical golden frame.
private func t(_ r: Rect) -> Rect { rect(r.y, r.x, r.height, r.width) }

/// A size given as vertical (w, h), transposed when horizontal.
private func sz(_ horizontally: Bool, _ w: Double, _ h: Double) -> Size { horizontally ? size(h, w) : size(w, h) }

@Suite struct CompositionGoldenTests {
    // waterfall, 3 columns, C 320, itemSpacing 10, lineSpacing 10: column (320 − 2·10)/3 = 100.
    //   0 100×100 → column 0 at 0: (0,0,100,100); ends [100, 0, 0]
    //   1 100×50  → shortest column 1 (tie 1, 2 → lowest) at C 110: (110,0,100,50); ends [100, 50, 0]
    //   2 100×80  → column 2 at C 220: (220,0,100,80); ends [100, 50, 80]
    //   3 200×50 spanning all: 3·100 + 2·10 = 320 wide, S 50·320/200 = 80, at the largest next
    //     start max(110, 60, 90) = 110: (0,110,320,80); every column ends at 190
    //   4 100×30 → column 0 at 190 + 10 = 200: (0,200,100,30). Content S 230.
    @Test(arguments: [false, true]) func fullSpanBannerInAThreeColumnWaterfall(horizontally: Bool) throws {
        let h = horizontally
        let data = ArrayDataSource(sections: [.init(sizes: [sz(h, 100, 100), sz(h, 100, 50), sz(h, 100, 80), sz(h, 200, 50), sz(h, 100, 30)],
                                                    spans: [nil, nil, nil, .all, nil])])
        let l = try layout(axes(h, c: 320) + [("layout", .string("waterfall")), ("columns", .number(3)), ("spacing", .number(10))], data)
        let f = h ? t : { $0 }
        #expect(try itemFrames(l) == [rect(0, 0, 100, 100), rect(110, 0, 100, 50), rect(220, 0, 100, 80),
                                      rect(0, 110, 320, 80), rect(0, 200, 100, 30)].map(f))
        #expect(l.contentSize == (h ? size(230, 320) : size(320, 230)))
    }

    // lanes 3, itemSpacing 4, lineSpacing 10, items 100×50 but item 1, 204×40 spanning 2.
    //   0 → lane 0 at 0: (0,0,100,50); ends [50, 0, 0]
    //   1 span 2: lanes 0–1 end at most 50, lanes 1–2 at most 0 → lanes 1–2, at max(0, 0) = 0;
    //     u = (204 − 4)/2 = 100, C 1·(100 + 4) = 104: (104,0,204,40); ends [50, 40, 40]
    //   2 → shortest lane 1 (40, tie with 2 → lowest) at 40 + 10 = 50, C 104: (104,50,100,50)
    //   3 → lane 2 (40) at 50, C 2·104 = 208: (208,50,100,50)
    //   4 → lane 0 (50) at 60: (0,60,100,50). Content S 110.
    @Test(arguments: [false, true]) func twoSpanItemInLanes(horizontally: Bool) throws {
        let h = horizontally
        let item = sz(h, 100, 50)
        let data = ArrayDataSource(sections: [.init(sizes: [item, sz(h, 204, 40), item, item, item], spans: [nil, .lanes(2), nil, nil, nil])])
        let l = try layout(axes(h, c: 320) + [("lanes", .number(3)), ("itemSpacing", .number(4)), ("lineSpacing", .number(10))], data)
        let f = h ? t : { $0 }
        #expect(try itemFrames(l) == [rect(0, 0, 100, 50), rect(104, 0, 204, 40), rect(104, 50, 100, 50),
                                      rect(208, 50, 100, 50), rect(0, 60, 100, 50)].map(f))
    }

    // Starts that fall: lanes 3, no spacing, C sizes 100.
    //   0 100×10 → lane 0: (0,0); 1 100×100 → lane 1: (100,0); 2 100×10 → lane 2: (200,0); ends [10, 100, 10]
    //   3 204×50 span 2: lanes 0–1 and 1–2 both end at most 100 → lanes 0–1 (lowest), at 100:
    //     u = 102, (0,100,204,50); ends [150, 150, 10]
    //   4 100×10 → lane 2 at 10: (204… no: C 2·(100 + 0) = 200): (200,10,100,10) — it starts before item 3.
    // The query for S 15..30 finds item 1 (0..100) and item 4 (10..20), not item 3.
    @Test func spansLetStartsFallAndQueriesStillFindEveryItem() throws {
        let data = ArrayDataSource(sections: [.init(sizes: [size(100, 10), size(100, 100), size(100, 10), size(204, 50), size(100, 10)],
                                                    spans: [nil, nil, nil, .lanes(2), nil])])
        let l = try layout(axes(false, c: 300) + [("lanes", .number(3))], data)
        #expect(try itemFrames(l) == [rect(0, 0, 100, 10), rect(100, 0, 100, 100), rect(200, 0, 100, 10),
                                      rect(0, 100, 204, 50), rect(200, 10, 100, 10)])
        #expect(l.elements(in: rect(0, 15, 300, 15)).map(\.id) == [.item(GridIndexPath(section: 0, item: 1)), .item(GridIndexPath(section: 0, item: 4))])
    }

    // waterfall 3 columns, C 300, no spacing: column 100; items square 100×100 (S scales with the width).
    // spans [1, 2, 2, 1, 3, 1]. ltr, a cursor c from 0:
    //   0 k1 c0 → column 0 at 0: (0,0,100,100); c 1; ends [100, 0, 0]
    //   1 k2 c1 (1+2 ≤ 3) → columns 1–2 at 0, 200 wide, S 200: (100,0,200,200); c 0; ends [100, 200, 200]
    //   2 k2 c0 → columns 0–1 at max(100, 200) = 200: (0,200,200,200); c 2; ends [400, 400, 200]
    //   3 k1 c2 → column 2 at 200: (200,200,100,100); c 0; ends [400, 400, 300]
    //   4 k3 c0 → all at 400, 300 wide: (0,400,300,300); c 0; ends 700
    //   5 k1 c0 → column 0 at 700: (0,700,100,100)
    // rtl places at columns n − c − k … n − 1 − c:
    //   0 → column 2: (200,0,100,100); 1 c1 → columns 0–1: (0,0,200,200); 2 c0 → columns 1–2 at
    //   max(200, 100) = 200: (100,200,200,200); 3 c2 → column 0 at 200: (0,200,100,100);
    //   4 → (0,400,300,300); 5 c0 → column 2 at 700: (200,700,100,100)
    @Test(arguments: [WaterfallOrder.ltr, .rtl]) func cursorOrdersWithSpans(order: WaterfallOrder) throws {
        let data = ArrayDataSource(sections: [.init(sizes: Array(repeating: size(100, 100), count: 6),
                                                    spans: [nil, .lanes(2), .lanes(2), .lanes(1), .lanes(3), nil])])
        let l = try layout(axes(false, c: 300) + [("layout", .string("waterfall")), ("columns", .number(3)), ("order", .string(order.rawValue))], data)
        let expected = order == .ltr
            ? [rect(0, 0, 100, 100), rect(100, 0, 200, 200), rect(0, 200, 200, 200), rect(200, 200, 100, 100), rect(0, 400, 300, 300), rect(0, 700, 100, 100)]
            : [rect(200, 0, 100, 100), rect(0, 0, 200, 200), rect(100, 200, 200, 200), rect(0, 200, 100, 100), rect(0, 400, 300, 300), rect(200, 700, 100, 100)]
        #expect(try itemFrames(l) == expected)
    }

    // justified, C 300, rowHeight 100, tolerance 0.25 (aspect ratio sums in [2.25, 3.75] close a row).
    //   0, 1 square: the sum 2 stays below 2.25, the row stays open.
    //   2 (200×100) spans all: it ends the open row, laid out as a widow row (left): each item
    //     AR·100 = 100 wide: (0,0,100,100) (100,0,100,100); then its own row 300 wide and
    //     300 / 2 = 150 thick at 100: (0,100,300,150)
    //   3 (300×100, AR 3) closes a row alone: 300/3 = 100 thick at 250: (0,250,300,100). Content 350.
    @Test(arguments: [false, true]) func justifiedBreakoutRow(horizontally: Bool) throws {
        let h = horizontally
        let data = ArrayDataSource(sections: [.init(sizes: [sz(h, 100, 100), sz(h, 100, 100), sz(h, 200, 100), sz(h, 300, 100)],
                                                    spans: [nil, nil, .all, nil])])
        let l = try layout(axes(h, c: 300) + [("layout", .string("justified")), ("rowHeight", .number(100))], data)
        let f = h ? t : { $0 }
        #expect(try itemFrames(l) == [rect(0, 0, 100, 100), rect(100, 0, 100, 100), rect(0, 100, 300, 150), rect(0, 250, 300, 100)].map(f))
        #expect(l.contentSize == (h ? size(350, 300) : size(300, 350)))
    }

    // flow, C 300, spacing 10: 100×20, 100×30, then a 50×40 spanning all, then 100×20.
    //   line 1: (0,0,100,20) (110,0,100,30); the full-span item ends it: its own line at
    //   30 + 10 = 40, 300 wide, its own 40 thick: (0,40,300,40); the next line at 90: (0,90,100,20).
    @Test func flowFullLineItem() throws {
        let data = ArrayDataSource(sections: [.init(sizes: [size(100, 20), size(100, 30), size(50, 40), size(100, 20)],
                                                    spans: [nil, .lanes(2), .all, nil])])
        let l = try layout(axes(false, c: 300) + [("layout", .string("flow")), ("spacing", .number(10))], data)
        #expect(try itemFrames(l) == [rect(0, 0, 100, 20), rect(110, 0, 100, 30), rect(0, 40, 300, 40), rect(0, 90, 100, 20)])
    }

    // Insets narrow a waterfall: C 320, inset {top 5, left 10, bottom 15, right 30}, columns 2,
    // itemSpacing 20: the items' C range is 10…290 (280): column (280 − 20)/2 = 130.
    //   header (0,0,320,20), items at 20 + 5 = 25: (10,25,130,130) (160,25,130,130) (10,155,130,130);
    //   they end at 285, + 15 = 300: footer (0,300,320,30). Content S 330.
    @Test(arguments: [false, true]) func insetsNarrowWaterfallColumns(horizontally: Bool) throws {
        let h = horizontally
        let square = sz(h, 130, 130)
        let data = ArrayDataSource(sections: [.init(sizes: [square, square, square], header: sz(h, 1, 20), footer: sz(h, 1, 30))])
        let inset: Insets = h ? Insets(top: 10, left: 5, bottom: 30, right: 15) : Insets(top: 5, left: 10, bottom: 15, right: 30)
        let l = try layout(axes(h, c: 320) + [("layout", .string("waterfall")), ("columns", .number(2)), ("itemSpacing", .number(20)),
                                              ("inset", .insets(inset))], data)
        let f = h ? t : { $0 }
        #expect(try l.headerFrame(inSection: 0) == f(rect(0, 0, 320, 20)))
        #expect(try itemFrames(l) == [rect(10, 25, 130, 130), rect(160, 25, 130, 130), rect(10, 155, 130, 130)].map(f))
        #expect(try l.footerFrame(inSection: 0) == f(rect(0, 300, 320, 30)))
        #expect(l.contentSize == (h ? size(330, 320) : size(320, 330)))
    }

    // Insets narrow justified's W: C 300, inset left 50 right 50 → W 200, rowHeight 100, two
    // squares: AR sum 2 in [1.5, 2.5] closes the row: 200/2 = 100 thick, items 100 wide from C 50.
    @Test func insetsNarrowJustifiedWidth() throws {
        let data = ArrayDataSource(sections: [.init(sizes: [size(100, 100), size(100, 100)])])
        let l = try layout(axes(false, c: 300) + [("layout", .string("justified")), ("rowHeight", .number(100)),
                                                  ("inset", .insets(Insets(left: 50, right: 50)))], data)
        #expect(try itemFrames(l) == [rect(50, 0, 100, 100), rect(150, 0, 100, 100)])
    }

    // Footers with and without items; lanes 2, lineSpacing 5, items 100×50:
    //   section 0: header (0,0,320,20); + 5 → items at 25: (0,25) (100,25); end 75; + 5 → footer (0,80,320,30); end 110
    //   section 1, a footer alone: 110 + 5 = 115 → (0,115,320,25); end 140
    //   section 2, header and footer: 145 → header (0,145,320,10); + 5 → footer (0,160,320,10); end 170
    //   section 3 has nothing: it takes no room.
    // Elements in order: per section header, items, footer.
    @Test(arguments: [false, true]) func footersWithAndWithoutItems(horizontally: Bool) throws {
        let h = horizontally
        let data = ArrayDataSource(sections: [
            .init(sizes: [sz(h, 100, 50), sz(h, 100, 50)], header: sz(h, 1, 20), footer: sz(h, 1, 30)),
            .init(sizes: [], footer: sz(h, 1, 25)),
            .init(sizes: [], header: sz(h, 1, 10), footer: sz(h, 1, 10)),
            .init(sizes: []),
        ])
        let l = try layout(axes(h, c: 320) + [("lanes", .number(2)), ("lineSpacing", .number(5))], data)
        let f = h ? t : { $0 }
        #expect(try itemFrames(l) == [rect(0, 25, 100, 50), rect(100, 25, 100, 50)].map(f))
        #expect(try (0..<4).map { try l.footerFrame(inSection: $0) } == [rect(0, 80, 320, 30), rect(0, 115, 320, 25), rect(0, 160, 320, 10), nil].map { $0.map(f) })
        #expect(try l.headerFrame(inSection: 2) == f(rect(0, 145, 320, 10)))
        #expect(l.contentSize == (h ? size(170, 320) : size(320, 170)))
        let all = l.elements(in: rect(0, 0, 1000, 1000)).map(\.id)
        #expect(all == [.header(section: 0), .item(GridIndexPath(section: 0, item: 0)), .item(GridIndexPath(section: 0, item: 1)),
                        .footer(section: 0), .footer(section: 1), .header(section: 2), .footer(section: 2)])
    }

    // A sticky header pushed by its own footer: one section, header 20, three 320×100 items in one
    // lane (20…320), footer 30 at 320; viewport 40 tall, content 350. At offset 310 the header is
    // pinned at min(max(0, 310), min(section end 350, footer start 320) − 20) = 300 (without the
    // footer's push it would be at 310).
    @Test func stickyHeaderPushedByItsFooter() throws {
        let data = ArrayDataSource(sections: [.init(sizes: Array(repeating: size(320, 100), count: 3), header: size(1, 20), footer: size(1, 30))])
        let grid = Grid(configuration: try configuration(axes(false, c: 320, s: 40) + [("stickyHeaders", .bool(true))]), dataSource: data)
        try grid.reload()
        try grid.scroll(to: Point(x: 0, y: 310))
        let header = grid.visibleElements().first { $0.id == .header(section: 0) }
        #expect(header?.frame == rect(0, 300, 320, 20))
        #expect(header?.pinned == true)
        try grid.scroll(to: Point(x: 0, y: 100))
        #expect(grid.visibleElements().first { $0.id == .header(section: 0) }?.frame == rect(0, 100, 320, 20))
    }

    // Per-section options, C 320, grid layout lanes 3, grid spacing 0:
    //   section 0 (grid's): lanes 3, 100×50 ×4: (0,0) (100,0) (200,0) (0,50); end 100
    //   section 1 {layout waterfall, columns 2, itemSpacing 20}: column (320 − 20)/2 = 150; squares
    //     scaled to 150: (0,100,150,150) (170,100,150,150) (0,250,150,150); end 400
    //   section 2 {layout flow, spacing 10}: 200×20 and 100×20 on one line at 400 (0, 210); the
    //     50×30 would end at 370 > 320: a new line at 400 + 20 + 10 = 430: (0,430,50,30). End 460.
    @Test func sectionsWithTheirOwnLayouts() throws {
        let data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: size(100, 50), count: 4)),
            .init(sizes: Array(repeating: size(100, 100), count: 3),
                  options: SectionOptions([.init("layout", .string("waterfall")), .init("columns", .number(2)), .init("itemSpacing", .number(20))])),
            .init(sizes: [size(200, 20), size(100, 20), size(50, 30)],
                  options: SectionOptions([.init("layout", .string("flow")), .init("spacing", .number(10))])),
        ])
        let l = try layout(axes(false, c: 320) + [("lanes", .number(3))], data)
        #expect(try itemFrames(l, section: 0) == [rect(0, 0, 100, 50), rect(100, 0, 100, 50), rect(200, 0, 100, 50), rect(0, 50, 100, 50)])
        #expect(try itemFrames(l, section: 1) == [rect(0, 100, 150, 150), rect(170, 100, 150, 150), rect(0, 250, 150, 150)])
        #expect(try itemFrames(l, section: 2) == [rect(0, 400, 200, 20), rect(210, 400, 100, 20), rect(0, 430, 50, 30)])
        #expect(l.contentSize == size(320, 460))
    }

    @Test func badSectionOptionsNameTheSectionKeyAndValue() throws {
        func reload(_ options: SectionOptions) throws(GridError) {
            let data = ArrayDataSource(sections: [.init(sizes: [size(10, 10)]), .init(sizes: [size(10, 10)], options: options)])
            _ = try ContentLayout(configuration: GridConfiguration(), dataSource: data)
        }
        #expect(throws: GridError.invalidSectionOption(section: 1, key: "lanes", value: "0", expected: "1...10000")) {
            try reload(SectionOptions([.init("lanes", .number(0))]))
        }
        let unknown = #expect(throws: GridError.self) { try reload(SectionOptions([.init("colums", .number(2))])) }
        #expect(unknown?.message(base: 0).hasPrefix("data source 'sectionOptions' returned an unknown key 'colums' for section 1 (expected one of layout, lanes,") == true)
        #expect(throws: GridError.invalidSectionOption(section: 1, key: "direction", value: "'horizontal'", expected: "a section option")) {
            try reload(SectionOptions([.init("direction", .string("horizontal"))]))
        }
        let layout = #expect(throws: GridError.self) { try reload(SectionOptions([.init("layout", .string("masonry"))])) }
        #expect(layout?.message(base: 0) == "data source 'sectionOptions' returned layout = 'masonry' for section 1 (expected one of 'lanes', 'waterfall', 'flow', 'justified') (did you mean 'waterfall'?)")
    }

    // A layout that a section's own options make impossible names the section: 3 columns with
    // itemSpacing 200 need 400 in 300. The grid's own options keep the grid-wide message.
    @Test func aSectionsImpossibleLayoutNamesTheSection() throws {
        let data = ArrayDataSource(sections: [
            .init(sizes: [size(10, 10)]),
            .init(sizes: [size(10, 10)], options: SectionOptions([.init("layout", .string("waterfall")), .init("columns", .number(3)),
                                                                  .init("itemSpacing", .number(200))])),
        ])
        let error = #expect(throws: GridError.self) { try layout(axes(false, c: 300), data) }
        #expect(error == .columnsDoNotFit(columns: 3, spacing: 200, length: 300, section: 1))
        #expect(error?.message(base: 0) == "waterfall: section 1: 3 columns with itemSpacing 200 do not fit in 300 (the viewport less padding and the section's inset)")
        let grid = #expect(throws: GridError.self) {
            try layout(axes(false, c: 300) + [("layout", .string("justified")), ("padding", .number(150))], ArrayDataSource(sizes: [size(1, 1)]))
        }
        #expect(grid == .noRoomForRows(length: 0))
    }

    @Test func badSpansAndFootersLeaveThePreviousLayoutWhole() throws {
        var data = ArrayDataSource(sections: [.init(sizes: [size(10, 10), size(10, 10)], footer: size(1, 5))])
        let grid = Grid(configuration: GridConfiguration(), dataSource: data)
        try grid.reload()
        let before = grid.layout.elements(in: rect(0, 0, 1000, 1000))
        data.sections[0].spans = [nil, .lanes(0)]
        grid.dataSource = data
        #expect(throws: GridError.invalidSpan(GridIndexPath(section: 0, item: 1), value: 0)) { try grid.reload() }
        data.sections[0].spans = [nil, .lanes(-1)]
        grid.dataSource = data
        #expect(throws: GridError.invalidSpan(GridIndexPath(section: 0, item: 1), value: -1)) { try grid.reload() }
        data.sections[0].spans = nil
        data.sections[0].footer = size(1, .nan)
        grid.dataSource = data
        let error = #expect(throws: GridError.self) { try grid.reload() }
        #expect(error?.message(base: 0) == "data source 'footer' returned 1xnan for footer of section 0 (sizes must be finite and >= 0)")
        #expect(grid.layout.elements(in: rect(0, 0, 1000, 1000)) == before)
    }

    // reloadNew continues spans, insets and the footer: the frames equal a full reload's.
    @Test(arguments: [LayoutKind.lanes, .waterfall, .flow, .justified]) func reloadNewWithFootersSpansAndInsets(kind: LayoutKind) throws {
        func data(_ count: Int) -> ArrayDataSource {
            let sizes: [Size] = (0..<count).map { (i: Int) -> Size in
                let w: Double = Double(40 + (i * 37) % 60)
                let h: Double = Double(30 + (i * 53) % 70)
                return size(w, h)
            }
            let spans: [ItemSpan?] = (0..<count).map { (i: Int) -> ItemSpan? in i % 7 == 3 ? .all : i % 5 == 1 ? .lanes(2) : nil }
            return ArrayDataSource(sections: [.init(sizes: sizes, header: size(1, 12), footer: size(1, 20), spans: spans,
                                                    options: SectionOptions([.init("inset", .insets(Insets(top: 3, left: 7, bottom: 11, right: 5)))]))])
        }
        let options: [(String, OptionValue)] = axes(false, c: 320) + [("layout", .string(kind.rawValue)), ("lanes", .number(3)), ("columns", .number(3)),
                                                                       ("spacing", .number(4)), ("rowHeight", .number(60))]
        let grid = Grid(configuration: try configuration(options), dataSource: data(20))
        try grid.reload()
        grid.dataSource = data(45)
        try grid.reloadNew()
        let full = try layout(options, data(45))
        #expect(allElements(of: grid.layout) == allElements(of: full))
    }
}

/// Drags in composed grids: a spanning item is dragged with its span, and an item dragged into a
/// section of another layout takes that layout; after the drop the layout is a fresh reload's.
@Suite struct CompositionDragTests {
    // Section 0: waterfall, 2 columns of 150: item 0 (0,0,150,150); item 1 spans both, 300 × 300 at
    // 150; items 2, 3 at 450. Section 1: flow, twelve 50 × 50 in two lines of six at 600 and 650.
    func grid() throws -> Grid {
        var data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: size(100, 100), count: 4), spans: [nil, .all, nil, nil],
                  options: SectionOptions([.init("layout", .string("waterfall")), .init("columns", .number(2))])),
            .init(sizes: Array(repeating: size(50, 50), count: 12), options: SectionOptions([.init("layout", .string("flow"))])),
        ])
        data.movesAcrossSections = true
        let grid = Grid(configuration: try configuration([("width", .number(300)), ("height", .number(700)), ("sort", .bool(true)),
                                                          ("animationDuration", .number(0))]), dataSource: data)
        try grid.reload()
        return grid
    }

    func expectFresh(_ grid: Grid, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fresh = try ContentLayout(configuration: grid.configuration, dataSource: grid.dataSource!)
        #expect(allElements(of: grid.layout) == allElements(of: fresh), sourceLocation: sourceLocation)
    }

    @Test func aSpanningItemIsDraggedWithItsSpan() throws {
        let grid = try grid()
        #expect(try grid.frame(of: GridIndexPath(section: 0, item: 1)) == rect(0, 150, 300, 300))
        #expect(try grid.beginDrag(at: Point(x: 150, y: 300)) == GridIndexPath(section: 0, item: 1))
        try grid.drag(to: Point(x: 150, y: 520))  // its centre over the last row
        let target = grid.drag!.to
        try grid.endDrag()
        try grid.step(1)
        let data = grid.dataSource as! ArrayDataSource
        #expect(target != GridIndexPath(section: 0, item: 1))
        #expect(data.sections[0].spans?[target.item] == .all)
        #expect(try grid.frame(of: target).width == 300)
        try expectFresh(grid)
    }

    @Test func anItemDraggedIntoAFlowSectionTakesItsLayout() throws {
        let grid = try grid()
        #expect(try grid.beginDrag(at: Point(x: 75, y: 75)) == GridIndexPath(section: 0, item: 0))
        try grid.drag(to: Point(x: 75, y: 650))  // into section 1 (held inside the content: centre at 625)
        let target = grid.drag!.to
        #expect(target.section == 1)
        try grid.endDrag()
        try grid.step(1)
        let data = grid.dataSource as! ArrayDataSource
        #expect(data.sections.map(\.sizes.count) == [3, 13])
        // In flow it keeps its own 100 × 100 size.
        #expect(try grid.frame(of: target).size == size(100, 100))
        try expectFresh(grid)
    }
}
