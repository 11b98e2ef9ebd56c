import Testing
import GridLayout
import GridLayoutTestSupport

// Stored frames (FrameColumns): C positions and sizes kept as Floats while every one is exactly a
// Float (20 bytes an item); once one is not, in the form that holds the frames in fewest bytes (a
// palette of (C-start, C size) pairs: 17; rows sharing S: 16 and 16 a row; else Doubles: 32): each
// frame reads back exactly as laid out. Layouts place items in batches of 256, so these grids span
// several batches. FrameFormsTests checks the forms themselves.

/// The lanes rule written out plainly (docs/layout.md): shortest lane, ties to the lowest; `padding`
/// on every side.
private func lanesReference(_ sizes: [Size], lanes: Int, spacing: Double, padding: Double = 0) -> [Rect] {
    var ends = Array(repeating: padding, count: lanes), used = Array(repeating: false, count: lanes)
    return sizes.map { size in
        let lane = ends.indices.min { ends[$0] < ends[$1] || (ends[$0] == ends[$1] && $0 < $1) }!
        let y = used[lane] ? ends[lane] + spacing : ends[lane]
        ends[lane] = y + size.height
        used[lane] = true
        return Rect(x: padding + Double(lane) * (size.width + spacing), y: y, width: size.width, height: size.height)
    }
}

private func lanesLayout(_ sizes: [Size], padding: Double = 0) throws -> ContentLayout {
    try ContentLayout(configuration: configuration([("layout", .string("lanes")), ("lanes", .number(3)), ("spacing", .number(4)),
                                                    ("padding", .number(padding))]),
                      dataSource: ArrayDataSource(sizes: sizes))
}

/// Index bytes of one section of n items (blocks of 16: a start per begun block, a maximum per
/// complete one, and two running maxima).
private func indexBytes(_ n: Int) -> Int { 8 * ((n + 15) / 16 + n / 16 + 2) }

/// 600 items of whole sizes, 60…100 × 40…200.
private func wholeSizes() -> [Size] {
    (0..<600).map { (i: Int) -> Size in Size(width: Double(60 + i % 41), height: Double(40 + i * 53 % 161)) }
}

@Suite struct StoredFramesTests {
    @Test func wholeSizesAreStoredInTwentyBytesAnItem() throws {
        let sizes = wholeSizes()
        let layout = try lanesLayout(sizes)
        #expect(try itemFrames(layout) == lanesReference(sizes, lanes: 3, spacing: 4))
        #expect(layout.storedBytes == 20 * 600 + indexBytes(600))
    }

    @Test func aSizeThatIsNoFloatChangesTheFormAndEveryFrameStaysExact() throws {
        // Item 300 (in the second batch) is 0.1 wide: no Float is exactly 0.1, so the store chooses
        // again there: its lanes' (x, width) pairs are fewer than 256, so a palette (17 bytes an
        // item, 16 a pair, a table of twice the pairs rounded up to a power of two).
        var sizes = wholeSizes()
        sizes[300] = Size(width: 0.1, height: 1.0 / 3)
        let layout = try lanesLayout(sizes)
        let frames = try itemFrames(layout)
        #expect(frames == lanesReference(sizes, lanes: 3, spacing: 4))
        #expect(frames[300].width == 0.1 && frames[300].height == 1.0 / 3)
        let pairs = Set(frames.map { [$0.x, $0.width] }).count
        #expect(pairs < 256)
        #expect(layout.storedBytes == 17 * 600 + 16 * pairs + 256 + indexBytes(600))
    }

    @Test func waterfallAndJustifiedTakeAtMostTwentyFourBytesAnItem() throws {
        // gridbench's shapes: a scaled waterfall height and a justified width are no Float; a
        // waterfall's items share their column's pair (3 of them), a justified row its S.
        var rng = SplitMix64(seed: 42)
        let sizes = (0..<1000).map { _ in Size(width: Double(Int.random(in: 60...100, using: &rng)), height: Double(Int.random(in: 40...200, using: &rng))) }
        let waterfall = try ContentLayout(configuration: configuration([("layout", .string("waterfall")), ("columns", .number(3)), ("spacing", .number(4))]),
                                          dataSource: ArrayDataSource(sizes: sizes))
        #expect(waterfall.storedBytes == 17 * 1000 + 3 * 16 + 8 + indexBytes(1000))
        let justified = try ContentLayout(configuration: configuration([("layout", .string("justified")), ("rowHeight", .number(100)), ("spacing", .number(4))]),
                                          dataSource: ArrayDataSource(sizes: sizes))
        #expect(justified.storedBytes <= 24 * justified.storedItemCount)
        #expect(justified.storedBytes >= 16 * 1000 + indexBytes(1000))
    }

    /// Each of the three narrow values is checked on its own: one that is no `Float`, in the C
    /// start (a padding of 0.1), the S size or the C size, takes the store out of the narrow form
    /// (into whichever form then holds its frames exactly in the fewest bytes).
    @Test(arguments: ["c", "sSize", "cSize"])
    func anyOneInexactValueWidensTheStore(inexact: String) throws {
        var sizes = wholeSizes()
        if inexact == "sSize" { sizes[400].height = 1.0 / 3 }
        if inexact == "cSize" { sizes[400].width = 0.1 }
        let padding = inexact == "c" ? 0.1 : 0
        let layout = try lanesLayout(sizes, padding: padding)
        #expect(try itemFrames(layout) == lanesReference(sizes, lanes: 3, spacing: 4, padding: padding))
        #expect(layout.storedBytes != 20 * 600 + indexBytes(600))
    }

    @Test func valuesBeyondFloatRangeAreKeptExactly() throws {
        // The widest item there may be (2^40) less a fraction no Float holds, and a Float denormal.
        let sizes = [Size(width: 0x1p40 - 0.25, height: 5), Size(width: 3, height: 0x1p-140), Size(width: 7, height: 9)]
        let layout = try lanesLayout(sizes)
        #expect(try itemFrames(layout) == lanesReference(sizes, lanes: 3, spacing: 4))
    }

    @Test func queriesFindTheSameElementsNarrowAndWide() throws {
        let whole = (0..<1000).map { (i: Int) -> Size in Size(width: 50, height: Double(30 + i * 7 % 31)) }
        var fractional = whole
        fractional[999].height += 0.01  // widens only the last batch's append; the frames before stay equal
        for sizes in [whole, fractional] {
            let layout = try lanesLayout(sizes)
            for y in stride(from: 0.0, to: layout.contentSize.height, by: 97) {
                let viewport = Rect(x: 0, y: y, width: 320, height: 480)
                #expect(layout.elements(in: viewport) == bruteForceElements(of: layout, in: viewport))
            }
        }
    }
}

/// Found by fuzzing: items of S size 0 with spacing let a start fall by the whole spacing; the end
/// search looks `slack` past the query, and hi + slack rounded to nearest (400 + an ulp + 400 is
/// 800 exactly) stopped at the item at 800, before the one that fell back to 400.
@Suite struct SlackRoundingTests {
    @Test func anItemThatFellAWholeSpacingIsFoundAtItsEdge() throws {
        let palette = [size(257.5, 287.5), size(0, 1020), size(0, 20)]
        var c = GridConfiguration()
        c.direction = .horizontal
        c.viewport = size(320, 3000)
        c.padding = Insets(all: 400)
        c.spacing = 400
        c.lanes = 4
        let l = try ContentLayout(configuration: c, dataSource: ArrayDataSource(sizes: (0..<11).map { palette[$0 % 3] }))
        // Items 0–3 start at x 400, 400, 800, 400: item 3 (lane 2, y 1775) fell a whole spacing.
        #expect(try l.frame(of: GridIndexPath(section: 0, item: 3)) == rect(400, 1775, 257.5, 287.5))
        #expect(l.indexPath(at: Point(x: 400, y: 1820)) == GridIndexPath(section: 0, item: 3))
    }
}
