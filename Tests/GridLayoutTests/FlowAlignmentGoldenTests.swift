import Testing
import GridLayout
import GridLayoutTestSupport

// Golden frames for flow alignment (docs/layout.md, "Flow alignment"): `justify` shares a line's
// free C space (its C range less its items and the itemSpacing between them), `alignItems` places
// an item along S inside its line, which is as thick as its thickest item. The vertical cases
// against a third-party engine are the Taffy fixtures (Tests/fixtures/layout/flow-taffy-*.json).

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }
private func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

private func flowLayout(_ options: [(String, OptionValue)], _ dataSource: any GridDataSource) throws -> ContentLayout {
    try ContentLayout(configuration: configuration([("layout", .string("flow"))] + options), dataSource: dataSource)
}

@Suite struct FlowAlignmentGoldenTests {
    // Horizontal: C is y, from 10 to 190 (height 200, padding top and bottom 10): 180 long.
    // itemSpacing 4, lineSpacing 8; sizes are (S, C) = (w, h).
    //   line 0 at x 0: C 50, 40, 58 + 2·4 = 156 (the next, 100, would end at 260 > 180): free 24;
    //     spaceAround: 24/3 = 8 around each, 4 before the first: y 14, 14+50+4+8 = 76, 76+40+12 = 128
    //     (ending at 186, 4 before the range's end). Thickness 40: centred, x (40−30)/2 = 5, 10, 0.
    //   line 1 at x 40 + 8 = 48: C 100, 60 + 4 = 164: free 16, 8 around each: y 14, 14+100+4+8 = 126.
    //     Thickness 16: x 48 + 3 = 51, 48.
    // Content S = 48 + 16 = 64.
    @Test func horizontalSpaceAroundCentred() throws {
        let layout = try flowLayout([("direction", .string("horizontal")), ("width", .number(400)), ("height", .number(200)),
                                     ("padding", .insets(Insets(top: 10, left: 0, bottom: 10, right: 0))),
                                     ("lineSpacing", .number(8)), ("itemSpacing", .number(4)),
                                     ("justify", .string("spaceAround")), ("alignItems", .string("center"))],
                                    ArrayDataSource(sizes: [size(30, 50), size(20, 40), size(40, 58), size(10, 100), size(16, 60)]))
        #expect(try itemFrames(layout) == [
            rect(5, 14, 30, 50), rect(10, 76, 20, 40), rect(0, 128, 40, 58),
            rect(51, 14, 10, 100), rect(48, 126, 16, 60),
        ])
        #expect(layout.contentSize == size(64, 200))
    }

    // rtl mirrors after alignment: width 320, padding left 6 (C 6...320, 314 long), spacing 4 along
    // C and 10 along S, justify end, alignItems end.
    //   line 0: 100 + 4 + 60 = 164, free 150: laid out at x 156 and 260 (ending at 320); 50 thick,
    //     the 30-thick item at y 20. Mirrored: 320 − 156 − 100 = 64, 320 − 260 − 60 = 0.
    //   line 1 at y 60: 300 alone (164 + 4 + 300 passes 314), free 14: x 20, mirrored 320 − 20 − 300 = 0.
    @Test func rightToLeftMirrorsTheAlignedLines() throws {
        let layout = try flowLayout([("width", .number(320)), ("padding", .insets(Insets(top: 0, left: 6, bottom: 0, right: 0))),
                                     ("itemSpacing", .number(4)), ("lineSpacing", .number(10)), ("rtl", .bool(true)),
                                     ("justify", .string("end")), ("alignItems", .string("end"))],
                                    ArrayDataSource(sizes: [size(100, 50), size(60, 30), size(300, 10)]))
        #expect(try itemFrames(layout) == [rect(64, 0, 100, 50), rect(0, 20, 60, 30), rect(0, 60, 300, 10)])
        #expect(layout.contentSize == size(320, 70))
    }

    // A line whose free space is negative (one item wider than the range) is laid out as `start`,
    // where CSS would centre it: width 200, spacing 5, justify center. 250 alone at x 0; 50 alone
    // on the next line (y 10 + 5), free 150: x 75.
    @Test func anItemWiderThanTheLineStartsIt() throws {
        for justify in FlowJustification.allCases {
            let layout = try flowLayout([("width", .number(200)), ("spacing", .number(5)), ("justify", .string(justify.rawValue))],
                                        ArrayDataSource(sizes: [size(250, 10), size(50, 20)]))
            let second: [FlowJustification: Double] = [.start: 0, .center: 75, .end: 150, .spaceBetween: 0, .spaceAround: 75, .spaceEvenly: 75]
            #expect(try itemFrames(layout) == [rect(0, 0, 250, 10), rect(second[justify]!, 15, 50, 20)], "\(justify)")
        }
    }

    // An item spanning all lanes closes the held line: width 300, spacing 10, justify center,
    // alignItems end. Line 0: 100 + 10 + 50 = 160, free 140: x 70 and 180; 40 thick: y 20 and 0.
    // The spanning item at y 40 + 10 = 50, 300 wide, 10 thick; the next line at 70: 80 alone, free
    // 220, x 110.
    @Test func aFullLineItemClosesTheLine() throws {
        let data = ArrayDataSource(sections: [.init(sizes: [size(100, 20), size(50, 40), size(10, 10), size(80, 10)],
                                                    spans: [nil, nil, .all, nil])])
        let layout = try flowLayout([("width", .number(300)), ("spacing", .number(10)),
                                     ("justify", .string("center")), ("alignItems", .string("end"))], data)
        #expect(try itemFrames(layout) == [rect(70, 20, 100, 20), rect(180, 0, 50, 40), rect(0, 50, 300, 10), rect(110, 70, 80, 10)])
        #expect(layout.contentSize == size(300, 80))
    }

    // Pixel snapping comes after alignment: width 101, one item 50 wide, justify center: free 51,
    // x 25.5; at scale 1 its edges 25.5 and 75.5 round half away from zero to 26 and 76.
    @Test func snappingRoundsTheAlignedEdges() throws {
        let layout = try flowLayout([("width", .number(101)), ("scale", .number(1)), ("justify", .string("center"))],
                                    ArrayDataSource(sizes: [size(50, 10)]))
        #expect(try itemFrames(layout) == [rect(26, 0, 50, 10)])
    }

    // Section keys win over the grid's options: the grid's justify end, alignItems start; section 0
    // {justify = start, alignItems = center}: 100×40 at x 0, 100×20 at x 110, y (40 − 20)/2 = 10.
    // Section 1 takes the grid's: 210 of 300, free 90: x 90 and 200, both at its start y 40 + 10.
    @Test func sectionKeysOverrideTheGrid() throws {
        let data = ArrayDataSource(sections: [
            .init(sizes: [size(100, 40), size(100, 20)],
                  options: SectionOptions([.init("justify", .string("start")), .init("alignItems", .string("center"))])),
            .init(sizes: [size(100, 40), size(100, 20)]),
        ])
        let layout = try flowLayout([("width", .number(300)), ("spacing", .number(10)), ("justify", .string("end"))], data)
        #expect(try itemFrames(layout, section: 0) == [rect(0, 0, 100, 40), rect(110, 10, 100, 20)])
        #expect(try itemFrames(layout, section: 1) == [rect(90, 50, 100, 40), rect(200, 50, 100, 20)])
    }

    // Items of one size: justify start keeps the arithmetic grid; another justify stores the frames
    // (a short last line shares its space unlike the full ones). Width 320, spacing 10, 100×50 ×4:
    // three fill the line exactly (free 0); the fourth alone, centred at 110.
    @Test func sameSizeSections() throws {
        let data = UniformDataSource(counts: [4], size: size(100, 50))
        let plain = try flowLayout([("width", .number(320)), ("spacing", .number(10))], data)
        #expect(plain.storedItemCount == 0)
        let centred = try flowLayout([("width", .number(320)), ("spacing", .number(10)), ("justify", .string("center"))], data)
        #expect(centred.storedItemCount == 4)
        #expect(try itemFrames(centred) == [rect(0, 0, 100, 50), rect(110, 0, 100, 50), rect(220, 0, 100, 50), rect(110, 60, 100, 50)])
        // alignItems alone moves nothing among items of one size: the grid stays arithmetic.
        let aligned = try flowLayout([("width", .number(320)), ("spacing", .number(10)), ("alignItems", .string("end"))], data)
        #expect(aligned.storedItemCount == 0)
        #expect(try itemFrames(aligned) == itemFrames(plain))
    }

    // Bad values name the option or section key and the value; the layout stays.
    @Test func badValues() throws {
        var config = GridConfiguration()
        #expect(throws: GridError.invalidOption(name: "justify", value: "'centre'",
                                                expected: "one of 'start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly'")) {
            try config.set("justify", to: .string("centre"))
        }
        #expect(throws: GridError.invalidOption(name: "alignItems", value: "3", expected: "one of 'start', 'center', 'end'")) {
            try config.set("alignItems", to: .number(3))
        }
        let data = ArrayDataSource(sections: [.init(sizes: [size(100, 40)], options: SectionOptions([.init("justify", .string("between"))]))])
        #expect(throws: GridError.invalidSectionOption(section: 0, key: "justify", value: "'between'",
                                                       expected: "one of 'start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly'")) {
            _ = try flowLayout([], data)
        }
    }

    // A drag in a justified-centre flow: width 320, spacing 10. Items 100, 60, 100 (+ 20 = 280,
    // free 40: x 20, 130, 200) and 100 alone below (x 110, y 60). Item 1 dragged to the last slot:
    // 100, 100, 100 fill the line (x 0, 110, 220) and 60 is alone, centred at 130.
    @Test func aDragReflowsTheAlignedLines() throws {
        let data = ListDataSource([[size(100, 50), size(60, 50), size(100, 50), size(100, 50)]])
        let config = try configuration([("layout", .string("flow")), ("width", .number(320)), ("height", .number(400)),
                                        ("spacing", .number(10)), ("justify", .string("center")), ("sort", .bool(true)),
                                        ("animationDuration", .number(0.25))])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        #expect(drawn(grid) == ["0 20,0", "1 130,0", "2 200,0", "3 110,60"])
        #expect(try grid.beginDrag(at: point(160, 25)) == path(0, 1))
        try grid.drag(to: point(160, 85))
        #expect(grid.drag! == (path(0, 1), path(0, 3)))
        try grid.endDrag()
        try grid.step(0.25)
        #expect(data.log == ["move 0.1 0.3"])
        #expect(drawn(grid) == ["0 0,0", "1 110,0", "2 220,0", "3 130,60"])
        let fresh = try ContentLayout(configuration: config, dataSource: ArrayDataSource(sizes: data.sections[0]))
        #expect(try itemFrames(grid.layout) == itemFrames(fresh))
    }

    // An animated insert in a justified-centre flow: two 100-wide items in 320 (spacing 10) are at
    // x 55 and 165 (free 110); a third inserted first fills the line: 0, 110, 220. Half-way through
    // the slide the old items are half-way: 82.5 and 192.5.
    @Test func anAnimatedInsertSlidesToTheAlignedFrames() throws {
        let data = ListDataSource([[size(100, 50), size(100, 50)]])
        let config = try configuration([("layout", .string("flow")), ("width", .number(320)), ("height", .number(400)),
                                        ("spacing", .number(10)), ("justify", .string("center")), ("animationDuration", .number(0.2))])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        #expect(drawn(grid) == ["0 55,0", "1 165,0"])
        data.incoming = [size(100, 50)]
        try grid.insertItem(at: path(0, 0))
        try grid.step(0.1)
        #expect(drawn(grid) == ["0 0,0 a0.5", "1 82.5,0", "2 192.5,0"])
        try grid.step(0.1)
        #expect(drawn(grid) == ["0 0,0", "1 110,0", "2 220,0"])
    }

    // reloadNew continues the held last line: 100 alone is centred at 110 in 320; two more fill
    // the line and the frames are those of a full reload (0, 110, 220).
    @Test func reloadNewLaysOutTheLastLineAgain() throws {
        let data = ListDataSource([[size(100, 50)]])
        let config = try configuration([("layout", .string("flow")), ("width", .number(320)), ("spacing", .number(10)),
                                        ("justify", .string("center")), ("alignItems", .string("end"))])
        let grid = Grid(configuration: config, dataSource: data)
        try grid.reload()
        #expect(try itemFrames(grid.layout) == [rect(110, 0, 100, 50)])
        data.sections[0] += [size(100, 70), size(100, 50)]
        try grid.reloadNew()
        #expect(try itemFrames(grid.layout) == [rect(0, 20, 100, 50), rect(110, 0, 100, 70), rect(220, 20, 100, 50)])
    }

    // Lazy layout: with estimatedSize the held line is placed when it closes; the frames are those
    // of a full layout, asked as far as the viewport needs.
    @Test func lazyLayoutGivesTheFullFrames() throws {
        let sizes: [Size] = (0..<300).map { (i: Int) -> Size in
            let (w, h): (Int, Int) = (40 + i % 7 * 10, 20 + i % 5 * 6)
            return size(Double(w), Double(h))
        }
        var options: [(String, OptionValue)] = [("layout", .string("flow")), ("width", .number(320)), ("height", .number(200)),
                                                ("spacing", .number(6)), ("justify", .string("spaceEvenly")), ("alignItems", .string("center"))]
        let full = try ContentLayout(configuration: configuration(options), dataSource: ArrayDataSource(sizes: sizes))
        options.append(("estimatedSize", .size(size(60, 30))))
        let grid = Grid(configuration: try configuration(options), dataSource: ArrayDataSource(sizes: sizes))
        try grid.reload()
        #expect(grid.layout.isLazy)
        try grid.scroll(to: Point(x: 0, y: 600))
        #expect(grid.layout.isLazy)
        for element in grid.visibleElements() {
            guard case .item(let p) = element.id else { continue }
            #expect(element.frame == (try full.frame(of: p)), "\(p)")
        }
    }
}
