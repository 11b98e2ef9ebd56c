#if canImport(Glibc)
import Glibc
#endif
import GridLayout
import GridLayoutTestSupport  // allElements: the brute-force model the tests use too

/// Reads the fuzzer's bytes; past the end every read gives 0.
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var atEnd: Bool { pos >= bytes.count }
    mutating func u8() -> UInt8 {
        guard pos < bytes.count else { return 0 }
        defer { pos += 1 }
        return bytes[pos]
    }
    mutating func bool() -> Bool { u8() & 1 == 1 }
    /// A number: mostly small ones, sometimes NaN, ±inf, negative, huge.
    mutating func number() -> Double {
        let b = u8()
        switch b {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return -1
        case 4: return 0
        case 5: return 1e15
        case 6: return 1e300
        case 7: return .greatestFiniteMagnitude
        case 8: return -.greatestFiniteMagnitude
        case 9: return .leastNonzeroMagnitude
        case 10: return 0.5
        case 11: return -0.0
        case 12...200: return Double(b - 12) * 2.5
        // The extremes of sizes learnt late and of the largest extent.
        case 250: return 1e-300
        case 251: return 1e-9
        case 252: return 0x1p40
        case 253: return 0x1p41
        case 254: return .leastNormalMagnitude / 1024  // a denormal
        case 255: return 1024
        default: return Double(u8()) * 4 + Double(u8()) / 256
        }
    }
    /// A size, the same encoding on both sides.
    mutating func size() -> Size { Size(width: number(), height: number()) }
    mutating func integer() -> Double {
        let b = u8()
        switch b {
        case 0: return 0
        case 1: return -1
        case 2: return 1e15
        case 3: return 10_001
        case 4: return .nan
        case 5: return 2.5
        default: return Double(b % 12)
        }
    }
}

/// A data source whose sizes come from the input; optionally says `itemsHaveSameSize`.
struct FuzzDataSource: GridDataSource {
    var sections: [ArrayDataSource.Section]
    var showLoader: Bool
    var sameSize: Bool
    func numberOfSections() -> Int { sections.count }
    func numberOfItems(inSection section: Int) -> Int { sections[section].sizes.count }
    func sizeForItem(at indexPath: GridIndexPath) -> Size { sections[indexPath.section].sizes[indexPath.item] }
    func sizesForItems(inSection section: Int) -> [Size]? { sameSize ? nil : sections[section].sizes }
    func headerSize(inSection section: Int) -> Size? { sections[section].header }
    func showsLoader() -> Bool { showLoader }
    func itemsHaveSameSize() -> Bool { sameSize }
    func lanes(inSection section: Int) -> Int? { sections[section].lanes }
    func footerSize(inSection section: Int) -> Size? { sections[section].footer }
    func options(forSection section: Int) -> SectionOptions? { sections[section].options }
    var providesSpans: Bool { sections.contains { $0.spans != nil } }
    func span(at path: GridIndexPath) -> ItemSpan? {
        guard let spans = sections[path.section].spans, path.item < spans.count else { return nil }
        return spans[path.item]
    }
}

/// Writes a GRIDFUZZ_VERBOSE line to stderr (unbuffered: it survives a crash).
func debugLog(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// The input file being replayed (regression mode), named in failures.
nonisolated(unsafe) var currentInput = ""

func fail(_ what: String, _ config: GridConfiguration, _ ds: FuzzDataSource) -> Never {
    let counts = ds.sections.map { "\($0.sizes.count)" }.joined(separator: ",")
    fatalError("gridfuzz: \(currentInput.isEmpty ? "" : currentInput + ": ")\(what)\n  configuration: \(config)\n  sections (item counts): [\(counts)] loader=\(ds.showLoader) sameSize=\(ds.sameSize)")
}

func isFinite(_ r: Rect) -> Bool { r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite && r.maxX.isFinite && r.maxY.isFinite }

func makeSection(_ r: inout ByteReader, sameSize: Bool, maxItems: Int, composed: Bool = false) -> ArrayDataSource.Section {
    let count = r.atEnd ? 0 : Int(r.u8()) % (maxItems + 1)
    var sizes: [Size] = []
    sizes.reserveCapacity(count)
    if sameSize {
        let s = r.size()
        sizes = Array(repeating: s, count: count)
    } else {
        // Few distinct sizes, cycled, so that short inputs still make many items.
        let distinct = max(1, Int(r.u8() % 8))
        var palette: [Size] = []
        for _ in 0..<distinct { palette.append(r.size()) }
        for i in 0..<count { sizes.append(palette[i % distinct]) }
    }
    let header: Size? = r.bool() ? r.size() : nil
    let lanesByte = r.u8()
    let lanes: Int? = lanesByte < 200 ? nil : [0, -1, 1, 2, 3, 7, 10_001, Int.max, Int.min][Int(lanesByte - 200) % 9]
    guard composed else { return ArrayDataSource.Section(sizes: sizes, header: header, lanes: lanes) }
    // Composition: a footer, spans (cycled from a few, good and bad), section options (good and bad).
    let footer: Size? = r.bool() ? r.size() : nil
    var spans: [ItemSpan?]?
    if r.bool() {
        let choices: [ItemSpan?] = [nil, .all, .lanes(1), .lanes(2), .lanes(3), .lanes(0), .lanes(-1), .lanes(Int.max), .lanes(Int.min)]
        let palette = (0..<max(1, Int(r.u8() % 6))).map { _ in choices[Int(r.u8()) % choices.count] }
        spans = (0..<count).map { palette[$0 % palette.count] }
    }
    var options: SectionOptions?
    if r.bool() {
        var entries: [SectionOptions.Entry] = []
        for _ in 0..<Int(r.u8() % 4) {
            let key = r.u8()
            switch key % 10 {
            case 0: entries.append(.init("layout", .string(["lanes", "waterfall", "flow", "justified", "masonry"][Int(r.u8()) % 5])))
            case 1: entries.append(.init("columns", .number(r.integer())))
            case 2: entries.append(.init("lanes", .number(r.integer())))
            case 3: entries.append(.init("inset", r.bool() ? .number(r.number()) : .insets(Insets(top: r.number(), left: r.number(), bottom: r.number(), right: r.number()))))
            case 4: entries.append(.init("lineSpacing", .number(r.number())))
            case 5: entries.append(.init("itemSpacing", .number(r.number())))
            case 6: entries.append(.init("order", .string(["shortest", "ltr", "rtl", "x"][Int(r.u8()) % 4])))
            case 7: entries.append(.init("rowHeight", .number(r.number())))
            case 8: entries.append(.init("direction", .string("horizontal")))
            // Where `bogus` was: `rows` for bytes from 200 on, flow alignment from 100 on (bad names and
            // a number included), `background` from 70 on: no byte more.
            case _ where key >= 200: entries.append(.init("rows", .string(["optimal", "greedy", "best"][Int(key) % 3])))
            case _ where key >= 100:
                entries.append(key % 20 == 9
                    ? .init("justify", .string(["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly", "centre"][Int(key / 20) % 7]))
                    : .init("alignItems", Int(key / 20) % 4 == 3 ? .number(3) : .string(["start", "center", "end"][Int(key / 20) % 4])))
            case _ where key >= 70: entries.append(.init("background", [.bool(true), .bool(false), .number(3)][Int(key) % 3]))
            // Sideways sections where `bogus` was, for the bytes 39, 49, 59 and 69 (a bad name included).
            case _ where key == 39: entries.append(.init("sectionPaging", .string("item")))
            case _ where key == 49: entries.append(.init("scroll", .string("cross")))
            case _ where key == 59: entries.append(.init("sectionPaging", .string("page")))
            case _ where key == 69: entries.append(.init("scroll", .string("sideways")))
            default: entries.append(.init("bogus", .bool(true)))
            }
        }
        options = SectionOptions(entries)
    }
    return ArrayDataSource.Section(sizes: sizes, header: header, lanes: lanes, footer: footer, spans: spans, options: options)
}

/// Fails unless the content is finite and within the largest extent and every frame finite and,
/// along the scroll axis, within it too.
func checkExtents(_ elements: [GridElement], _ content: Size, _ config: GridConfiguration, _ ds: FuzzDataSource, _ what: String = "a layout") {
    let limit = GridLimits.maxExtent
    guard content.width.isFinite, content.height.isFinite, content.width <= limit, content.height <= limit else {
        fail("\(what): content \(content) is not finite within 2^40", config, ds)
    }
    for e in elements {
        let end = config.direction == .vertical ? e.frame.maxY : e.frame.maxX
        guard isFinite(e.frame), end <= limit else { fail("\(what): \(e) is not finite within 2^40", config, ds) }
    }
}

/// One fuzz input: returns normally when every check passes (including inputs the engine rejects).
func runEngineFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    guard let data, size > 0 else { return }
    var r = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))

    // Configuration through set(_:to:): bad values must throw and leave it unchanged.
    var config = GridConfiguration()
    let mask = UInt32(r.u8()) | UInt32(r.u8()) << 8 | UInt32(r.u8()) << 16
    let layouts = ["lanes", "waterfall", "flow", "justified", "bogus"]
    func set(_ name: String, _ value: OptionValue) {
        let before = config
        do throws(GridError) { try config.set(name, to: value) } catch {
            if config != before { fail("set(\(name)) threw but changed the configuration", config, FuzzDataSource(sections: [], showLoader: false, sameSize: false)) }
        }
    }
    // The layout's byte also draws flow alignment (its top half) and `rows` (optimal, greedy or a
    // bad name, from 160): no byte more, so that every input of the corpus reads the same bytes.
    let layoutByte = r.u8()
    set("layout", .string(layouts[Int(layoutByte) % layouts.count]))
    if layoutByte >= 128 {
        set("justify", .string(["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly", "between"][Int(layoutByte / 5) % 7]))
        set("alignItems", .string(["start", "center", "end", "middle"][Int(layoutByte / 35) % 4]))
    }
    if layoutByte >= 160 { set("rows", .string(["optimal", "greedy", "best"][Int(layoutByte) % 3])) }
    if mask & 1 != 0 { set("direction", .string(r.bool() ? "horizontal" : "vertical")) }
    if mask & 2 != 0 { set("width", .number(r.number())) }
    if mask & 4 != 0 { set("height", .number(r.number())) }
    if mask & 8 != 0 { set("padding", r.bool() ? .number(r.number()) : .insets(Insets(top: r.number(), left: r.number(), bottom: r.number(), right: r.number()))) }
    if mask & 16 != 0 { set("spacing", .number(r.number())) }
    if mask & 32 != 0 { set("lanes", .number(r.integer())) }
    if mask & 64 != 0 { set("columns", .number(r.integer())) }
    if mask & 128 != 0 { set("order", .string(["shortest", "ltr", "rtl", "x"][Int(r.u8()) % 4])) }
    if mask & 256 != 0 { set("rowHeight", .number(r.number())) }
    if mask & 512 != 0 { set("tolerance", .number(Double(r.u8()) / 200 - 0.1)) }
    if mask & 1024 != 0 { set("widow", .string(["left", "justify", "hide", "center", "x"][Int(r.u8()) % 5])) }
    if mask & 2048 != 0 { set("stickyHeaders", .bool(r.bool())) }
    if mask & 4096 != 0 { set("paging", .bool(r.bool())) }
    if mask & 8192 != 0 { set("pagingInverseOrder", .bool(r.bool())) }
    if mask & 16384 != 0 { set("overscan", .number(r.number())) }
    if mask & 32768 != 0 { set("loaderSize", .size(r.size())) }
    if mask & 65536 != 0 { set(["lanes", "width", "nope", "padding"][Int(r.u8()) % 4], .string("x")) }
    // Options added later, on bits of the mask the first inputs left clear (before the bad values
    // below: a configuration holding a NaN compares unequal to itself).
    if mask & (1 << 20) != 0 { set("rtl", .bool(r.bool())) }
    if mask & (1 << 21) != 0 {
        set("scale", .number([0, 1, 2, 3, 0.5, -1, .nan, 1e300, 1e-300, 1024, 1.0 / 1024, 1025, .leastNonzeroMagnitude][Int(r.u8()) % 13]))
    }
    if mask & (1 << 22) != 0 { set("inset", r.bool() ? .number(r.number()) : .insets(Insets(top: r.number(), left: r.number(), bottom: r.number(), right: r.number()))) }
    if mask & (1 << 23) != 0 { set("estimatedSize", .size(r.size())) }
    // The mask has no bit left: options added since read the input's last byte, which a value of
    // 0xF0 or more turns on (so most inputs, and most of the corpus, keep their meaning).
    let tail = r.bytes.last ?? 0
    if tail >= 0xF0 {
        set("minColumnWidth", .number([0, 1, 40, 100, 333, -1, .nan, .infinity, 1e-300, .leastNonzeroMagnitude][Int(tail & 0x0F) % 10]))
    }
    if tail >= 0xE0 && tail & 1 == 1 { set("stickyFooters", .bool(true)) }
    // Backgrounds on the top eighth of those tails (a bad 3 for one in four).
    if tail >= 0xF8 { set("background", tail & 3 == 3 ? .number(3) : .bool(true)) }
    // Bad values stored directly: ContentLayout.init must reject them with a GridError.
    if mask & 131072 != 0 {
        switch r.u8() % 6 {
        case 0: config.viewport.width = r.number()
        case 1: config.spacing = r.number()
        case 2: config.lanes = Int(r.u8()) - 128
        case 3: config.rowHeight = r.number()
        case 4: config.tolerance = r.number()
        default: config.overscan = r.number()
        }
    }

    let sameSize = mask & 262144 != 0
    let composed = mask & (1 << 19) != 0
    let sectionCount = Int(r.u8() % 5)
    var sections: [ArrayDataSource.Section] = []
    for _ in 0..<sectionCount { sections.append(makeSection(&r, sameSize: sameSize, maxItems: 200, composed: composed)) }
    var ds = FuzzDataSource(sections: sections, showLoader: r.bool(), sameSize: sameSize)

    let layout: ContentLayout
    do throws(GridError) { layout = try ContentLayout(configuration: config, dataSource: ds) } catch { return }

    if getenv("GRIDFUZZ_VERBOSE") != nil {
        debugLog("configuration: \(config)\nsections: \(ds.sections.map { "\($0.sizes.count) items, sizes \(Set($0.sizes.map(\.description)).sorted()), header \(String(describing: $0.header)), lanes \(String(describing: $0.lanes)), footer \(String(describing: $0.footer)), spans \(String(describing: $0.spans)), options \(String(describing: $0.options))" })\ncontent \(layout.contentSize)")
    }
    let all = allElements(of: layout)
    if getenv("GRIDFUZZ_VERBOSE") != nil { for e in all { debugLog("  \(e)") } }
    // The invariant of every layout: the content within the largest extent, every frame finite
    // and ending, along the scroll axis, within it.
    checkExtents(all, layout.contentSize, config, ds)

    // Lazy layout (estimatedSize): laid out in steps — jumps to the end, the middle and an item
    // (docs/layout.md, "Live data"), scrolls back from them, then everything — it is the full
    // layout. (The jumps read no input bytes: the corpus keeps its meaning.)
    if config.isLazy {
        let grid = Grid(configuration: config, dataSource: ds)
        do throws(GridError) {
            try grid.reload()
            try grid.scrollToEnd()
            try grid.scroll(by: -config.viewport.width, -config.viewport.height)
            try grid.scroll(to: Point(x: grid.contentSize.width / 2, y: grid.contentSize.height / 2))
            try grid.scroll(by: -config.viewport.width / 2, -config.viewport.height / 2)
            if let last = ds.sections.indices.last(where: { !ds.sections[$0].sizes.isEmpty }) {
                try grid.scrollToItem(GridIndexPath(section: last, item: ds.sections[last].sizes.count / 2), alignment: .center)
                if let first = ds.sections.indices.first(where: { !ds.sections[$0].sizes.isEmpty }) {
                    _ = try grid.frame(of: GridIndexPath(section: first, item: 0))
                }
            }
            try grid.layOut(through: Rect(x: 0, y: 0, width: .infinity, height: .infinity))
            try grid.scroll(to: Point(x: .infinity, y: .infinity))
            // scrollToItem scrolled the item's section if it scrolls sideways: back to the full layout's 0.
            for s in 0..<grid.layout.sectionCount where try grid.layout.scrollsSideways(inSection: s) {
                try grid.scrollSection(s, to: 0)
            }
        } catch {
            fail("the lazy reload threw where the full one did not: \(error)", config, ds)
        }
        if grid.isEstimated { fail("laying out everything left the layout estimated", config, ds) }
        if allElements(of: grid.layout) != all || grid.contentSize != layout.contentSize {
            if getenv("GRIDFUZZ_VERBOSE") != nil {
                debugLog("content \(grid.contentSize) | full \(layout.contentSize)")
                for (a, b) in zip(allElements(of: grid.layout), all) where a != b { debugLog("  \(a) | full \(b)") }
            }
            fail("the lazy layout, laid out to its end, differs from the full one", config, ds)
        }
        runHugeLazyFuzz(config, &r)
    }

    let content = layout.contentSize
    let vp = config.viewport
    var offsets = [Point.zero, Point(x: content.width / 2, y: content.height / 2),
                   Point(x: content.width - vp.width, y: content.height - vp.height)]
    for _ in 0..<3 { offsets.append(Point(x: Double(r.u8()) * 8 - 64, y: Double(r.u8()) * 8 - 64)) }
    for o in offsets {
        let rects = [Rect(x: o.x, y: o.y, width: vp.width, height: vp.height),
                     Rect(x: o.x, y: o.y, width: Double(r.u8()), height: Double(r.u8()))]
        for rect in rects {
            let expected = all.filter { $0.frame.overlaps(rect) }
            let got = layout.elements(in: rect)
            if got != expected { fail("elements(in: \(rect)) = \(got), brute force \(expected)", config, ds) }
            if !config.stickyHeaders && !config.stickyFooters {
                let vis = layout.visibleElements(in: rect)
                if vis != expected { fail("visibleElements(in: \(rect)) = \(vis), brute force \(expected)", config, ds) }
            } else if !config.stickyHeaders {
                checkPinnedFooters(layout.visibleElements(in: rect), expected, in: rect, layout, config, ds)
            }
        }
        var points = [o, Point(x: o.x + 0.5, y: o.y + 0.5)]
        for e in all.prefix(3) { points.append(e.frame.origin) }
        for p in points {
            let expected = all.first { if case .item = $0.id { return $0.frame.contains(p) } else { return false } }
            var expectedPath: GridIndexPath?
            if let expected, case .item(let path) = expected.id { expectedPath = path }
            let got = layout.indexPath(at: p)
            if got != expectedPath {
                let frames = [got, expectedPath].map { path in path.map { "\((try? layout.frame(of: $0)).map(String.init(describing:)) ?? "?")" } ?? "-" }
                fail("indexPath(at: \(p)) = \(String(describing: got)), brute force \(String(describing: expectedPath)); frames \(frames)", config, ds)
            }
        }
    }

    // Sideways sections scrolled to offsets of their own (no byte more): the queries still equal a
    // scan of every frame, and every frame stays finite.
    let sideways = (0..<layout.sectionCount).filter { (try? layout.scrollsSideways(inSection: $0)) == true }
    if !sideways.isEmpty {
        let shifted = Grid(configuration: config, dataSource: ds)
        do throws(GridError) {
            try shifted.reload()
            for s in sideways { try shifted.scrollSection(s, to: Double((s + 1) * 97)) }
        } catch {
            fail("scrolling sideways sections threw: \(error)", config, ds)
        }
        let moved = allElements(of: shifted.layout)
        checkExtents(moved, shifted.contentSize, config, ds, "sideways sections at their offsets")
        for o in offsets {
            let rect = Rect(x: o.x, y: o.y, width: vp.width, height: vp.height)
            let expected = moved.filter { $0.frame.overlaps(rect) }
            let got = shifted.layout.elements(in: rect)
            if got != expected { fail("sideways: elements(in: \(rect)) = \(got), brute force \(expected)", config, ds) }
        }
    }

    // The grid: offsets stay clamped and finite.
    let grid = Grid(configuration: config, dataSource: ds)
    do throws(GridError) { try grid.reload() } catch { fail("Grid.reload failed (\(error)) where ContentLayout succeeded", config, ds) }
    func checkOffset(_ what: String) {
        let o = grid.contentOffset, m = grid.maxOffset
        if !(o.x.isFinite && o.y.isFinite && o.x >= 0 && o.y >= 0 && o.x <= m.x && o.y <= m.y) {
            fail("offset \(o) after \(what) not within [0, \(m)]", config, ds)
        }
    }
    let targets: [Point] = [Point(x: .infinity, y: .infinity), Point(x: -.infinity, y: -.infinity),
                            Point(x: 1e300, y: -1e300), Point(x: r.number(), y: r.number())]
    for t in targets {
        do throws(GridError) { try grid.scroll(to: t) } catch {
            if !(t.x.isNaN || t.y.isNaN) { fail("scroll(to: \(t)) threw \(error)", config, ds) }
        }
        checkOffset("scroll(to: \(t))")
        // (A lazy grid that jumped places what it laid out by the estimate: compared once
        // everything is laid out, above.)
        if !config.stickyHeaders && grid.layout.firstLaidOutSection == 0 {
            let expected = all.filter { $0.frame.overlaps(grid.viewport) }
            if config.stickyFooters {
                checkPinnedFooters(grid.visibleElements(), expected, in: grid.viewport, grid.layout, config, ds)
            } else if grid.visibleElements() != expected {
                fail("grid.visibleElements() at \(grid.contentOffset) = \(grid.visibleElements()), brute force \(expected)", config, ds)
            }
        }
    }
    do throws(GridError) { try grid.scroll(by: r.number(), r.number()) } catch {}
    checkOffset("scroll(by:)")

    // reloadNew after appending equals a full reload.
    let appendCount = Int(r.u8() % 40)
    if ds.sections.isEmpty || r.bool() {
        ds.sections.append(makeSection(&r, sameSize: sameSize, maxItems: 200))
    }
    let last = ds.sections.count - 1
    let extra = sameSize ? Array(repeating: ds.sections[last].sizes.first ?? r.size(), count: appendCount)
                         : (0..<appendCount).map { _ in r.size() }
    ds.sections[last].sizes += extra.prefix(max(0, 200 - ds.sections[last].sizes.count))
    grid.dataSource = ds
    let full: ContentLayout?
    do throws(GridError) { full = try ContentLayout(configuration: config, dataSource: ds) } catch { full = nil }
    var incrementalError: GridError?
    do throws(GridError) { try grid.reloadNew() } catch { incrementalError = error }
    switch (full, incrementalError) {
    case (nil, nil):
        fail("reloadNew succeeded where a full reload fails", config, ds)
    case (let full?, let err?):
        fail("reloadNew threw \(err) where a full reload succeeds (\(full.contentSize))", config, ds)
    case (let full?, nil):
        let a = allElements(of: grid.layout), b = allElements(of: full)
        // Sums that overflow to inf/NaN are not compared (NaN != NaN); see the guard above.
        guard b.allSatisfy({ isFinite($0.frame) }), full.contentSize.width.isFinite, full.contentSize.height.isFinite else { return }
        if a != b {
            let diff = zip(a, b).first { $0 != $1 }.map { "\($0.0) vs full \($0.1)" } ?? "counts \(a.count) vs \(b.count)"
            fail("reloadNew frames differ from a full reload: \(diff)", config, ds)
        }
        if grid.layout.contentSize != full.contentSize { fail("reloadNew contentSize \(grid.layout.contentSize) vs full \(full.contentSize)", config, ds) }
        checkOffset("reloadNew")
        runMutationFuzz(grid, ds, &r)
        if r.u8() % 4 == 1 {
            runLyingFuzz(grid, ds, lies: Array(UnsafeBufferPointer(start: data + max(0, size - 16), count: min(size, 16))), &r)
        }
    case (nil, _?):
        break
    }
}



/// Huge counts (up to 2^32 − 1) of sizes cycled from the input's, lazily, under a byte budget:
/// after every call the content and the laid-out frames stay finite and within the largest
/// extent, and the frames stored stay within what the budget allowed the calls made so far.
func runHugeLazyFuzz(_ config: GridConfiguration, _ r: inout ByteReader) {
    struct Cycled: GridDataSource {
        let count: Int
        let palette: [Size]
        let budget: GridBudget?
        func numberOfItems(inSection section: Int) -> Int { count }
        func sizeForItem(at path: GridIndexPath) -> Size { palette[path.item % palette.count] }
    }
    let maxBytes = 1 << 18
    let counts = [(1 << 32) - 1, 1_000_000_000, 200_000_000, 1_000_000, 1000]
    let source = Cycled(count: counts[Int(r.u8()) % counts.count], palette: (0..<max(1, Int(r.u8() % 4))).map { _ in r.size() },
                        budget: GridBudget(maxBytes: maxBytes, limitName: "the fuzz budget"))
    let ds = FuzzDataSource(sections: [], showLoader: false, sameSize: false)
    let grid = Grid(configuration: config, dataSource: source)
    var calls = 0
    func check(_ what: String) {
        calls += 1
        checkExtents(allElements(of: grid.layout), grid.contentSize, config, ds, "huge lazy grid of \(source.count), after \(what)")
        // A call may make two moves (a jump, then the cover of its viewport), each with the budget.
        if grid.layout.storedItemCount > calls * 2 * (maxBytes / 33 + 2 * 256) {
            fail("huge lazy grid: \(grid.layout.storedItemCount) frames stored after \(calls) calls under a budget of \(maxBytes) bytes", config, ds)
        }
    }
    do throws(GridError) { try grid.reload() } catch { return }
    check("reload")
    for _ in 0..<Int(r.u8() % 6) {
        let what: String
        switch r.u8() % 5 {
        case 0:
            what = "scroll(by:)"
            try? grid.scroll(by: 0, r.number())
        case 1:
            let item = Int(r.u8()) * 4099 % source.count
            what = "scrollToItem(\(item))"
            try? grid.scrollToItem(GridIndexPath(section: 0, item: item))
        case 2:
            let item = Int(r.u8()) * 1_000_003 % source.count
            let size = r.size()
            what = "measure(\(item), \(size))"
            try? grid.measure(GridIndexPath(section: 0, item: item), size)
        case 3:
            what = "scroll(to:)"
            try? grid.scroll(to: Point(x: r.number(), y: r.number()))
        default:
            what = "indexPath(at:)"
            _ = try? grid.indexPath(at: Point(x: r.number(), y: r.number()))
        }
        check(what)
    }
}

/// With pinned footers: everything but the footers is the brute force's; at most one footer is
/// pinned, inside `rect`, no later than its own place and no earlier than its section's header's
/// end, and ending at `rect`'s end unless its header holds it lower (docs/layout.md, "Pinned
/// footers"; a section without a header holds it at its start, which no public query gives, so
/// that case is not checked); the others are the brute force's.
private func checkPinnedFooters(_ shown: [GridElement], _ expected: [GridElement], in rect: Rect, _ layout: ContentLayout,
                                _ config: GridConfiguration, _ ds: FuzzDataSource) {
    func isFooter(_ e: GridElement) -> Bool { if case .footer = e.id { return true } else { return false } }
    if shown.filter({ !isFooter($0) }) != expected.filter({ !isFooter($0) }) {
        fail("visibleElements(in: \(rect)) with stickyFooters = \(shown), brute force \(expected) (footers aside)", config, ds)
    }
    let pinned = shown.filter(\.pinned)
    if pinned.count > 1 { fail("visibleElements(in: \(rect)): \(pinned.count) pinned footers", config, ds) }
    for e in shown where isFooter(e) && !e.pinned && !expected.contains(e) {
        fail("visibleElements(in: \(rect)): footer \(e) is neither pinned nor the brute force's", config, ds)
    }
    // The rule's inequalities in S, on frames neither mirrored (rtl mirrors a horizontal grid's S)
    // nor snapped.
    guard !config.rtl && config.scale == 0, let footer = pinned.first, case .footer(let section) = footer.id,
          let own = try? layout.footerFrame(inSection: section) else { return }
    let vertical = config.direction == .vertical
    let (s, ownS, end) = vertical ? (footer.frame.y, own.y, rect.maxY) : (footer.frame.x, own.x, rect.maxX)
    let headerEnd = (try? layout.headerFrame(inSection: section)).flatMap { $0 }.map { vertical ? $0.maxY : $0.maxX }
    if !footer.frame.overlaps(rect) || s > ownS || (headerEnd.map { s < $0 - 1e-9 } ?? false) || (s + (vertical ? own.height : own.width) > end + 1e-9 && headerEnd.map { s > $0 + 1e-9 } ?? false) {
        fail("visibleElements(in: \(rect)): pinned footer \(footer) (own \(own)) breaks the rule", config, ds)
    }
}
