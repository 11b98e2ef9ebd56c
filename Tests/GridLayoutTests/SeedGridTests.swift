import Testing
import GridLayout
import GridLayoutTestSupport

// The seed grids, with every frame and the content size computed by hand from docs/layout.md.

@Suite struct SeedGridTests {
    // (1) The nine-grid (九宫格): items 100×120, gaps 10, 3 per line (lanes = 3), 10 items, vertical,
    // viewport 320×480 (3·100 + 2·10 = 320), no padding.
    // Item i: line i/3, slot i%3 → x = slot·110, y = line·130. Last line (item 9) at 390.
    // Content S = 390 + 120 = 510 (the original seed's 508 had a stray −2; the contract has none:
    // last element end + end padding 0).
    @Test func nineGrid() throws {
        let config = try configuration([("lanes", .number(3)), ("spacing", .number(10)),
                                        ("width", .number(320)), ("height", .number(480))])
        let expected = [
            rect(0, 0, 100, 120), rect(110, 0, 100, 120), rect(220, 0, 100, 120),
            rect(0, 130, 100, 120), rect(110, 130, 100, 120), rect(220, 130, 100, 120),
            rect(0, 260, 100, 120), rect(110, 260, 100, 120), rect(220, 260, 100, 120),
            rect(0, 390, 100, 120),
        ]
        // Both the per-item path and the same-size path (the nine-grid must take the latter).
        let perItem = try ContentLayout(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: size(100, 120), count: 10)))
        let uniform = try ContentLayout(configuration: config, dataSource: UniformDataSource(counts: [10], size: size(100, 120)))
        for layout in [perItem, uniform] {
            #expect(try itemFrames(layout) == expected)
            #expect(layout.contentSize == size(320, 510))
        }
        #expect(uniform.storedItemCount == 0)
    }

    // (2) A waterfall: 3 columns, spacing 10, width 320 → column (320 − 20)/3 = 100 at x 0, 110, 220.
    // Items 100 wide (no scaling) with heights 120, 80, 200, 60, 90, 150, 40, 100, shortest order:
    //   0 → col 0 0..120;  1 → col 1 0..80;  2 → col 2 0..200
    //   3 → ends 120,80,200 → col 1 90..150
    //   4 → ends 120,150,200 → col 0 130..220
    //   5 → ends 220,150,200 → col 1 160..310
    //   6 → ends 220,310,200 → col 2 210..250
    //   7 → ends 220,310,250 → col 0 230..330
    // Columns end at 330, 310, 250: content height = the TALLEST, 330 (the original used the
    // shortest, 250).
    @Test func waterfallContentIsTallestColumn() throws {
        let config = try configuration([("layout", .string("waterfall")), ("columns", .number(3)),
                                        ("spacing", .number(10)), ("width", .number(320))])
        let heights: [Double] = [120, 80, 200, 60, 90, 150, 40, 100]
        let layout = try ContentLayout(configuration: config, dataSource: ArrayDataSource(sizes: heights.map { size(100, $0) }))
        #expect(try itemFrames(layout) == [
            rect(0, 0, 100, 120), rect(110, 0, 100, 80), rect(220, 0, 100, 200), rect(110, 90, 100, 60),
            rect(0, 130, 100, 90), rect(110, 160, 100, 150), rect(220, 210, 100, 40), rect(0, 230, 100, 100),
        ])
        #expect(layout.contentSize == size(320, 330))
    }

    // (3) SMGridView's example app (SMGridViewTestViewController): 4 sections × 200 items, horizontal
    // (its default, "vertical" = NO), square items ("squares" mode: same size), headers kHeaderSize = 50
    // (returned as 50 × the grid's height in horizontal), showLoader YES.
    // Assumptions: viewport 1024×700, items 150×150, spacing 10 (the demo's gridView.padding), no
    // content padding, default loader 44×44. Lanes per section from the data source, computed from
    // the viewport: floor((700 + 10)/(150 + 10)) = floor(4.4375) = 4 (the demo's own
    // floor(700/(150+10)) = 4 as well).
    // Per section (S = x): header 50, then +10, then 50 lines of 4 (200/4) every 160:
    //   items at section start + 60 + line·160, y = lane·160; section length 50+10+49·160+150 = 8050.
    // Sections start every 8050 + 10 = 8060: 0, 8060, 16120, 24180; the last ends at 32230.
    // Loader at 32230 + 10 = 32240, y = (700 − 44)/2 = 328. Content width 32240 + 44 = 32284.
    private struct DemoDataSource: GridDataSource {
        var sameSize: Bool
        var lanes: Int
        func numberOfSections() -> Int { 4 }
        func numberOfItems(inSection section: Int) -> Int { 200 }
        func sizeForItem(at indexPath: GridIndexPath) -> Size { size(150, 150) }
        func headerSize(inSection section: Int) -> Size? { size(50, 700) }
        func showsLoader() -> Bool { true }
        func itemsHaveSameSize() -> Bool { sameSize }
        func lanes(inSection section: Int) -> Int? { lanes }
    }

    @Test(arguments: [false, true])
    func smGridViewExampleApp(sameSize: Bool) throws {
        let lanes = Int(((700.0 + 10) / (150 + 10)).rounded(.down))
        #expect(lanes == 4)
        let config = try configuration([("direction", .string("horizontal")), ("width", .number(1024)),
                                        ("height", .number(700)), ("spacing", .number(10))])
        let layout = try ContentLayout(configuration: config, dataSource: DemoDataSource(sameSize: sameSize, lanes: lanes))
        let starts: [Double] = [0, 8060, 16120, 24180]
        func item(_ s: Int, _ i: Int) throws -> Rect { try layout.frame(of: GridIndexPath(section: s, item: i)) }
        for (s, x) in starts.enumerated() {
            #expect(try layout.itemCount(inSection: s) == 200)
            #expect(try layout.headerFrame(inSection: s) == rect(x, 0, 50, 700))
            #expect(try item(s, 0) == rect(x + 60, 0, 150, 150))          // line 0, lane 0
            #expect(try item(s, 1) == rect(x + 60, 160, 150, 150))        // line 0, lane 1
            #expect(try item(s, 3) == rect(x + 60, 480, 150, 150))        // line 0, lane 3
            #expect(try item(s, 4) == rect(x + 220, 0, 150, 150))         // line 1, lane 0
            #expect(try item(s, 101) == rect(x + 4060, 160, 150, 150))    // line 25: 60 + 25·160
            #expect(try item(s, 198) == rect(x + 7900, 320, 150, 150))    // line 49: 60 + 49·160
            #expect(try item(s, 199) == rect(x + 7900, 480, 150, 150))
        }
        // Spelled out for section 3, the last: start 24180.
        #expect(try item(3, 0) == rect(24240, 0, 150, 150))
        #expect(try item(3, 199) == rect(32080, 480, 150, 150))
        #expect(layout.loaderFrame == rect(32240, 328, 44, 44))
        #expect(layout.contentSize == size(32284, 700))
        // The first viewport (x 0..1024) shows header 0 and lines 0…6 of section 0
        // (line 6 spans 1020..1170): 28 items.
        let first = layout.elements(in: rect(0, 0, 1024, 700))
        #expect(first.count == 29)
        #expect(first.first?.id == .header(section: 0))
        #expect(first.last == GridElement(id: .item(GridIndexPath(section: 0, item: 27)), frame: rect(1020, 480, 150, 150)))
        // The last viewport (x 31260..32284): section 3's line l spans 24240 + 160·l .. +150, so
        // lines 43 (31120..31270) … 49 overlap it: items 172…199 (28), then the loader.
        let last = layout.elements(in: rect(31260, 0, 1024, 700))
        #expect(last.count == 29)
        #expect(last.first == GridElement(id: .item(GridIndexPath(section: 3, item: 172)), frame: rect(31120, 0, 150, 150)))
        #expect(last.last == GridElement(id: .loader, frame: rect(32240, 328, 44, 44)))
    }
}
