#if canImport(Glibc)
import Glibc
#endif
import GridLayout
import GridLayoutTestSupport

/// The fuzz data, changed by the grid's inserts, removals and moves as a script's would be.
struct MutatingFuzzDataSource: GridDataSource {
    var base: FuzzDataSource
    /// Sizes `insertItem` adds, first first (10×10 when none are left).
    var incoming: [Size] = []
    var acrossSections = false

    func numberOfSections() -> Int { base.numberOfSections() }
    func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
    func sizeForItem(at indexPath: GridIndexPath) -> Size { base.sizeForItem(at: indexPath) }
    func sizesForItems(inSection section: Int) -> [Size]? { base.sizesForItems(inSection: section) }
    func headerSize(inSection section: Int) -> Size? { base.headerSize(inSection: section) }
    func showsLoader() -> Bool { base.showsLoader() }
    func itemsHaveSameSize() -> Bool { base.itemsHaveSameSize() }
    func lanes(inSection section: Int) -> Int? { base.lanes(inSection: section) }
    func footerSize(inSection section: Int) -> Size? { base.footerSize(inSection: section) }
    func options(forSection section: Int) -> SectionOptions? { base.options(forSection: section) }
    var providesSpans: Bool { base.providesSpans }
    func span(at path: GridIndexPath) -> ItemSpan? { base.span(at: path) }

    // Spans move with their items: with spans, every section's array is made as long as its
    // sizes first (a missing entry is a span of 1).
    private mutating func alignSpans() {
        guard base.providesSpans else { return }
        for s in base.sections.indices {
            let spans = base.sections[s].spans ?? []
            base.sections[s].spans = Array(spans.prefix(base.sections[s].sizes.count))
                + Array(repeating: nil, count: max(0, base.sections[s].sizes.count - spans.count))
        }
    }
    /// The data can disagree with the layout after a mutation failed half-way (documented): an
    /// index path the data lacks is an error, as `ArrayDataSource` gives, never a trap.
    private func check(_ path: GridIndexPath, extra: Int) throws {
        guard base.sections.indices.contains(path.section),
              path.item >= 0 && path.item < base.sections[path.section].sizes.count + extra else {
            throw ArrayDataSource.OutOfRange(indexPath: path, itemCount: base.sections.indices.contains(path.section) ? base.sections[path.section].sizes.count : nil)
        }
    }
    mutating func insertItem(at path: GridIndexPath) throws {
        try check(path, extra: 1)
        alignSpans()
        let size = incoming.isEmpty ? Size(width: 10, height: 10) : incoming.removeFirst()
        base.sections[path.section].sizes.insert(size, at: path.item)
        base.sections[path.section].spans?.insert(nil, at: path.item)
    }
    mutating func removeItem(at path: GridIndexPath) throws {
        try check(path, extra: 0)
        alignSpans()
        base.sections[path.section].sizes.remove(at: path.item)
        base.sections[path.section].spans?.remove(at: path.item)
    }
    mutating func moveItem(from: GridIndexPath, to: GridIndexPath) throws {
        try check(from, extra: 0)
        try check(to, extra: from.section == to.section ? 0 : 1)
        alignSpans()
        let size = base.sections[from.section].sizes.remove(at: from.item)
        base.sections[to.section].sizes.insert(size, at: to.item)
        if let span = base.sections[from.section].spans?.remove(at: from.item) {
            base.sections[to.section].spans?.insert(span, at: to.item)
        }
    }
    func canMoveItem(fromSection from: Int, toSection to: Int) -> Bool { acrossSections }
}

/// Mutations and drags on a laid-out grid: random inserts, removals, moves, steps of the clock,
/// drags, scrolls and resizes. Whatever is drawn during them has finite frames (when the content is
/// finite), alpha and scale in 0...1, and offsets stay clamped; when none of them failed, the
/// final layout equals a fresh layout of the data they left (up to rounding in sums).
func runMutationFuzz(_ grid: Grid, _ ds: FuzzDataSource, _ r: inout ByteReader) {
    var data = MutatingFuzzDataSource(base: ds, acrossSections: r.bool())
    data.incoming = (0..<8).map { _ in ds.sections.first?.sizes.first ?? Size(width: 10, height: 10) }
    grid.dataSource = data
    grid.configuration.sort = true
    // One byte: the duration in its low bits, anchoring and following the end above them.
    let clock = r.u8()
    try? grid.configuration.set("animationDuration", to: .number(Double(clock % 4) / 8))
    grid.configuration.anchor = clock & 4 != 0 ? .offset : .item
    grid.configuration.followEnd = clock & 8 != 0
    let config = grid.configuration
    var failed = false
    var counts = grid.layout.itemCounts
    func index(_ count: Int) -> Int { count <= 0 ? 0 : Int(r.u8()) % count }
    func attempt(_ body: () throws(GridError) -> Void) {
        do throws(GridError) { try body() } catch { failed = true }
    }
    let verbose = getenv("GRIDFUZZ_VERBOSE") != nil
    func check(_ what: String) {
        if verbose { debugLog("\(what): counts \(grid.layout.itemCounts) planned \(counts) offset \(grid.contentOffset) animating \(grid.isAnimating) drag \(String(describing: grid.drag)) first frames \((0..<grid.layout.sectionCount).map { (try? grid.layout.frame(of: GridIndexPath(section: $0, item: 0)))?.description ?? "-" })") }
        // Layouts whose sums overflow are not checked (as in runEngineFuzz).
        let content = grid.contentSize
        // Frames within 1e300 of the origin: interpolating between two finite frames past that can
        // overflow (1.78e308 + 1.39e306): such layouts are errors, not frames to check.
        let finite = content.width.isFinite && content.height.isFinite && grid.layout.itemCounts.reduce(0, +) < 5_000
            && allElements(of: grid.layout).allSatisfy { isFinite($0.frame) && abs($0.frame.maxX) < 1e300 && abs($0.frame.maxY) < 1e300 }
        for e in grid.visibleElements() {
            if finite && !isFinite(e.frame) { fail("after \(what): element \(e) is not finite", config, ds) }
            if !(0...1).contains(e.alpha) || !(0...1).contains(e.scale) { fail("after \(what): element \(e) alpha/scale out of 0...1", config, ds) }
        }
        // Nor offsets on content whose sums overflowed (NaN or inf frames, where such a layout
        // becomes an error).
        let o = grid.contentOffset, m = grid.maxOffset
        if !overflowed(grid) && !(o.x >= 0 && o.y >= 0 && o.x <= m.x && o.y <= m.y) {
            fail("after \(what): offset \(o) not within [0, \(m)]", config, ds)
        }
    }
    // Anchoring: a change made at once (not animated, nothing running) keeps the first element
    // shown where it was on screen, unless the offset is clamped or follows the end.
    func anchored(_ change: IndexChange?, _ body: () -> Void) {
        let immediate = !grid.isAnimating && grid.drag == nil
        let axes = grid.layout.configuration.direction
        func s(_ p: Point) -> Double { axes == .vertical ? p.y : p.x }
        func s(_ r: Rect) -> Double { axes == .vertical ? r.y : r.x }
        let start = s(grid.contentOffset)
        let shown = grid.layout.elements(in: grid.viewport).filter { $0.id != .loader }.map { ($0.id, s($0.frame) - start) }
        let wasFailed = failed
        body()
        guard let change, immediate, !wasFailed, !failed, !grid.isAnimating, !overflowed(grid), config.anchor == .item, !config.followEnd else { return }
        let now = s(grid.contentOffset), end = s(grid.maxOffset)
        guard now > 0 && now < end, !config.paging else { return }
        for (id, screen) in shown {
            guard let mapped = change.after(id), let frame = grid.layout.frame(of: mapped) else { continue }
            let scale = max(1, abs(s(frame)), abs(now))
            if abs((s(frame) - now) - screen) > 1e-9 * scale {
                fail("after \(change): the anchor \(id) → \(mapped) moved on screen from \(screen) to \(s(frame) - now)", config, ds)
            }
            return
        }
    }
    let operations = Int(r.u8() % 16)
    for _ in 0..<operations where !r.atEnd && !counts.isEmpty {
        let section = index(counts.count)
        let animated = r.bool()
        switch r.u8() % 8 {
        case 0:
            let path = GridIndexPath(section: section, item: index(counts[section] + 1)), scroll = r.bool()
            anchored(scroll ? nil : .insert(path)) {  // an insert with scroll places the viewport itself
                attempt { () throws(GridError) in try grid.insertItem(at: path, animated: animated, scroll: scroll) }
            }
            if !failed { counts[section] += 1 }
            check("insert")
        case 1 where counts[section] > 0:
            let path = GridIndexPath(section: section, item: index(counts[section]))
            anchored(.remove(path)) { attempt { () throws(GridError) in try grid.removeItem(at: path, animated: animated) } }
            if !failed { counts[section] -= 1 }
            check("remove")
        case 2 where counts[section] > 0:
            let to = index(counts.count)
            let target = GridIndexPath(section: to, item: index(counts[to] + (to == section ? 0 : 1)))
            let from = GridIndexPath(section: section, item: index(counts[section]))
            anchored(.move(from: from, to: target)) { attempt { () throws(GridError) in try grid.moveItem(from: from, to: target, animated: animated) } }
            if !failed && to != section {
                counts[section] -= 1
                counts[to] += 1
            }
            check("move")
        case 3:
            attempt { () throws(GridError) in try grid.step(Double(r.u8()) / 64) }
            check("step")
        case 4:
            let viewport = grid.layout.configuration.viewport
            func point() -> Point { Point(x: Double(r.u8()) / 255 * viewport.width * 1.2 - 10, y: Double(r.u8()) / 255 * viewport.height * 1.2 - 10) }
            attempt { () throws(GridError) in
                guard try grid.beginDrag(at: point()) != nil else { return }
                for _ in 0..<Int(r.u8() % 6) {
                    try grid.drag(to: point())
                    try grid.step(Double(r.u8()) / 128)
                    check("drag")
                }
                try grid.endDrag()
            }
            counts = grid.layout.itemCounts
            check("endDrag")
        case 5:
            attempt { () throws(GridError) in try grid.scroll(to: Point(x: r.number(), y: r.number())) }
            check("scroll")
        case 6:
            attempt { () throws(GridError) in try grid.step(1e6) }
            counts = grid.layout.itemCounts
            check("settle")
        default:
            attempt { () throws(GridError) in try grid.resize(to: Size(width: r.number(), height: r.number())) }
            counts = grid.layout.itemCounts
            check("resize")
        }
        if failed { return }  // the data and the layout may now disagree, as documented
    }
    attempt { () throws(GridError) in try grid.step(1e6) }
    if !failed { runApplyFuzz(grid, config, ds, &r, &failed) }
    guard !failed, let final = grid.dataSource as? MutatingFuzzDataSource else { return }
    // Everything laid out: a scroll to the end lays out only the last screen (a jump).
    let everything = Rect(x: 0, y: 0, width: .infinity, height: .infinity)
    let fresh: ContentLayout
    do throws(GridError) { fresh = try ContentLayout(configuration: grid.layout.configuration, dataSource: final) } catch {
        // A lazy layout (estimatedSize) has not asked what lies past its frontier, where the data
        // may be what a full layout refuses (sizes adding up past the extent): reaching it must fail too.
        if grid.isEstimated {
            do throws(GridError) { try grid.layOut(through: everything) } catch { return }
            if !grid.isEstimated {
                fail("a fresh layout of the mutated data fails (\(error)) where the lazy grid reached its end", config, ds)
            }
            return
        }
        fail("a fresh layout of the mutated data fails (\(error)) where the grid's succeeded", config, ds)
    }
    // A lazy layout (estimatedSize) that no mutation completed: laid out to its end first.
    if grid.isEstimated {
        do throws(GridError) { try grid.layOut(through: everything) } catch {
            fail("scrolling a lazy layout to its end failed (\(error))", config, ds)
        }
    }
    let a = allElements(of: grid.layout), b = allElements(of: fresh)
    guard b.allSatisfy({ isFinite($0.frame) }) else { return }
    if a.map(\.id) != b.map(\.id) { fail("after mutations the elements differ from a fresh layout's", config, ds) }
    // Waterfall and justified scale items: their sums are not exact, and a section laid out again
    // from an offset start may break a near-tie between columns or rows the other way (as
    // reloadSection documents). Their frames are compared by count only.
    guard config.layout == .lanes || config.layout == .flow else { return }
    // Nor lanes and flow when a length along S is one the sums absorb (a denormal beside 10): a
    // section moved rather than laid out again keeps ties that a full layout breaks the other way
    // (docs/layout.md, reloadSection). Their elements are compared by count only.
    if absorbsLengths(grid.layout.configuration, final.base, content: fresh.contentSize) { return }
    let scale = max(1, fresh.contentSize.width, fresh.contentSize.height)
    func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * scale }
    if verbose {
        debugLog("final configuration: \(grid.layout.configuration)\nfinal data: \(final.base.sections.map { "\($0.sizes.count) items, sizes \(Set($0.sizes.map(\.description)).sorted())" })")
        for k in 0..<min(a.count, b.count) where a[k] != b[k] { debugLog("  \(a[k]) | fresh \(b[k])") }
    }
    func same(_ p: GridElement, _ q: GridElement) -> Bool {
        p.id == q.id && close(p.frame.x, q.frame.x) && close(p.frame.y, q.frame.y)
            && close(p.frame.width, q.frame.width) && close(p.frame.height, q.frame.height)
    }
    if a.count != b.count || !zip(a, b).allSatisfy(same) {
        let diff = zip(a, b).first { !same($0, $1) }.map { "\($0.0) vs fresh \($0.1)" } ?? "counts \(a.count) vs \(b.count)"
        fail("after mutations the layout differs from a fresh one (tolerance \(1e-9 * scale)): \(diff)", config, ds)
    }
}

/// Whether a length along S of the configuration or the data is positive and yet absorbed when
/// added to the content's S extent: then where a section is laid out decides its ties.
func absorbsLengths(_ config: GridConfiguration, _ data: FuzzDataSource, content: Size) -> Bool {
    let vertical = config.direction == .vertical
    let extent = vertical ? content.height : content.width
    func absorbed(_ x: Double) -> Bool { x > 0 && extent + x == extent }
    func s(_ size: Size?) -> Double { size.map { vertical ? $0.height : $0.width } ?? 0 }
    let lengths = [config.lineSpacing, vertical ? config.padding.top : config.padding.left,
                   vertical ? config.padding.bottom : config.padding.right,
                   vertical ? config.inset.top : config.inset.left, vertical ? config.inset.bottom : config.inset.right]
    if lengths.contains(where: absorbed) { return true }
    return data.sections.contains { section in
        absorbed(s(section.header)) || absorbed(s(section.footer)) || section.sizes.contains { absorbed(s($0)) }
    }
}

/// Whether the grid's layout has sums that overflowed: a content size or (up to 5,000 items) a
/// frame that is NaN or infinite.
func overflowed(_ grid: Grid) -> Bool {
    let content = grid.contentSize
    return !content.width.isFinite || !content.height.isFinite
        || (grid.layout.itemCounts.reduce(0, +) < 5_000 && !allElements(of: grid.layout).allSatisfy { isFinite($0.frame) })
}

/// A data source that lies: counts, sizes, sections, `sameSize`, headers and lanes that
/// change from one question to the next, and mutations that sometimes do not change the data.
/// The lies are `lies`, round and round; after 4096 of them it says the truth for good.
final class LyingFuzzDataSource: GridDataSource {
    var base: FuzzDataSource
    let lies: [UInt8]
    var told = 0

    init(base: FuzzDataSource, lies: [UInt8]) {
        self.base = base
        self.lies = lies
    }

    /// The next lie, or nil for the truth.
    func lie() -> Int? {
        told += 1
        guard !lies.isEmpty, told <= 4096 else { return nil }
        let k = Int(lies[told % lies.count])
        return k % 3 == 0 ? nil : k
    }

    func numberOfSections() -> Int {
        guard let k = lie(), k % 4 == 1 else { return base.numberOfSections() }
        return k / 4 % 5
    }
    func numberOfItems(inSection section: Int) -> Int {
        let truth = base.sections.indices.contains(section) ? base.sections[section].sizes.count : 0
        guard let k = lie() else { return truth }
        switch k % 5 {
        case 0: return 0
        case 1: return truth + 1
        case 2: return max(truth - 1, 0)
        case 4: return k / 5
        default: return truth
        }
    }
    func size(_ path: GridIndexPath) -> Size {
        let truth = base.sections.indices.contains(path.section) && base.sections[path.section].sizes.indices.contains(path.item)
            ? base.sections[path.section].sizes[path.item] : Size(width: 10, height: 10)
        guard let k = lie() else { return truth }
        switch k % 6 {
        case 0: return Size(width: 40, height: 1e-300)
        case 1: return Size(width: 1e-300, height: 40)
        case 2: return Size(width: 0, height: 0)
        case 4: return Size(width: Double(k) * 1e13, height: Double(k))
        default: return Size(width: 10 + Double(k % 40), height: 10 + Double(k / 4))
        }
    }
    func sizeForItem(at indexPath: GridIndexPath) -> Size { size(indexPath) }
    func sizesForItems(inSection section: Int) -> [Size]? {
        guard let k = lie(), k % 2 == 0 else { return nil }
        return (0..<numberOfItems(inSection: section)).map { size(GridIndexPath(section: section, item: $0)) }
    }
    func headerSize(inSection section: Int) -> Size? {
        guard let k = lie() else { return base.sections.indices.contains(section) ? base.sections[section].header : nil }
        return k % 2 == 0 ? nil : Size(width: 10, height: k % 4 == 1 ? 1e300 : Double(k % 16))
    }
    func showsLoader() -> Bool { lie().map { $0 % 2 == 0 } ?? base.showLoader }
    func itemsHaveSameSize() -> Bool { lie().map { $0 % 2 == 0 } ?? base.sameSize }
    func lanes(inSection section: Int) -> Int? { lie().map { $0 % 4 + 1 } }

    func insertItem(at path: GridIndexPath) {
        guard lie() != nil, base.sections.indices.contains(path.section) else { return }
        base.sections[path.section].sizes.insert(Size(width: 10, height: 10), at: min(max(path.item, 0), base.sections[path.section].sizes.count))
    }
    func removeItem(at path: GridIndexPath) {
        guard lie() != nil, base.sections.indices.contains(path.section), base.sections[path.section].sizes.indices.contains(path.item) else { return }
        base.sections[path.section].sizes.remove(at: path.item)
    }
    func moveItem(from: GridIndexPath, to: GridIndexPath) {
        guard lie() != nil, base.sections.indices.contains(from.section), base.sections[from.section].sizes.indices.contains(from.item),
              base.sections.indices.contains(to.section) else { return }
        let size = base.sections[from.section].sizes.remove(at: from.item)
        base.sections[to.section].sizes.insert(size, at: min(max(to.item, 0), base.sections[to.section].sizes.count))
    }
    func canMoveItem(at indexPath: GridIndexPath) -> Bool { lie().map { $0 % 4 != 0 } ?? true }
    func canMoveItem(fromSection from: Int, toSection to: Int) -> Bool { lie().map { $0 % 2 == 0 } ?? false }
}

/// Reloads, section reloads, appends, mutations, drags, steps and resizes over a lying data
/// source. Nothing may trap; a reload that fails leaves the layout as it was; whatever is drawn
/// has alpha and scale in 0...1 and the offset stays clamped.
func runLyingFuzz(_ grid: Grid, _ ds: FuzzDataSource, lies: [UInt8], _ r: inout ByteReader) {
    let liar = LyingFuzzDataSource(base: ds, lies: lies)
    grid.dataSource = liar
    let config = grid.configuration
    func index(_ count: Int) -> Int { count <= 0 ? 0 : Int(r.u8()) % count }
    func path() -> GridIndexPath {
        let counts = grid.layout.itemCounts
        let s = index(counts.count + 1)
        return GridIndexPath(section: s, item: index((counts.indices.contains(s) ? counts[s] : 0) + 2))
    }
    func check(_ what: String) {
        for e in grid.visibleElements() where !(0...1).contains(e.alpha) || !(0...1).contains(e.scale) {
            fail("lying data source, after \(what): element \(e) alpha/scale out of 0...1", config, ds)
        }
        let o = grid.contentOffset, m = grid.maxOffset
        if !overflowed(grid) && !(o.x >= 0 && o.y >= 0 && o.x <= m.x && o.y <= m.y) {
            fail("lying data source, after \(what): offset \(o) not within [0, \(m)]", config, ds)
        }
    }
    /// A reload that fails must leave the layout as it was (when no mutation or drag was pending:
    /// a reload finishes those first).
    func transactional(_ what: String, _ body: () throws(GridError) -> Void) {
        _ = try? grid.step(1e6)
        if grid.isAnimating || grid.drag != nil {
            _ = try? body()
            return
        }
        let before = allElements(of: grid.layout), content = grid.contentSize
        do throws(GridError) { try body() } catch {
            let after = allElements(of: grid.layout)
            let same = after.count == before.count && zip(after, before).allSatisfy { $0.id == $1.id && ($0.frame == $1.frame || !isFinite($0.frame)) }
            if !same || !(grid.contentSize == content || !content.width.isFinite || !content.height.isFinite) {
                fail("lying data source: a failed \(what) changed the layout (\(error))", config, ds)
            }
        }
    }
    let viewport = grid.layout.configuration.viewport
    func point() -> Point { Point(x: Double(r.u8()) / 255 * viewport.width * 1.2 - 10, y: Double(r.u8()) / 255 * viewport.height * 1.2 - 10) }
    for _ in 0..<Int(r.u8() % 16) where !r.atEnd {
        switch r.u8() % 10 {
        case 0: transactional("reload") { () throws(GridError) in try grid.reload() }
        case 1: transactional("reloadSection") { () throws(GridError) in try grid.reloadSection(index(grid.layout.sectionCount + 1)) }
        case 2: transactional("reloadNew") { () throws(GridError) in try grid.reloadNew() }
        case 3: _ = try? grid.insertItem(at: path(), animated: r.bool(), scroll: r.bool())
        case 4: _ = try? grid.removeItem(at: path(), animated: r.bool())
        case 5: _ = try? grid.moveItem(from: path(), to: path(), animated: r.bool())
        case 6: _ = try? grid.step(Double(r.u8()) / 64)
        case 7:
            if (try? grid.beginDrag(at: point())) != nil {
                for _ in 0..<Int(r.u8() % 6) {
                    _ = try? grid.drag(to: point())
                    _ = try? grid.step(Double(r.u8()) / 128)
                    check("drag")
                }
                _ = try? grid.endDrag()
            }
        case 8: _ = try? grid.resize(to: Size(width: r.number(), height: r.number()))
        default: _ = try? grid.scroll(to: Point(x: r.number(), y: r.number()))
        }
        check("a lying call")
    }
    _ = try? grid.step(1e6)
    check("settling")
}

/// apply(snapshot) on the settled grid: ids for the items it holds, then a snapshot with some
/// removed, some inserted (sizes and spans from their section), some moved (within and across
/// sections), applied animated or not. A duplicate id first must change nothing; the diff must be
/// minimal in removals plus insertions, and the final layout (checked by the caller against a
/// fresh one) is the new data's.
private func runApplyFuzz(_ grid: Grid, _ config: GridConfiguration, _ ds: FuzzDataSource, _ r: inout ByteReader, _ failed: inout Bool) {
    guard var data = grid.dataSource as? MutatingFuzzDataSource, !r.atEnd else { return }
    var next = 0
    let old: [[Int]] = data.base.sections.map { section in
        defer { next += section.sizes.count }
        return Array(next..<(next + section.sizes.count))
    }
    do throws(GridError) { try grid.apply(old) } catch { failed = true; return }
    typealias Entry = (id: Int, size: Size, span: ItemSpan?)
    var entries: [[Entry]] = data.base.sections.enumerated().map { s, section in
        section.sizes.indices.map { i in (old[s][i], section.sizes[i], section.spans.flatMap { i < $0.count ? $0[i] : nil }) }
    }
    var carried: [Entry] = []
    for s in entries.indices {
        var k = 0
        while k < entries[s].count && !r.atEnd {
            switch r.u8() % 8 {
            case 0: entries[s].remove(at: k)
            case 1: carried.append(entries[s].remove(at: k))
            case 2:
                entries[s].insert((next, entries[s][k].size, entries[s][k].span), at: k)
                next += 1
                k += 2
            default: k += 1
            }
        }
    }
    for entry in carried {
        let s = Int(r.u8()) % entries.count
        entries[s].insert(entry, at: Int(r.u8()) % (entries[s].count + 1))
    }
    for s in entries.indices {
        data.base.sections[s].sizes = entries[s].map(\.size)
        if data.base.sections[s].spans != nil { data.base.sections[s].spans = entries[s].map(\.span) }
    }
    let new = entries.map { $0.map(\.id) }
    let before = allElements(of: grid.layout), offset = grid.contentOffset
    grid.dataSource = data
    if let first = new.firstIndex(where: { $0.count >= 2 }) {
        var twice = new
        twice[first][1] = twice[first][0]
        do throws(GridError) {
            _ = try grid.apply(twice)
            fail("apply took a duplicate id", config, ds)
        } catch {
            if allElements(of: grid.layout) != before || grid.contentOffset != offset { fail("a refused apply changed the grid", config, ds) }
        }
    }
    let diff: SnapshotDiff
    do throws(GridError) { diff = try grid.apply(new, animated: r.bool()) } catch { failed = true; return }
    let oldIDs = Set(old.joined()), newIDs = Set(new.joined())
    if diff.removed.count != oldIDs.subtracting(newIDs).count || diff.inserted.count != newIDs.subtracting(oldIDs).count {
        fail("apply's diff is not minimal: \(diff.removed.count) removed, \(diff.inserted.count) inserted", config, ds)
    }
    for move in diff.moved where old[move.from.section][move.from.item] != new[move.to.section][move.to.item] {
        fail("apply moved \(move.from) to \(move.to), which hold different ids", config, ds)
    }
    do throws(GridError) {
        try grid.step(Double(r.u8()) / 64)
        try grid.step(1e6)
    } catch { failed = true }
}
