import Testing
import GridLayout
import GridLayoutTestSupport

// Golden frames for `layout = "waterfall"` (docs/layout.md): column C size =
// (viewport C − C padding − (n−1)·spacing)/n; column k starts at C-start + k·(column + spacing);
// an item's S size is S·column/C (C = 0 keeps S as given); order shortest/ltr/rtl;
// content S = the TALLEST column (+ end padding).

private func waterfallLayout(_ options: [(String, OptionValue)], _ dataSource: any GridDataSource) throws -> ContentLayout {
    try ContentLayout(configuration: configuration([("layout", .string("waterfall"))] + options), dataSource: dataSource)
}

// Eight items (w×h) chosen so that scaling to a 100-wide column gives whole numbers:
//   0 200×100 → 50    1 50×40 → 80    2 100×30 → 30    3 0×45 → 45 (C size 0 keeps its S size)
//   4 300×180 → 60    5 400×80 → 20   6 20×14 → 70     7 100×100 → 100
private let verticalSizes = [size(200, 100), size(50, 40), size(100, 30), size(0, 45),
                             size(300, 180), size(400, 80), size(20, 14), size(100, 100)]
// The same items for horizontal scrolling: width is the S size, height the C size.
private let horizontalSizes = verticalSizes.map { size($0.height, $0.width) }

// Vertical: width 330, padding 5, spacing 10, 3 columns → column (330−10−20)/3 = 100;
// column C origins 5, 115, 225. Horizontal: height 330 is the C extent, same numbers.
private let verticalOptions: [(String, OptionValue)] = [("width", .number(330)), ("columns", .number(3)),
                                                         ("spacing", .number(10)), ("padding", .number(5))]
private let horizontalOptions: [(String, OptionValue)] = [("direction", .string("horizontal")), ("width", .number(480)),
                                                           ("height", .number(330)), ("columns", .number(3)),
                                                           ("spacing", .number(10)), ("padding", .number(5))]

@Suite struct WaterfallGoldenTests {
    // order = shortest (column ends start at 5):
    //   0 → col 0 s=5 (end 55); 1 → col 1 s=5 (end 85); 2 → col 2 s=5 (end 35)
    //   3 → ends 55,85,35 → col 2 s=45 (end 90)
    //   4 → ends 55,85,90 → col 0 s=65 (end 125)
    //   5 → ends 125,85,90 → col 1 s=95 (end 115)
    //   6 → ends 125,115,90 → col 2 s=100 (end 170)
    //   7 → ends 125,115,170 → col 1 s=125 (end 225)
    // Columns end at 125, 225, 170: content S = tallest 225 + 5 = 230 (not the shortest, 125).
    @Test func shortestOrderVertical() throws {
        let layout = try waterfallLayout(verticalOptions, ArrayDataSource(sizes: verticalSizes))
        #expect(try itemFrames(layout) == [
            rect(5, 5, 100, 50), rect(115, 5, 100, 80), rect(225, 5, 100, 30), rect(225, 45, 100, 45),
            rect(5, 65, 100, 60), rect(115, 95, 100, 20), rect(225, 100, 100, 70), rect(115, 125, 100, 100),
        ])
        #expect(layout.contentSize == size(330, 230))
    }

    @Test func shortestOrderHorizontal() throws {
        let layout = try waterfallLayout(horizontalOptions, ArrayDataSource(sizes: horizontalSizes))
        #expect(try itemFrames(layout) == [
            rect(5, 5, 50, 100), rect(5, 115, 80, 100), rect(5, 225, 30, 100), rect(45, 225, 45, 100),
            rect(65, 5, 60, 100), rect(95, 115, 20, 100), rect(100, 225, 70, 100), rect(125, 115, 100, 100),
        ])
        #expect(layout.contentSize == size(230, 330))
    }

    // order = ltr: item i → column i mod 3.
    //   col 0: items 0 (5..55), 3 (65..110), 6 (120..190)
    //   col 1: items 1 (5..85), 4 (95..155), 7 (165..265)
    //   col 2: items 2 (5..35), 5 (45..65)
    // Content S = 265 + 5 = 270.
    @Test func ltrOrderVertical() throws {
        let layout = try waterfallLayout(verticalOptions + [("order", .string("ltr"))], ArrayDataSource(sizes: verticalSizes))
        #expect(try itemFrames(layout) == [
            rect(5, 5, 100, 50), rect(115, 5, 100, 80), rect(225, 5, 100, 30), rect(5, 65, 100, 45),
            rect(115, 95, 100, 60), rect(225, 45, 100, 20), rect(5, 120, 100, 70), rect(115, 165, 100, 100),
        ])
        #expect(layout.contentSize == size(330, 270))
    }

    // order = rtl: item i → column 2 − (i mod 3): the ltr grid mirrored on C.
    @Test func rtlOrderVertical() throws {
        let layout = try waterfallLayout(verticalOptions + [("order", .string("rtl"))], ArrayDataSource(sizes: verticalSizes))
        #expect(try itemFrames(layout) == [
            rect(225, 5, 100, 50), rect(115, 5, 100, 80), rect(5, 5, 100, 30), rect(225, 65, 100, 45),
            rect(115, 95, 100, 60), rect(5, 45, 100, 20), rect(225, 120, 100, 70), rect(115, 165, 100, 100),
        ])
        #expect(layout.contentSize == size(330, 270))
    }

    @Test func ltrOrderHorizontal() throws {
        let layout = try waterfallLayout(horizontalOptions + [("order", .string("ltr"))], ArrayDataSource(sizes: horizontalSizes))
        #expect(try itemFrames(layout) == [
            rect(5, 5, 50, 100), rect(5, 115, 80, 100), rect(5, 225, 30, 100), rect(65, 5, 45, 100),
            rect(95, 115, 60, 100), rect(45, 225, 20, 100), rect(120, 5, 70, 100), rect(165, 115, 100, 100),
        ])
        #expect(layout.contentSize == size(270, 330))
    }

    @Test func rtlOrderHorizontal() throws {
        let layout = try waterfallLayout(horizontalOptions + [("order", .string("rtl"))], ArrayDataSource(sizes: horizontalSizes))
        #expect(try itemFrames(layout) == [
            rect(5, 225, 50, 100), rect(5, 115, 80, 100), rect(5, 5, 30, 100), rect(65, 225, 45, 100),
            rect(95, 115, 60, 100), rect(45, 5, 20, 100), rect(120, 225, 70, 100), rect(165, 115, 100, 100),
        ])
        #expect(layout.contentSize == size(270, 330))
    }

    // A zero-width item keeps its height, and takes the column's width.
    // 2 columns in 210 with spacing 10 → column 100. Items 0×37 (keeps 37), 0×0 (keeps 0), 50×25 → 50.
    //   0 → col 0 s=0 (end 37); 1 → col 1 s=0 (end 0); 2 → ends 37,0 → col 1 s=0+10=10 (end 60)
    // Content S = 60.
    @Test func zeroWidthItemKeepsItsHeight() throws {
        let layout = try waterfallLayout([("width", .number(210)), ("columns", .number(2)), ("spacing", .number(10))],
                                         ArrayDataSource(sizes: [size(0, 37), size(0, 0), size(50, 25)]))
        #expect(try itemFrames(layout) == [rect(0, 0, 100, 37), rect(110, 0, 100, 0), rect(110, 10, 100, 50)])
        #expect(layout.contentSize == size(210, 60))
    }

    // A zero-size item ties: after 0×0 in column 0 (S size kept as 0), column 0 ends at 0, as
    // does empty column 1 (the section's item start). "The shortest is the one with the smallest
    // end, ties to the lowest index" → the next item goes into column 0, at its end + spacing = 10.
    // 2 columns in 210, spacing 10 → column 100. Items 0×0, 50×25 (→ 100×50), 100×30.
    //   0 → col 0, s 0 (end 0); 1 → ends 0,0 tie → col 0, s 10 (end 60); 2 → ends 60,0 → col 1, s 0 (end 30)
    // Content S = 60.
    @Test func zeroSizeItemTiesToLowestColumn() throws {
        let layout = try waterfallLayout([("width", .number(210)), ("columns", .number(2)), ("spacing", .number(10))],
                                         ArrayDataSource(sizes: [size(0, 0), size(50, 25), size(100, 30)]))
        #expect(try itemFrames(layout) == [rect(0, 0, 100, 0), rect(0, 10, 100, 50), rect(110, 0, 100, 30)])
        #expect(layout.contentSize == size(210, 60))
    }

    // Same-size path: 7 items 200×100 scale to 100×50; columns fill round-robin (shortest ties to
    // the lowest column, so it equals ltr): lines at 5, 65, 125; C 5, 115, 225.
    // Content S = 125 + 50 + 5 = 180. rtl mirrors each line.
    @Test func sameSizeMatchesPerItemPath() throws {
        let uniform = UniformDataSource(counts: [7], size: size(200, 100))
        let perItem = ArrayDataSource(sizes: Array(repeating: size(200, 100), count: 7))
        let forward = [
            rect(5, 5, 100, 50), rect(115, 5, 100, 50), rect(225, 5, 100, 50),
            rect(5, 65, 100, 50), rect(115, 65, 100, 50), rect(225, 65, 100, 50), rect(5, 125, 100, 50),
        ]
        let mirrored = [
            rect(225, 5, 100, 50), rect(115, 5, 100, 50), rect(5, 5, 100, 50),
            rect(225, 65, 100, 50), rect(115, 65, 100, 50), rect(5, 65, 100, 50), rect(225, 125, 100, 50),
        ]
        for (order, expected) in [("shortest", forward), ("ltr", forward), ("rtl", mirrored)] {
            for data in [uniform, perItem] as [any GridDataSource] {
                let layout = try waterfallLayout(verticalOptions + [("order", .string(order))], data)
                #expect(try itemFrames(layout) == expected, "order \(order)")
                #expect(layout.contentSize == size(330, 180), "order \(order)")
            }
        }
    }

    // Same-size horizontally: items 100 along S, 200 along C → scaled to 50 along S, 100 along C.
    @Test func sameSizeMatchesPerItemPathHorizontal() throws {
        let expected = [
            rect(5, 5, 50, 100), rect(5, 115, 50, 100), rect(5, 225, 50, 100),
            rect(65, 5, 50, 100), rect(65, 115, 50, 100), rect(65, 225, 50, 100), rect(125, 5, 50, 100),
        ]
        for data in [UniformDataSource(counts: [7], size: size(100, 200)),
                     ArrayDataSource(sizes: Array(repeating: size(100, 200), count: 7))] as [any GridDataSource] {
            let layout = try waterfallLayout(horizontalOptions, data)
            #expect(try itemFrames(layout) == expected)
            #expect(layout.contentSize == size(180, 330))
        }
    }
}
