import Testing
import GridLayout
import GridLayoutTestSupport

// Golden frames for the common rules (docs/layout.md, "Common rules"):
// sections stack along S; a header spans C from 0 to the viewport's C size (its own C size and the
// C padding ignored) and is followed by `spacing` when items follow; consecutive non-empty sections
// are `spacing` apart; an empty section without header takes no room; the loader follows the last
// section after `spacing`, centred on the viewport's C; content S = last element end + end padding,
// or the two S paddings when there is nothing; padding per side (horizontal: left/right are S).

private func layout(_ options: [(String, OptionValue)], _ dataSource: any GridDataSource) throws -> ContentLayout {
    try ContentLayout(configuration: configuration(options), dataSource: dataSource)
}

@Suite struct SectionsGoldenTests {
    // lanes 2, width 320, spacing 10, padding {top 20, left 5, bottom 30, right 15}, loader 60×30.
    //   section 0: header at s=20 → (0,20,320,40); +40 +10 → items at 70: (5,70) (115,70); ends 120
    //   section 1: empty, no header → no room (no extra spacing)
    //   section 2: header only, at 120+10 = 130 → (0,130,320,25); no spacing after (no items); ends 155
    //   section 3: no header, at 155+10 = 165: (5,165) (115,165) (5,225); ends 275
    //   loader: 275+10 = 285, C (320−60)/2 = 130 → (130,285,60,30); ends 315
    // Content S = 315 + 30 = 345.
    @Test func headersEmptySectionsAndLoaderVertical() throws {
        let item = size(100, 50)
        let data = ArrayDataSource(sections: [
            .init(sizes: [item, item], header: size(999, 40)),
            .init(sizes: []),
            .init(sizes: [], header: size(0, 25)),
            .init(sizes: [item, item, item]),
        ], showLoader: true)
        let l = try layout([("lanes", .number(2)), ("width", .number(320)), ("spacing", .number(10)),
                            ("padding", .insets(Insets(top: 20, left: 5, bottom: 30, right: 15))),
                            ("loaderSize", .size(size(60, 30)))], data)
        #expect(l.sectionCount == 4)
        #expect(try l.headerFrame(inSection: 0) == rect(0, 20, 320, 40))
        #expect(try itemFrames(l, section: 0) == [rect(5, 70, 100, 50), rect(115, 70, 100, 50)])
        #expect(try l.headerFrame(inSection: 1) == nil)
        #expect(try itemFrames(l, section: 1) == [])
        #expect(try l.headerFrame(inSection: 2) == rect(0, 130, 320, 25))
        #expect(try itemFrames(l, section: 2) == [])
        #expect(try l.headerFrame(inSection: 3) == nil)
        #expect(try itemFrames(l, section: 3) == [rect(5, 165, 100, 50), rect(115, 165, 100, 50), rect(5, 225, 100, 50)])
        #expect(l.loaderFrame == rect(130, 285, 60, 30))
        #expect(l.contentSize == size(320, 345))
    }

    // The same content horizontally: viewport 500×320 (C = height 320); padding
    // {top 5, left 20, bottom 15, right 30} puts 20/30 on S and 5/15 on C; header and item sizes
    // give their S size as width; loaderSize {w=30, h=60} is 30 along S, 60 along C.
    @Test func headersEmptySectionsAndLoaderHorizontal() throws {
        let item = size(50, 100)
        let data = ArrayDataSource(sections: [
            .init(sizes: [item, item], header: size(40, 999)),
            .init(sizes: []),
            .init(sizes: [], header: size(25, 0)),
            .init(sizes: [item, item, item]),
        ], showLoader: true)
        let l = try layout([("direction", .string("horizontal")), ("lanes", .number(2)), ("width", .number(500)),
                            ("height", .number(320)), ("spacing", .number(10)),
                            ("padding", .insets(Insets(top: 5, left: 20, bottom: 15, right: 30))),
                            ("loaderSize", .size(size(30, 60)))], data)
        #expect(try l.headerFrame(inSection: 0) == rect(20, 0, 40, 320))
        #expect(try itemFrames(l, section: 0) == [rect(70, 5, 50, 100), rect(70, 115, 50, 100)])
        #expect(try l.headerFrame(inSection: 1) == nil)
        #expect(try l.headerFrame(inSection: 2) == rect(130, 0, 25, 320))
        #expect(try itemFrames(l, section: 3) == [rect(165, 5, 50, 100), rect(165, 115, 50, 100), rect(225, 5, 50, 100)])
        #expect(l.loaderFrame == rect(285, 130, 30, 60))
        #expect(l.contentSize == size(345, 320))
    }

    // No elements at all: content S = the two S paddings, C = the viewport's C.
    @Test func noElementsIsTheTwoPaddings() throws {
        let padding = OptionValue.insets(Insets(top: 20, left: 7, bottom: 30, right: 9))
        for data in [ArrayDataSource(sections: []), ArrayDataSource(sections: [.init(sizes: []), .init(sizes: [])])] {
            let v = try layout([("width", .number(320)), ("height", .number(480)), ("spacing", .number(10)), ("padding", padding)], data)
            #expect(v.contentSize == size(320, 50))
            #expect(v.loaderFrame == nil)
            let h = try layout([("direction", .string("horizontal")), ("width", .number(320)), ("height", .number(480)),
                                ("spacing", .number(10)), ("padding", padding)], data)
            #expect(h.contentSize == size(16, 480))
        }
    }

    // Only the loader (default 44×44): no spacing before it (it is the first element).
    // Vertical: (320−44)/2 = 138 → (138, 20, 44, 44); content S = 20 + 44 + 30 = 94.
    // Horizontal (C = height 480): (480−44)/2 = 218 → (7, 218, 44, 44); content S = 7 + 44 + 9 = 60.
    @Test func loaderOnly() throws {
        let padding = OptionValue.insets(Insets(top: 20, left: 7, bottom: 30, right: 9))
        let data = ArrayDataSource(sections: [.init(sizes: [])], showLoader: true)
        let v = try layout([("width", .number(320)), ("height", .number(480)), ("spacing", .number(10)), ("padding", padding)], data)
        #expect(v.loaderFrame == rect(138, 20, 44, 44))
        #expect(v.contentSize == size(320, 94))
        let h = try layout([("direction", .string("horizontal")), ("width", .number(320)), ("height", .number(480)),
                            ("spacing", .number(10)), ("padding", padding)], data)
        #expect(h.loaderFrame == rect(7, 218, 44, 44))
        #expect(h.contentSize == size(60, 480))
    }

    // Columns restart in every section (waterfall, 2 columns of (210−10)/2 = 100, spacing 10):
    //   section 0: 100×100 → col 0 (0..100); 100×40 → col 1 (0..40); the section ends at the tallest, 100
    //   section 1 at 110, both columns start there: 100×30 → col 0 (110..140); 100×20 → col 1 (110..130);
    //              100×10 → col 1 (130+10 = 140..150)
    // Content S = 150.
    @Test func waterfallColumnsRestartPerSection() throws {
        let data = ArrayDataSource(sections: [
            .init(sizes: [size(100, 100), size(100, 40)]),
            .init(sizes: [size(100, 30), size(100, 20), size(100, 10)]),
        ])
        let l = try layout([("layout", .string("waterfall")), ("width", .number(210)), ("columns", .number(2)),
                            ("spacing", .number(10))], data)
        #expect(try itemFrames(l, section: 0) == [rect(0, 0, 100, 100), rect(110, 0, 100, 40)])
        #expect(try itemFrames(l, section: 1) == [rect(0, 110, 100, 30), rect(110, 110, 100, 20), rect(110, 140, 100, 10)])
        #expect(l.contentSize == size(210, 150))
    }

    // Flow with a header and per-side padding, horizontal: viewport 400×200 (C = 200), padding
    // {top 10, left 3, bottom 30, right 7} → S starts at 3, items on C 10...170; spacing 10.
    //   header (3, 0, 12, 200); items from 3+12+10 = 25:
    //   0 20×80: c 10..90, line s=25; 1 30×80: c 100..180 > 170 → line s = 25+20+10 = 55, c 10..90;
    //   2 10×70: c 100..170 exactly reaches → fits, same line.
    // Content S = 55 + 30 + 7 = 92.
    @Test func flowHeaderAndPerSidePaddingHorizontal() throws {
        let data = ArrayDataSource(sections: [.init(sizes: [size(20, 80), size(30, 80), size(10, 70)], header: size(12, 50))])
        let l = try layout([("layout", .string("flow")), ("direction", .string("horizontal")), ("width", .number(400)),
                            ("height", .number(200)), ("spacing", .number(10)),
                            ("padding", .insets(Insets(top: 10, left: 3, bottom: 30, right: 7)))], data)
        #expect(try l.headerFrame(inSection: 0) == rect(3, 0, 12, 200))
        #expect(try itemFrames(l) == [rect(25, 10, 20, 80), rect(55, 10, 30, 80), rect(55, 100, 10, 70)])
        #expect(l.contentSize == size(92, 200))
    }

    // Justified rows restart per section: each section ends with its own widow.
    // W 600, T 100, spacing 10. Section 0: AR 2, AR 1 → sum 3 < 4.5: widow (left) at s 0:
    // (0,0,200,100) (210,0,100,100). Section 1 at 100+10 = 110: AR 6 alone → 6 ∈ [4.5, 7.5] closes,
    // 600/6 = 100 thick: (0,110,600,100). (Had the row carried over, 3+6 = 9 would have tied and joined.)
    // Content S = 210.
    @Test func justifiedRowsRestartPerSection() throws {
        let data = ArrayDataSource(sections: [
            .init(sizes: [size(200, 100), size(100, 100)]),
            .init(sizes: [size(600, 100)]),
        ])
        let l = try layout([("layout", .string("justified")), ("width", .number(600)), ("rowHeight", .number(100)),
                            ("spacing", .number(10))], data)
        #expect(try itemFrames(l, section: 0) == [rect(0, 0, 200, 100), rect(210, 0, 100, 100)])
        #expect(try itemFrames(l, section: 1) == [rect(0, 110, 600, 100)])
        #expect(l.contentSize == size(600, 210))
    }

    // Padding and spacing are independent and default to 0: two single-item sections and a loader
    // (default 44×44) sit flush. Vertical, width 100: (0,0,100,10); (0,10,100,20); loader (28,30,44,44).
    @Test func defaultsAreZero() throws {
        let data = ArrayDataSource(sections: [.init(sizes: [size(100, 10)]), .init(sizes: [size(100, 20)])], showLoader: true)
        let l = try layout([("width", .number(100))], data)
        #expect(try itemFrames(l, section: 0) == [rect(0, 0, 100, 10)])
        #expect(try itemFrames(l, section: 1) == [rect(0, 10, 100, 20)])
        #expect(l.loaderFrame == rect(28, 30, 44, 44))
        #expect(l.contentSize == size(100, 74))
    }

    // elements(in:) order: per section its header then its items ascending, the loader last.
    @Test func elementsInOrder() throws {
        let item = size(100, 50)
        let data = ArrayDataSource(sections: [
            .init(sizes: [item, item], header: size(999, 40)),
            .init(sizes: []),
            .init(sizes: [], header: size(0, 25)),
            .init(sizes: [item, item, item]),
        ], showLoader: true)
        let l = try layout([("lanes", .number(2)), ("width", .number(320)), ("spacing", .number(10)),
                            ("padding", .insets(Insets(top: 20, left: 5, bottom: 30, right: 15))),
                            ("loaderSize", .size(size(60, 30)))], data)
        let ids = l.elements(in: rect(0, 0, 320, 345)).map(\.id)
        #expect(ids == [
            .header(section: 0), .item(GridIndexPath(section: 0, item: 0)), .item(GridIndexPath(section: 0, item: 1)),
            .header(section: 2),
            .item(GridIndexPath(section: 3, item: 0)), .item(GridIndexPath(section: 3, item: 1)),
            .item(GridIndexPath(section: 3, item: 2)), .loader,
        ])
    }
}
