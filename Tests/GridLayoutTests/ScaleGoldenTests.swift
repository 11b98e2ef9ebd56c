import Testing
import GridLayout
import GridLayoutTestSupport

// Golden frames for `scale` (docs/layout.md, "Pixel snapping"): every reported frame's edges are
// rounded to the nearest multiple of 1/scale, half away from zero — x0 = round(x·scale)/scale,
// x1 = round((x + w)·scale)/scale, w = x1 − x0, the same for y — after `rtl`; the content size
// is rounded up to a multiple of 1/scale. Neighbours that touched still touch.

@Suite struct ScaleGoldenTests {
    // waterfall, 3 columns in 100, spacing 0: columns 100/3 = 33.33… wide at x 0, 33.33…, 66.66….
    // Items 30×10 → S 10·(100/3)/30 = 11.11…; item 3 under item 0 at 11.11….
    //   scale 2: x edges 0, 33.333·2 = 66.67 → 67/2 = 33.5, 66.667·2 = 133.3 → 66.5, 100:
    //            columns 0..33.5, 33.5..66.5, 66.5..100 (still touching); y: 11.11·2 = 22.2 → 11,
    //            22.22·2 = 44.4 → 22. Content S 22.22… rounded up: 44.44 → 45 → 22.5.
    //   scale 3: x edges 0, 100, 200 (/3): the thirds; y 11.11·3 = 33.3 → 33/3 = 11, 22.22·3 = 66.7 → 67/3.
    @Test(arguments: [false, true]) func waterfallScale2(horizontally: Bool) throws {
        let f: (Rect) -> Rect = horizontally ? { rect($0.y, $0.x, $0.height, $0.width) } : { $0 }
        let viewport: [(String, OptionValue)] = horizontally
            ? [("direction", .string("horizontal")), ("width", .number(480)), ("height", .number(100))]
            : [("width", .number(100))]
        let item = horizontally ? size(10, 30) : size(30, 10)
        let l = try ContentLayout(configuration: configuration(viewport + [("layout", .string("waterfall")), ("columns", .number(3)),
                                                                           ("scale", .number(2))]),
                                  dataSource: ArrayDataSource(sizes: [item, item, item, item]))
        #expect(try itemFrames(l) == [rect(0, 0, 33.5, 11), rect(33.5, 0, 33, 11), rect(66.5, 0, 33.5, 11), rect(0, 11, 33.5, 11)].map(f))
        #expect(l.contentSize == (horizontally ? size(22.5, 100) : size(100, 22.5)))
    }

    @Test func waterfallScale3() throws {
        let item = size(30, 10)
        let l = try ContentLayout(configuration: configuration([("width", .number(100)), ("layout", .string("waterfall")),
                                                                ("columns", .number(3)), ("scale", .number(3))]),
                                  dataSource: ArrayDataSource(sizes: [item, item, item, item]))
        let frames = try itemFrames(l)
        #expect(frames.map(\.x) == [0, 100.0 / 3, 200.0 / 3, 0])
        #expect(frames.map(\.y) == [0, 0, 0, 11])
        // Neighbours touch: each column's right edge is the next one's left edge, item 3 starts
        // where item 0 ends.
        #expect(frames[0].maxX == frames[1].x && frames[1].maxX == frames[2].x && frames[2].maxX == 100)
        #expect(frames[0].maxY == frames[3].y && frames[3].maxY == 67.0 / 3)
        #expect(l.contentSize == size(100, 67.0 / 3))
        // Queries use the snapped frames: item 3 starts at 11, where item 0 now ends.
        #expect(l.indexPath(at: Point(x: 100.0 / 3, y: 1)) == GridIndexPath(section: 0, item: 1))
        #expect(l.elements(in: rect(0, 11, 1, 1)).map(\.id) == [.item(GridIndexPath(section: 0, item: 3))])
    }

    // Snapping comes after rtl: lanes 2 in 101, items 33.3×10, itemSpacing 0: laid out at x 0 and
    // 33.3; mirrored in 101: 101 − 33.3 = 67.7..101 and 34.4..67.7; scale 2: 67.7·2 = 135.4 → 67.5,
    // 34.4·2 = 68.8 → 34.5: item 0 at 67.5..101, item 1 at 34.5..67.5.
    @Test func afterRtl() throws {
        let l = try ContentLayout(configuration: configuration([("width", .number(101)), ("lanes", .number(2)), ("rtl", .bool(true)),
                                                                ("scale", .number(2))]),
                                  dataSource: ArrayDataSource(sizes: [size(33.3, 10), size(33.3, 10)]))
        #expect(try itemFrames(l) == [rect(67.5, 0, 33.5, 10), rect(34.5, 0, 33, 10)])
    }

    @Test func aNegativeScaleIsAnError() throws {
        var c = GridConfiguration()
        #expect(throws: GridError.invalidOption(name: "scale", value: "-1", expected: "0 (off) or a number in 1/1024...1024")) {
            try c.set("scale", to: .number(-1))
        }
        #expect(c.scale == 0)
    }
}

/// Found by fuzzing: where coordinates are very large (an item as wide as the largest extent), the
/// snapped query's slack is a few ulps of the coordinate, so a point at an item's edge still finds
/// it. An item wider than the largest extent is refused: its lane and snapped edges would overflow.
@Suite struct ScaleHugeCoordinateTests {
    // lanes 2, scale 1024, items 2^40 × 10: item 1 is in lane 1 at x = 2^40.
    @Test func aPointAtAHugeEdgeFindsItsItem() throws {
        var c = GridConfiguration()
        c.lanes = 2
        c.scale = 1024
        let l = try ContentLayout(configuration: c, dataSource: ArrayDataSource(sizes: [size(0x1p40, 10), size(0x1p40, 10)]))
        #expect(try l.frame(of: GridIndexPath(section: 0, item: 1)).x == 0x1p40)
        #expect(l.indexPath(at: Point(x: 0x1p40, y: 0)) == GridIndexPath(section: 0, item: 1))
        #expect(l.indexPath(at: Point(x: 0, y: 0)) == GridIndexPath(section: 0, item: 0))
    }

    @Test func anItemWiderThanTheLargestExtentIsRefused() throws {
        var c = GridConfiguration()
        c.lanes = 2
        #expect(throws: GridError.extentTooLarge(at: .item(GridIndexPath(section: 0, item: 0)), end: 1e300)) {
            try ContentLayout(configuration: c, dataSource: ArrayDataSource(sizes: [size(1e300, 10), size(1e300, 10)]))
        }
    }
}
