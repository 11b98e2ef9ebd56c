import Testing
import GridLayout
import GridLayoutTestSupport

// Golden frames for `layout = "justified"` (docs/layout.md, "justified"; flickr/justified-layout 4.x):
// W = viewport C − C paddings, T = rowHeight, AR = C size / S size, minAR = W/T·(1−tol),
// maxAR = W/T·(1+tol). Sum < minAR keeps the row open; in [minAR, maxAR] accepts and closes; above
// maxAR accepts if first, else closes with or without the item, whichever sum is nearer the row's
// own target (W − (k−1)·spacing)/T (a tie accepts). A closed row of k items is
// (W − (k−1)·spacing)/ΣAR thick clamped to [T/2, 2T]; widths are AR × the unclamped thickness.
// The widow row is T thick: left / center / justify.

private func justifiedLayout(_ options: [(String, OptionValue)], _ dataSource: any GridDataSource) throws -> ContentLayout {
    try ContentLayout(configuration: configuration([("layout", .string("justified"))] + options), dataSource: dataSource)
}

/// Equal to within 1e-9 on every coordinate (row thicknesses such as 600/4.5 are not exact).
private func nearlyEqual(_ a: [Rect], _ b: [Rect]) -> Bool {
    func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) < 1e-9 }
    return a.count == b.count && zip(a, b).allSatisfy {
        close($0.x, $1.x) && close($0.y, $1.y) && close($0.width, $1.width) && close($0.height, $1.height)
    }
}

private func nearlyEqual(_ a: Size, _ b: Size) -> Bool {
    abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
}

@Suite struct JustifiedGoldenTests {
    // W 600, T 100, tolerance 0.25 → minAR 4.5, maxAR 7.5; spacing 0.
    //   row 0: AR 2 (open), AR 3 → 5 ∈ [4.5, 7.5] closes; thickness 600/5 = 120; widths 240, 360
    //   row 1: AR 1.5, AR 3 → 4.5 = minAR (not below) closes; 600/4.5 = 133.3…; widths 200, 400
    //   row 2: AR 4, AR 3.5 → 7.5 = maxAR (not above) closes; 600/7.5 = 80; widths 320, 280
    //   widow: AR 1, at s = 120 + 133.3… + 80 = 333.3…, T thick, width 100
    // Content S = 433.3….
    @Test func rowsCloseInRangeVertical() throws {
        let t1 = 600.0 / 4.5
        let layout = try justifiedLayout([("width", .number(600)), ("rowHeight", .number(100))],
                                         ArrayDataSource(sizes: [size(200, 100), size(300, 100), size(150, 100), size(300, 100),
                                                                 size(400, 100), size(350, 100), size(100, 100)]))
        let frames = try itemFrames(layout)
        #expect(nearlyEqual(frames, [
            rect(0, 0, 240, 120), rect(240, 0, 360, 120),
            rect(0, 120, 200, t1), rect(200, 120, 400, t1),
            rect(0, 120 + t1, 320, 80), rect(320, 120 + t1, 280, 80),
            rect(0, 200 + t1, 100, 100),
        ]), "\(frames)")
        #expect(nearlyEqual(layout.contentSize, size(600, 300 + t1)), "\(layout.contentSize)")
    }

    // The same rows horizontally: viewport height 600 is W; AR = height / width.
    @Test func rowsCloseInRangeHorizontal() throws {
        let t1 = 600.0 / 4.5
        let layout = try justifiedLayout([("direction", .string("horizontal")), ("width", .number(480)),
                                          ("height", .number(600)), ("rowHeight", .number(100))],
                                         ArrayDataSource(sizes: [size(100, 200), size(100, 300), size(100, 150), size(100, 300),
                                                                 size(100, 400), size(100, 350), size(100, 100)]))
        let frames = try itemFrames(layout)
        #expect(nearlyEqual(frames, [
            rect(0, 0, 120, 240), rect(0, 240, 120, 360),
            rect(120, 0, t1, 200), rect(120, 200, t1, 400),
            rect(120 + t1, 0, 80, 320), rect(120 + t1, 320, 80, 280),
            rect(200 + t1, 0, 100, 100),
        ]), "\(frames)")
        #expect(nearlyEqual(layout.contentSize, size(300 + t1, 600)), "\(layout.contentSize)")
    }

    // Above maxAR, nearer the target wins (W 600, T 100, spacing 0: target 6 for every k).
    //   row 0: AR 3.5 open; + AR 4.5 → 8 > 7.5; |8−6| = 2 < |3.5−6| = 2.5 → accept.
    //          thickness 600/8 = 75; widths 262.5, 337.5
    //   row 1: AR 4 open; + AR 5 → 9; |9−6| = 3 > |4−6| = 2 → reject: row [4] closes alone,
    //          thickness 600/4 = 150, width 600
    //   row 2: the rejected AR 5 starts it: 5 ∈ range → closes; 600/5 = 120, width 600
    //   row 3: AR 4 open; + AR 4 → 8; |8−6| = 2 = |4−6| = 2 → a tie accepts; 600/8 = 75; 300, 300
    // Rows start at 0, 75, 225, 345; content S = 420.
    @Test func aboveMaxNearerTargetBothWaysVertical() throws {
        let layout = try justifiedLayout([("width", .number(600)), ("rowHeight", .number(100))],
                                         ArrayDataSource(sizes: [size(350, 100), size(450, 100), size(400, 100),
                                                                 size(500, 100), size(400, 100), size(400, 100)]))
        #expect(try itemFrames(layout) == [
            rect(0, 0, 262.5, 75), rect(262.5, 0, 337.5, 75),
            rect(0, 75, 600, 150),
            rect(0, 225, 600, 120),
            rect(0, 345, 300, 75), rect(300, 345, 300, 75),
        ])
        #expect(layout.contentSize == size(600, 420))
    }

    // The "row's own target" with spacing 20 (W 600, T 100 → minAR 4.5, maxAR 7.5; targets
    // k=2: 5.8, k=3: 5.6). Horizontal: viewport height 600 is W.
    //   row 0: AR 2, AR 2 → 4 (open); + AR 3.6 → 7.6 > 7.5: |7.6 − 5.6| = 2.0 > |4 − 5.8| = 1.8 → reject.
    //          (With one target W/T = 6 it would have been accepted: 1.6 < 2.)
    //          Row [2, 2]: (600 − 20)/4 = 145 thick; widths 290, 290 at c 0, 310.
    //   row 1 (s = 145 + 20 = 165): AR 3.6 open; + AR 2.2 → 5.8 closes: 580/5.8 = 100 thick;
    //          widths 360, 220 at c 0, 380.
    // Content S = 265.
    @Test func aboveMaxUsesTheRowsOwnTargetHorizontal() throws {
        let layout = try justifiedLayout([("direction", .string("horizontal")), ("width", .number(400)),
                                          ("height", .number(600)), ("rowHeight", .number(100)), ("spacing", .number(20))],
                                         ArrayDataSource(sizes: [size(100, 200), size(100, 200), size(100, 360), size(100, 220)]))
        let frames = try itemFrames(layout)
        #expect(nearlyEqual(frames, [
            rect(0, 0, 145, 290), rect(0, 310, 145, 290),
            rect(165, 0, 100, 360), rect(165, 380, 100, 220),
        ]), "\(frames)")
        #expect(nearlyEqual(layout.contentSize, size(265, 600)), "\(layout.contentSize)")
    }

    // Clamping (W 600, T 100, tolerance 0.75 → minAR 1.5, maxAR 10.5; spacing 0):
    //   row 0: AR 1 open; + AR 0.5 → 1.5 closes; 600/1.5 = 400 → clamped to 2T = 200;
    //          widths from the unclamped 400: 400, 200 (the row fills W)
    //   row 1: AR 30 alone (> maxAR, first item → accepted); 600/30 = 20 → clamped to T/2 = 50; width 600
    //   widow: AR 1 (< minAR 1.5, so the row stays open), T thick, width 100 (left)
    // Rows at 0, 200, 250; content S = 350.
    @Test func clampedRowsKeepUnclampedWidthsVertical() throws {
        let layout = try justifiedLayout([("width", .number(600)), ("rowHeight", .number(100)), ("tolerance", .number(0.75))],
                                         ArrayDataSource(sizes: [size(100, 100), size(50, 100), size(3000, 100), size(100, 100)]))
        #expect(try itemFrames(layout) == [
            rect(0, 0, 400, 200), rect(400, 0, 200, 200),
            rect(0, 200, 600, 50),
            rect(0, 250, 100, 100),
        ])
        #expect(layout.contentSize == size(600, 350))
    }

    @Test func clampedRowsKeepUnclampedWidthsHorizontal() throws {
        let layout = try justifiedLayout([("direction", .string("horizontal")), ("width", .number(480)), ("height", .number(600)),
                                          ("rowHeight", .number(100)), ("tolerance", .number(0.75))],
                                         ArrayDataSource(sizes: [size(100, 100), size(100, 50), size(100, 3000), size(100, 100)]))
        #expect(try itemFrames(layout) == [
            rect(0, 0, 200, 400), rect(0, 400, 200, 200),
            rect(200, 0, 50, 600),
            rect(250, 0, 100, 100),
        ])
        #expect(layout.contentSize == size(350, 600))
    }

    // Widow styles. Vertical: width 640, padding {top 5, left 20, bottom 7, right 20} → W = 600,
    // C start 20; T 100, spacing 10.
    //   row 0 (s=5): AR 2, AR 3 → 5 closes; (600 − 10)/5 = 118 thick; widths 236, 354 at c 20, 266
    //   widow (s = 5 + 118 + 10 = 133): AR 1, AR 1.5 (sum 2.5 < 4.5), T = 100 thick, natural 100, 150
    //     left:    c 20, 130
    //     center:  offset (600 − 250 − 10)/2 = 170 → c 190, 300
    //     justify: each +(600 − 10 − 250)/2 = 170 → widths 270, 320 at c 20, 300
    // Content S = 233 + 7 = 240.
    @Test(arguments: [
        ("left", [rect(20, 133, 100, 100), rect(130, 133, 150, 100)]),
        ("center", [rect(190, 133, 100, 100), rect(300, 133, 150, 100)]),
        ("justify", [rect(20, 133, 270, 100), rect(300, 133, 320, 100)]),
    ])
    func widowStylesVertical(widow: String, widowFrames: [Rect]) throws {
        let layout = try justifiedLayout([("width", .number(640)), ("rowHeight", .number(100)), ("spacing", .number(10)),
                                          ("padding", .insets(Insets(top: 5, left: 20, bottom: 7, right: 20))),
                                          ("widow", .string(widow))],
                                         ArrayDataSource(sizes: [size(200, 100), size(300, 100), size(100, 100), size(150, 100)]))
        #expect(try itemFrames(layout) == [rect(20, 5, 236, 118), rect(266, 5, 354, 118)] + widowFrames)
        #expect(layout.contentSize == size(640, 240))
    }

    // The same horizontally: height 640, padding {top 20, left 5, bottom 20, right 7} (left/right
    // are the S sides, top/bottom the C sides).
    @Test(arguments: [
        ("left", [rect(133, 20, 100, 100), rect(133, 130, 100, 150)]),
        ("center", [rect(133, 190, 100, 100), rect(133, 300, 100, 150)]),
        ("justify", [rect(133, 20, 100, 270), rect(133, 300, 100, 320)]),
    ])
    func widowStylesHorizontal(widow: String, widowFrames: [Rect]) throws {
        let layout = try justifiedLayout([("direction", .string("horizontal")), ("width", .number(480)), ("height", .number(640)),
                                          ("rowHeight", .number(100)), ("spacing", .number(10)),
                                          ("padding", .insets(Insets(top: 20, left: 5, bottom: 20, right: 7))),
                                          ("widow", .string(widow))],
                                         ArrayDataSource(sizes: [size(100, 200), size(100, 300), size(100, 100), size(100, 150)]))
        #expect(try itemFrames(layout) == [rect(5, 20, 118, 236), rect(5, 266, 118, 354)] + widowFrames)
        #expect(layout.contentSize == size(240, 640))
    }

    // A zero S size has no aspect ratio: the error names the item (and its size as given).
    @Test func zeroHeightIsAnErrorNamingTheItemVertical() throws {
        let data = ArrayDataSource(sections: [
            .init(sizes: [size(100, 100)]),
            .init(sizes: [size(100, 100), size(100, 100), size(100, 0)]),
        ])
        #expect(throws: GridError.noAspectRatio(GridIndexPath(section: 1, item: 2), size(100, 0))) {
            try justifiedLayout([("width", .number(600))], data)
        }
        do {
            _ = try justifiedLayout([("width", .number(600))], data)
            Issue.record("expected an error")
        } catch let error as GridError {
            #expect(error.message(base: 0).contains("item (section 1, item 2)"), "\(error)")
            #expect(error.message(base: 1).contains("item (section 2, item 3)"), "\(error.message(base: 1))")
        }
    }

    // Horizontally the S size is the width: a zero width is the error.
    @Test func zeroWidthIsAnErrorNamingTheItemHorizontal() throws {
        let data = ArrayDataSource(sizes: [size(100, 100), size(0, 100)])
        #expect(throws: GridError.noAspectRatio(GridIndexPath(section: 0, item: 1), size(0, 100))) {
            try justifiedLayout([("direction", .string("horizontal")), ("height", .number(600))], data)
        }
        // …while a zero height (C size) is a valid AR of 0 there.
        _ = try justifiedLayout([("direction", .string("horizontal")), ("height", .number(600))],
                                ArrayDataSource(sizes: [size(100, 100), size(100, 0)]))
    }
}
