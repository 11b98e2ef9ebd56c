import Testing
import GridLayout
import GridLayoutTestSupport

// Golden frames for `layout = "flow"` (docs/layout.md): items go along C from the start padding,
// `spacing` apart; an item fits when its C end ≤ viewport C − end padding (exactly reaching it
// fits); the first item of a line is always placed (an item wider than the line gets a line of its
// own); a line is as thick as its tallest item, items align to the line start.

private func flowLayout(_ options: [(String, OptionValue)], _ dataSource: any GridDataSource) throws -> ContentLayout {
    try ContentLayout(configuration: configuration([("layout", .string("flow"))] + options), dataSource: dataSource)
}

@Suite struct FlowGoldenTests {
    // width 320, padding 10, spacing 10 → items may occupy C 10...310.
    //   line 0 (s=10): 0 100×40 c 10..110; 1 120×60 c 120..240; 2 70×30 would end at 320 > 310 → wraps
    //   line 1 (s=10+60+10=80): 2 c 10..80; 3 220×50 c 90..310 — exactly reaches 310, fits
    //   line 2 (s=80+50+10=140): 4 400×20 is wider than the line (300): alone, c 10..410
    //   line 3 (s=140+20+10=170): 5 50×50 c 10..60; 6 30×10 c 70..100
    // Content S = 170 + 50 + 10 = 230; C = 320 (the viewport's, even though item 4 overflows).
    @Test func wrappingVertical() throws {
        let layout = try flowLayout([("width", .number(320)), ("padding", .number(10)), ("spacing", .number(10))],
                                    ArrayDataSource(sizes: [size(100, 40), size(120, 60), size(70, 30), size(220, 50),
                                                            size(400, 20), size(50, 50), size(30, 10)]))
        #expect(try itemFrames(layout) == [
            rect(10, 10, 100, 40), rect(120, 10, 120, 60),
            rect(10, 80, 70, 30), rect(90, 80, 220, 50),
            rect(10, 140, 400, 20),
            rect(10, 170, 50, 50), rect(70, 170, 30, 10),
        ])
        #expect(layout.contentSize == size(320, 230))
    }

    // The same items horizontally: viewport height 320 is the C extent; width = S size.
    @Test func wrappingHorizontal() throws {
        let layout = try flowLayout([("direction", .string("horizontal")), ("width", .number(480)), ("height", .number(320)),
                                     ("padding", .number(10)), ("spacing", .number(10))],
                                    ArrayDataSource(sizes: [size(40, 100), size(60, 120), size(30, 70), size(50, 220),
                                                            size(20, 400), size(50, 50), size(10, 30)]))
        #expect(try itemFrames(layout) == [
            rect(10, 10, 40, 100), rect(10, 120, 60, 120),
            rect(80, 10, 30, 70), rect(80, 90, 50, 220),
            rect(140, 10, 20, 400),
            rect(170, 10, 50, 50), rect(170, 70, 10, 30),
        ])
        #expect(layout.contentSize == size(230, 320))
    }

    // Matches CSS: a 300px-wide container with
    //   display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; align-content: flex-start;
    // and children (flex: none) of 100×50, 100×30, 80×40, 150×20, 140×60.
    // CSS puts 100+10+100+10+80 = 300 on line 1 (a line takes items while their sum plus gaps ≤ 300)
    // and 150+10+140 = 300 on line 2; line 1 is 50 tall (its tallest), line 2 starts at 50+10 = 60
    // and is 60 tall; the container's auto height is 120. Boxes: (0,0) (110,0) (220,0) (0,60) (160,60).
    @Test func matchesCSSFlexWrap() throws {
        let layout = try flowLayout([("width", .number(300)), ("spacing", .number(10))],
                                    ArrayDataSource(sizes: [size(100, 50), size(100, 30), size(80, 40),
                                                            size(150, 20), size(140, 60)]))
        #expect(try itemFrames(layout) == [
            rect(0, 0, 100, 50), rect(110, 0, 100, 30), rect(220, 0, 80, 40),
            rect(0, 60, 150, 20), rect(160, 60, 140, 60),
        ])
        #expect(layout.contentSize == size(300, 120))
    }

    // An item wider than the line as a section's first item, followed by one that fits:
    // width 200, no padding, spacing 5. 0 250×10 alone on line 0 (c 0..250); 1 50×20 at the next
    // cursor would start at 255 > 200 → line 1 at s=10+5=15. Content S = 35.
    @Test func widerThanLineFirstItemGetsItsOwnLine() throws {
        let layout = try flowLayout([("width", .number(200)), ("spacing", .number(5))],
                                    ArrayDataSource(sizes: [size(250, 10), size(50, 20)]))
        #expect(try itemFrames(layout) == [rect(0, 0, 250, 10), rect(0, 15, 50, 20)])
        #expect(layout.contentSize == size(200, 35))
    }

    // Same-size path vs per-item path. width 340, padding 10, spacing 10 → C 10...330; items 100×40
    // at c 10, 120, 230 (230+100 = 330 exactly reaches the end padding → 3 per line).
    // Lines every 50: s 10, 60, 110. Content S = 110 + 40 + 10 = 160.
    @Test func sameSizeMatchesPerItemPathVertical() throws {
        let expected = [
            rect(10, 10, 100, 40), rect(120, 10, 100, 40), rect(230, 10, 100, 40),
            rect(10, 60, 100, 40), rect(120, 60, 100, 40), rect(230, 60, 100, 40),
            rect(10, 110, 100, 40),
        ]
        for data in [UniformDataSource(counts: [7], size: size(100, 40)),
                     ArrayDataSource(sizes: Array(repeating: size(100, 40), count: 7))] as [any GridDataSource] {
            let layout = try flowLayout([("width", .number(340)), ("padding", .number(10)), ("spacing", .number(10))], data)
            #expect(try itemFrames(layout) == expected)
            #expect(layout.contentSize == size(340, 160))
        }
    }

    @Test func sameSizeMatchesPerItemPathHorizontal() throws {
        let expected = [
            rect(10, 10, 40, 100), rect(10, 120, 40, 100), rect(10, 230, 40, 100),
            rect(60, 10, 40, 100), rect(60, 120, 40, 100), rect(60, 230, 40, 100),
            rect(110, 10, 40, 100),
        ]
        for data in [UniformDataSource(counts: [7], size: size(40, 100)),
                     ArrayDataSource(sizes: Array(repeating: size(40, 100), count: 7))] as [any GridDataSource] {
            let layout = try flowLayout([("direction", .string("horizontal")), ("width", .number(500)), ("height", .number(340)),
                                         ("padding", .number(10)), ("spacing", .number(10))], data)
            #expect(try itemFrames(layout) == expected)
            #expect(layout.contentSize == size(160, 340))
        }
    }

    // Same-size items wider than the line: one per line on both paths.
    // width 100, spacing 10: items 150×20 at s 0, 30, 60. Content S = 80.
    @Test func sameSizeWiderThanLine() throws {
        let expected = [rect(0, 0, 150, 20), rect(0, 30, 150, 20), rect(0, 60, 150, 20)]
        for data in [UniformDataSource(counts: [3], size: size(150, 20)),
                     ArrayDataSource(sizes: Array(repeating: size(150, 20), count: 3))] as [any GridDataSource] {
            let layout = try flowLayout([("width", .number(100)), ("spacing", .number(10))], data)
            #expect(try itemFrames(layout) == expected)
            #expect(layout.contentSize == size(100, 80))
        }
    }
}
