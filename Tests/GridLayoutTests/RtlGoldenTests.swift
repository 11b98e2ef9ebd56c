import Testing
import GridLayout
import GridLayoutTestSupport

// Golden frames for `rtl = true` (docs/layout.md, "Right to left"): every frame is mirrored along x
// after layout, x' = content width − x − w, in both directions (vertically x is C and the content
// is the viewport's width; horizontally x is S and the content's width is its S extent). Offsets
// keep their meaning (0 is the left edge); queries, scrolling and drags use the mirrored frames.

private func layout(_ options: [(String, OptionValue)], _ dataSource: any GridDataSource) throws -> ContentLayout {
    try ContentLayout(configuration: configuration(options + [("rtl", .bool(true))]), dataSource: dataSource)
}

@Suite struct RtlGoldenTests {
    // lanes 2, width 320, padding left 6, lineSpacing 10, itemSpacing 4, items 100×50.
    //   Laid out: 0 at (6, 0), 1 at (6 + 104 = 110, 0), 2 at (6, 60).
    //   Mirrored in 320: x' = 320 − x − 100: 214, 110, 214 (the left padding is now on the right).
    @Test func lanesVertical() throws {
        let l = try layout([("width", .number(320)), ("lanes", .number(2)), ("padding", .insets(Insets(top: 0, left: 6, bottom: 0, right: 0))),
                            ("lineSpacing", .number(10)), ("itemSpacing", .number(4))],
                           ArrayDataSource(sizes: [size(100, 50), size(100, 50), size(100, 50)]))
        #expect(try itemFrames(l) == [rect(214, 0, 100, 50), rect(110, 0, 100, 50), rect(214, 60, 100, 50)])
        #expect(l.contentSize == size(320, 110))
        // Queries use the mirrored frames: a left edge is inside, a right edge outside.
        #expect(l.indexPath(at: Point(x: 214, y: 0)) == GridIndexPath(section: 0, item: 0))
        #expect(l.indexPath(at: Point(x: 314, y: 10)) == nil)
        #expect(l.indexPath(at: Point(x: 212, y: 10)) == nil)   // the itemSpacing between 210 and 214
        #expect(l.indexPath(at: Point(x: 110, y: 10)) == GridIndexPath(section: 0, item: 1))
        #expect(l.elements(in: rect(0, 0, 150, 10)).map(\.id) == [.item(GridIndexPath(section: 0, item: 1))])
    }

    // The same horizontally: height 320 is C, padding top 6 its start; items 50×100.
    //   Laid out: 0 at (0, 6), 1 at (0, 110), 2 at (50 + 10 = 60, 6); content width (S) 110.
    //   Mirrored in 110: x' = 110 − x − 50: 60, 60, 0.
    @Test func lanesHorizontal() throws {
        let l = try layout([("direction", .string("horizontal")), ("width", .number(480)), ("height", .number(320)), ("lanes", .number(2)),
                            ("padding", .insets(Insets(top: 6, left: 0, bottom: 0, right: 0))),
                            ("lineSpacing", .number(10)), ("itemSpacing", .number(4))],
                           ArrayDataSource(sizes: [size(50, 100), size(50, 100), size(50, 100)]))
        #expect(try itemFrames(l) == [rect(60, 6, 50, 100), rect(60, 110, 50, 100), rect(0, 6, 50, 100)])
        #expect(l.contentSize == size(110, 320))
        #expect(l.indexPath(at: Point(x: 60, y: 6)) == GridIndexPath(section: 0, item: 0))
        #expect(l.indexPath(at: Point(x: 0, y: 6)) == GridIndexPath(section: 0, item: 2))
        #expect(l.indexPath(at: Point(x: 50, y: 6)) == nil)      // item 2's right edge, then the
        #expect(l.indexPath(at: Point(x: 55, y: 6)) == nil)      // lineSpacing between 50 and 60
    }

    // waterfall, 2 columns, width 320, lineSpacing 10, itemSpacing 20 (SpacingGoldenTests.waterfall):
    //   laid out (0,0,150,50) (170,0,150,150) (0,60,150,100) (170,160,150,30);
    //   mirrored x' = 320 − x − 150: 170, 0, 170, 0.
    @Test func waterfallVertical() throws {
        let l = try layout([("width", .number(320)), ("layout", .string("waterfall")), ("columns", .number(2)),
                            ("lineSpacing", .number(10)), ("itemSpacing", .number(20))],
                           ArrayDataSource(sizes: [size(300, 100), size(150, 150), size(75, 50), size(150, 30)]))
        #expect(try itemFrames(l) == [rect(170, 0, 150, 50), rect(0, 0, 150, 150), rect(170, 60, 150, 100), rect(0, 160, 150, 30)])
    }

    // Horizontally (height 320 is C): laid out (0,0,50,150) (0,170,150,150) (60,0,100,150)
    // (160,170,30,150), content width 190; mirrored x' = 190 − x − w: 140, 40, 30, 0.
    // A viewport 100 wide at offset 0 (the left edge, as always) shows x 0..100: items 1, 2, 3.
    @Test func waterfallHorizontalScrolls() throws {
        let config = try configuration([("direction", .string("horizontal")), ("width", .number(100)), ("height", .number(320)),
                                        ("layout", .string("waterfall")), ("columns", .number(2)),
                                        ("lineSpacing", .number(10)), ("itemSpacing", .number(20)), ("rtl", .bool(true))])
        let grid = Grid(configuration: config, dataSource: ArrayDataSource(sizes: [size(100, 300), size(150, 150), size(50, 75), size(30, 150)]))
        try grid.reload()
        #expect(try itemFrames(grid.layout) == [rect(140, 0, 50, 150), rect(40, 170, 150, 150), rect(30, 0, 100, 150), rect(0, 170, 30, 150)])
        #expect(grid.contentSize == size(190, 320))
        #expect(grid.visibleElements().map(\.id) == [1, 2, 3].map { .item(GridIndexPath(section: 0, item: $0)) })
        try grid.scroll(to: Point(x: 90, y: 0))   // x 90..190: items 0, 1, 2 (item 3 ends at 30)
        #expect(grid.visibleElements().map(\.id) == [0, 1, 2].map { .item(GridIndexPath(section: 0, item: $0)) })
        try grid.scrollToItem(GridIndexPath(section: 0, item: 3), alignment: .start)
        #expect(grid.contentOffset == Point(x: 0, y: 0))
    }

    // A drag on two mirrored lanes, width 210, lineSpacing 20, itemSpacing 4: laid out at x 0 and
    // 104, mirrored to 110 and 6. Item 0 (110..210), grabbed at its centre (160, 25) and moved to
    // slot 3's centre (6 + 50, 70 + 25), drops there.
    @Test func dragUsesTheMirroredFrames() throws {
        let data = ListDataSource([items(6)])
        let grid = try laneGrid(data, options: [("sort", .bool(true)), ("animationDuration", .number(0.25)), ("rtl", .bool(true)),
                                                ("lineSpacing", .number(20)), ("itemSpacing", .number(4))])
        #expect(drawn(grid) == ["0 110,0", "1 6,0", "2 110,70", "3 6,70", "4 110,140", "5 6,140"])
        #expect(try grid.beginDrag(at: Point(x: 160, y: 25)) == GridIndexPath(section: 0, item: 0))
        try grid.drag(to: Point(x: 56, y: 95))
        #expect(grid.drag! == (GridIndexPath(section: 0, item: 0), GridIndexPath(section: 0, item: 3)))
        #expect(grid.visibleElements().first { $0.dragged }?.frame == rect(6, 70, 100, 50))
        try grid.endDrag()
        #expect(data.log == ["move 0.0 0.3"])
        try grid.step(0.25)
        #expect(drawn(grid) == ["0 110,0", "1 6,0", "2 110,70", "3 6,70", "4 110,140", "5 6,140"])
    }

    // Every random grid laid out with rtl is the ltr one mirrored along x, headers and loader too.
    @Test(arguments: Array(UInt64(1)...120)) func rtlIsTheMirrorOfLtr(seed: UInt64) throws {
        var ltr = RandomGrid(seed: seed).configuration
        ltr.rtl = false
        ltr.scale = 0
        var rtl = ltr
        rtl.rtl = true
        let data = RandomGrid(seed: seed).data
        let a = try ContentLayout(configuration: ltr, dataSource: data)
        let b = try ContentLayout(configuration: rtl, dataSource: data)
        #expect(a.contentSize == b.contentSize)
        let w = a.contentSize.width
        // The edges mirrored: x0' = w − (x + width), x1' = w − x; the width x1' − x0', moved by
        // an ulp where x0' plus it would not give x1' (never past it).
        func span(_ a: Double, _ b: Double) -> Double {
            var d = b - a
            if a + d > b { d = d.nextDown } else if a + d < b, a + d.nextUp <= b { d = d.nextUp }
            return d
        }
        let mirrored = allElements(of: a).map { e in
            let x0 = w - (e.frame.x + e.frame.width), x1 = w - e.frame.x
            return GridElement(id: e.id, frame: rect(x0, e.frame.y, span(x0, x1), e.frame.height))
        }
        #expect(allElements(of: b) == mirrored, "seed \(seed)")
    }

    // Sticky headers, horizontally and mirrored: the leading edge is the viewport's right. Width 100
    // (S), lanes 1, lineSpacing 10, two sections of a 20 header and two 50-wide items.
    //   Laid out: header 0 0..20, items 30..80, 90..140; section 1 from 150: header 150..170, items
    //   180..230, 240..290. Content 290; mirrored x' = 290 − x − w: header 0 at 270, header 1 at 120.
    //   Offset 150 shows 150..250, the engine's 40..140: header 0 pins at 40..60, mirrored 230..250.
    //   Offset 50 shows 50..150, the engine's 140..240: pushed to 150 − 20 = 130, mirrored 140..160.
    @Test func stickyHeaderPinsAtTheRightEdge() throws {
        let config = try configuration([("direction", .string("horizontal")), ("width", .number(100)), ("height", .number(320)),
                                        ("lineSpacing", .number(10)), ("stickyHeaders", .bool(true)), ("rtl", .bool(true))])
        let grid = Grid(configuration: config, dataSource: UniformDataSource(counts: [2, 2], size: size(50, 100), header: size(20, 999)))
        try grid.reload()
        #expect(try grid.headerFrame(inSection: 0) == rect(270, 0, 20, 320))
        #expect(try grid.headerFrame(inSection: 1) == rect(120, 0, 20, 320))
        func pinned() -> Rect? { grid.visibleElements().first { $0.pinned }?.frame }
        try grid.scroll(to: Point(x: 150, y: 0))
        #expect(pinned() == rect(230, 0, 20, 320))
        try grid.scroll(to: Point(x: 50, y: 0))
        #expect(pinned() == rect(140, 0, 20, 320))
    }
}

/// Found by fuzzing: items wider than the content are mirrored far to the left of 0, where the
/// mirror's rounding is that of their own coordinates, not the content's width; `indexPath(at:)` at
/// such an item's left edge finds it. (An inset past the viewport's width, where fuzzing found it,
/// is now refused in every layout.)
@Suite struct RtlWideItemTests {
    // Width 2.5: the items' C range is 0…2.5. A 232.5 × 245 item at x = 0 is mirrored to
    // x = 2.5 − 232.5 = −230.
    @Test func anItemMirroredPastZeroIsFoundAtItsLeftEdge() throws {
        var c = GridConfiguration()
        c.viewport = size(2.5, 480)
        c.rtl = true
        let l = try ContentLayout(configuration: c, dataSource: ArrayDataSource(sizes: [size(232.5, 245)]))
        #expect(try l.frame(of: GridIndexPath(section: 0, item: 0)) == rect(-230, 0, 232.5, 245))
        #expect(l.indexPath(at: Point(x: -230, y: 0)) == GridIndexPath(section: 0, item: 0))
        #expect(l.indexPath(at: Point(x: 2.4999999, y: 100)) == GridIndexPath(section: 0, item: 0))
        #expect(l.indexPath(at: Point(x: 2.5, y: 100)) == nil)
    }

    @Test func anInsetPastTheViewportIsRefusedNamingTheSection() throws {
        var c = GridConfiguration()
        c.viewport = size(2.5, 480)
        c.inset = Insets(all: 2.5)
        c.rtl = true
        #expect(throws: GridError.noRoomForItems(length: -2.5, section: 0)) {
            try ContentLayout(configuration: c, dataSource: ArrayDataSource(sizes: [size(232.5, 245)]))
        }
    }
}
