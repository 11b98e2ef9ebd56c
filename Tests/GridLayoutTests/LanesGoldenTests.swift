import Testing
import GridLayout
import GridLayoutTestSupport

// Golden frames for `layout = "lanes"` (docs/layout.md, "Common rules" and "lanes"):
// item → the lane with the smallest end (ties to the lowest lane); C origin = start padding +
// lane·(the item's own C size + spacing); S origin = the lane's end (+ spacing when the lane is not
// empty). Every expected value below is computed by hand from those rules.

private func lanesLayout(_ options: [(String, OptionValue)], _ dataSource: any GridDataSource) throws -> ContentLayout {
    try ContentLayout(configuration: configuration([("layout", .string("lanes"))] + options), dataSource: dataSource)
}

private func itemElement(_ section: Int, _ item: Int, _ frame: Rect) -> GridElement {
    GridElement(id: .item(GridIndexPath(section: section, item: item)), frame: frame)
}

@Suite struct LanesGoldenTests {
    // 3 lanes, spacing 10, padding 5, items 100 wide of mixed heights.
    // Lane C origins: 5 + lane·110 = 5, 115, 225. Lane ends start at the top padding, 5.
    //   0 (h50): ends 5,5,5 tie → lane 0, s=5, end 55
    //   1 (h80): ends 55,5,5 → lane 1 (tie 1/2 → lowest), s=5, end 85
    //   2 (h30): lane 2, s=5, end 35
    //   3 (h40): ends 55,85,35 → lane 2, s=35+10=45, end 85
    //   4 (h60): ends 55,85,85 → lane 0, s=65, end 125
    //   5 (h20): ends 125,85,85 tie → lane 1, s=95, end 115
    //   6 (h70): ends 125,115,85 → lane 2, s=95, end 165
    // Content S = 165 + 5 (bottom) = 170; C = the viewport's 320.
    @Test func shortestLaneMixedHeightsVertical() throws {
        let heights: [Double] = [50, 80, 30, 40, 60, 20, 70]
        let layout = try lanesLayout([("width", .number(320)), ("lanes", .number(3)),
                                      ("spacing", .number(10)), ("padding", .number(5))],
                                     ArrayDataSource(sizes: heights.map { size(100, $0) }))
        #expect(try itemFrames(layout) == [
            rect(5, 5, 100, 50), rect(115, 5, 100, 80), rect(225, 5, 100, 30),
            rect(225, 45, 100, 40), rect(5, 65, 100, 60), rect(115, 95, 100, 20),
            rect(225, 95, 100, 70),
        ])
        #expect(layout.contentSize == size(320, 170))
    }

    // The same grid scrolling horizontally: S is x, the data source's width is the S size, and the
    // viewport's height (320) is the C extent. Frames are the vertical ones with x/y swapped.
    @Test func shortestLaneMixedHeightsHorizontal() throws {
        let lengths: [Double] = [50, 80, 30, 40, 60, 20, 70]
        let layout = try lanesLayout([("direction", .string("horizontal")), ("width", .number(480)),
                                      ("height", .number(320)), ("lanes", .number(3)),
                                      ("spacing", .number(10)), ("padding", .number(5))],
                                     ArrayDataSource(sizes: lengths.map { size($0, 100) }))
        #expect(try itemFrames(layout) == [
            rect(5, 5, 50, 100), rect(5, 115, 80, 100), rect(5, 225, 30, 100),
            rect(45, 225, 40, 100), rect(65, 5, 60, 100), rect(95, 115, 20, 100),
            rect(95, 225, 70, 100),
        ])
        #expect(layout.contentSize == size(170, 320))
    }

    // C origin uses the item's *own* C size: lane·(own width + spacing), as SMGridView does.
    //   0 100×50 → lane 0, c=0, s=0 (end 50)
    //   1  60×50 → lane 1, c=1·(60+10)=70, s=0 (end 50)
    //   2  80×30 → ends 50,50 tie → lane 0, c=0, s=60 (end 90)
    //   3  40×10 → ends 90,50 → lane 1, c=1·(40+10)=50, s=60 (end 70)
    // Content S = 90.
    @Test func laneOriginUsesItsOwnCrossSize() throws {
        let layout = try lanesLayout([("width", .number(320)), ("lanes", .number(2)), ("spacing", .number(10))],
                                     ArrayDataSource(sizes: [size(100, 50), size(60, 50), size(80, 30), size(40, 10)]))
        #expect(try itemFrames(layout) == [
            rect(0, 0, 100, 50), rect(70, 0, 60, 50), rect(0, 60, 80, 30), rect(50, 60, 40, 10),
        ])
        #expect(layout.contentSize == size(320, 90))
    }

    // Lanes per section from the data source (configuration lanes = 1 is the fallback).
    // spacing 10, items 100×50 (pitch 110 along C, 60 along S).
    //   section 0, 2 lanes: s 0..110 → (0,0) (110,0) (0,60) (110,60); ends at 110
    //   section 1, 3 lanes: starts 110+10=120 → (0,120) (110,120) (220,120) (0,180); ends at 230
    //   section 2, nil → 1 lane: starts 240 → (0,240) (0,300); ends at 350
    @Test func lanesPerSectionFromDataSourceVertical() throws {
        let item = size(100, 50)
        let data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: item, count: 4), lanes: 2),
            .init(sizes: Array(repeating: item, count: 4), lanes: 3),
            .init(sizes: Array(repeating: item, count: 2)),
        ])
        let layout = try lanesLayout([("width", .number(320)), ("spacing", .number(10))], data)
        #expect(try itemFrames(layout, section: 0) == [
            rect(0, 0, 100, 50), rect(110, 0, 100, 50), rect(0, 60, 100, 50), rect(110, 60, 100, 50),
        ])
        #expect(try itemFrames(layout, section: 1) == [
            rect(0, 120, 100, 50), rect(110, 120, 100, 50), rect(220, 120, 100, 50), rect(0, 180, 100, 50),
        ])
        #expect(try itemFrames(layout, section: 2) == [rect(0, 240, 100, 50), rect(0, 300, 100, 50)])
        #expect(layout.contentSize == size(320, 350))
    }

    // The same sections horizontally (items 50 along S, 100 along C; viewport C = height 320).
    @Test func lanesPerSectionFromDataSourceHorizontal() throws {
        let item = size(50, 100)
        let data = ArrayDataSource(sections: [
            .init(sizes: Array(repeating: item, count: 4), lanes: 2),
            .init(sizes: Array(repeating: item, count: 4), lanes: 3),
            .init(sizes: Array(repeating: item, count: 2)),
        ])
        let layout = try lanesLayout([("direction", .string("horizontal")), ("width", .number(480)),
                                      ("height", .number(320)), ("spacing", .number(10))], data)
        #expect(try itemFrames(layout, section: 0) == [
            rect(0, 0, 50, 100), rect(0, 110, 50, 100), rect(60, 0, 50, 100), rect(60, 110, 50, 100),
        ])
        #expect(try itemFrames(layout, section: 1) == [
            rect(120, 0, 50, 100), rect(120, 110, 50, 100), rect(120, 220, 50, 100), rect(180, 0, 50, 100),
        ])
        #expect(try itemFrames(layout, section: 2) == [rect(240, 0, 50, 100), rect(300, 0, 50, 100)])
        #expect(layout.contentSize == size(350, 320))
    }

    // A zero-height item: after it, lane 0's end is its S end = 0, equal to empty lane 1's end
    // (the section's item start, 0). "The shortest is the one with the smallest end, ties to the
    // lowest index" → item 1 goes into lane 0, at lane end + spacing (lane 0 is not empty) = 10.
    //   0 100×0  → lane 0, (0,0)
    //   1 100×50 → ends 0,0 tie → lane 0, s=0+10=10, end 60
    //   2 100×50 → ends 60,0 → lane 1, c=110, s=0, end 50
    // Content S = 60.
    @Test func zeroHeightItemTiesToLowestLane() throws {
        let layout = try lanesLayout([("width", .number(320)), ("lanes", .number(2)), ("spacing", .number(10))],
                                     ArrayDataSource(sizes: [size(100, 0), size(100, 50), size(100, 50)]))
        #expect(try itemFrames(layout) == [rect(0, 0, 100, 0), rect(0, 10, 100, 50), rect(110, 0, 100, 50)])
        #expect(layout.contentSize == size(320, 60))
    }

    // Same-size path (UniformDataSource) against the per-item path, with headers on two sections.
    // width 340, 3 lanes, spacing 10, padding 5, items 100×120, header S 30 (its C size is ignored).
    //   section 0: header (0,5,340,30); items from 5+30+10=45, lines every 130: 45, 175, 305;
    //              C 5, 115, 225; 7 items → ends at 305+120=425
    //   section 1: header at 435 → (0,435,340,30); items at 475: (5,475) (115,475); ends at 595
    // Content S = 595 + 5 = 600.
    @Test func sameSizeMatchesPerItemPathVertical() throws {
        let options: [(String, OptionValue)] = [("width", .number(340)), ("lanes", .number(3)),
                                                 ("spacing", .number(10)), ("padding", .number(5))]
        let uniform = try lanesLayout(options, UniformDataSource(counts: [7, 2], size: size(100, 120), header: size(999, 30)))
        let perItem = try lanesLayout(options, ArrayDataSource(sections: [
            .init(sizes: Array(repeating: size(100, 120), count: 7), header: size(999, 30)),
            .init(sizes: Array(repeating: size(100, 120), count: 2), header: size(999, 30)),
        ]))
        let expected0 = [
            rect(5, 45, 100, 120), rect(115, 45, 100, 120), rect(225, 45, 100, 120),
            rect(5, 175, 100, 120), rect(115, 175, 100, 120), rect(225, 175, 100, 120),
            rect(5, 305, 100, 120),
        ]
        let expected1 = [rect(5, 475, 100, 120), rect(115, 475, 100, 120)]
        for layout in [uniform, perItem] {
            #expect(try itemFrames(layout, section: 0) == expected0)
            #expect(try itemFrames(layout, section: 1) == expected1)
            #expect(try layout.headerFrame(inSection: 0) == rect(0, 5, 340, 30))
            #expect(try layout.headerFrame(inSection: 1) == rect(0, 435, 340, 30))
            #expect(layout.contentSize == size(340, 600))
        }
        #expect(uniform.storedItemCount == 0)
    }

    // The same grid horizontally: viewport 700×340 (C = 340), items 120 along S, 100 along C.
    @Test func sameSizeMatchesPerItemPathHorizontal() throws {
        let options: [(String, OptionValue)] = [("direction", .string("horizontal")), ("width", .number(700)),
                                                 ("height", .number(340)), ("lanes", .number(3)),
                                                 ("spacing", .number(10)), ("padding", .number(5))]
        let uniform = try lanesLayout(options, UniformDataSource(counts: [7, 2], size: size(120, 100), header: size(30, 999)))
        let perItem = try lanesLayout(options, ArrayDataSource(sections: [
            .init(sizes: Array(repeating: size(120, 100), count: 7), header: size(30, 999)),
            .init(sizes: Array(repeating: size(120, 100), count: 2), header: size(30, 999)),
        ]))
        let expected0 = [
            rect(45, 5, 120, 100), rect(45, 115, 120, 100), rect(45, 225, 120, 100),
            rect(175, 5, 120, 100), rect(175, 115, 120, 100), rect(175, 225, 120, 100),
            rect(305, 5, 120, 100),
        ]
        let expected1 = [rect(475, 5, 120, 100), rect(475, 115, 120, 100)]
        for layout in [uniform, perItem] {
            #expect(try itemFrames(layout, section: 0) == expected0)
            #expect(try itemFrames(layout, section: 1) == expected1)
            #expect(try layout.headerFrame(inSection: 0) == rect(5, 0, 30, 340))
            #expect(try layout.headerFrame(inSection: 1) == rect(435, 0, 30, 340))
            #expect(layout.contentSize == size(600, 340))
        }
    }

    // A billion same-size items: 3 lanes, items 100×120, spacing 10, viewport 320×480.
    // Item i: line i/3, slot i%3 → (slot·110, line·130). Last item 999_999_999: line 333_333_333,
    // slot 0 → y = 333_333_333·130 = 43_333_333_290. Content S = 43_333_333_290 + 120 = 43_333_333_410.
    // The last viewport [43_333_332_930, 43_333_333_410) overlaps lines 333_333_330 (…900–…020),
    // 331 (…030–…150), 332 (…160–…280) and 333 (…290–…410); line 329 ends at …890 ≤ …930.
    @Test func billionItemsVertical() throws {
        let layout = try lanesLayout([("width", .number(320)), ("height", .number(480)), ("lanes", .number(3)),
                                      ("spacing", .number(10))],
                                     UniformDataSource(counts: [1_000_000_000], size: size(100, 120)))
        #expect(layout.contentSize == size(320, 43_333_333_410))
        #expect(try layout.frame(of: GridIndexPath(section: 0, item: 999_999_999)) == rect(0, 43_333_333_290, 100, 120))
        #expect(try layout.frame(of: GridIndexPath(section: 0, item: 999_999_998)) == rect(220, 43_333_333_160, 100, 120))
        #expect(layout.storedItemCount == 0)
        let end = layout.elements(in: rect(0, 43_333_332_930, 320, 480))
        #expect(end == [
            itemElement(0, 999_999_990, rect(0, 43_333_332_900, 100, 120)),
            itemElement(0, 999_999_991, rect(110, 43_333_332_900, 100, 120)),
            itemElement(0, 999_999_992, rect(220, 43_333_332_900, 100, 120)),
            itemElement(0, 999_999_993, rect(0, 43_333_333_030, 100, 120)),
            itemElement(0, 999_999_994, rect(110, 43_333_333_030, 100, 120)),
            itemElement(0, 999_999_995, rect(220, 43_333_333_030, 100, 120)),
            itemElement(0, 999_999_996, rect(0, 43_333_333_160, 100, 120)),
            itemElement(0, 999_999_997, rect(110, 43_333_333_160, 100, 120)),
            itemElement(0, 999_999_998, rect(220, 43_333_333_160, 100, 120)),
            itemElement(0, 999_999_999, rect(0, 43_333_333_290, 100, 120)),
        ])
    }

    // The same billion horizontally (viewport 480×320, items 120 along S, 100 along C).
    @Test func billionItemsHorizontal() throws {
        let layout = try lanesLayout([("direction", .string("horizontal")), ("width", .number(480)),
                                      ("height", .number(320)), ("lanes", .number(3)), ("spacing", .number(10))],
                                     UniformDataSource(counts: [1_000_000_000], size: size(120, 100)))
        #expect(layout.contentSize == size(43_333_333_410, 320))
        #expect(try layout.frame(of: GridIndexPath(section: 0, item: 999_999_999)) == rect(43_333_333_290, 0, 120, 100))
        let end = layout.elements(in: rect(43_333_332_930, 0, 480, 320))
        #expect(end.count == 10)
        #expect(end.first == itemElement(0, 999_999_990, rect(43_333_332_900, 0, 120, 100)))
        #expect(end.last == itemElement(0, 999_999_999, rect(43_333_333_290, 0, 120, 100)))
    }
}
