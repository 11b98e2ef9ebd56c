// gridbench: times the engine's hot paths and prints a Markdown table, one row per measurement,
// each with its goal and whether it is met.
//
//   swift build -c release --product gridbench && .build/release/gridbench [--quick]
//
// --quick runs the same groups at smaller n (a smoke run; its goals are calibrated for the full
// run). `--curve-out PATH` also writes the query-against-scan curve as TSV (for the plot).
// `--profile-query N`, `--profile-layout N KIND` and `--profile-lua N JOB` (LuaBenchmarks.swift)
// run one job for callgrind; `--flow-file` (FlowFile.swift) lays out sizes from a file;
// `--composed` runs only the composed feed's rows (ComposedFeed.swift), `--carousels` the carousel
// feed's (CarouselFeed.swift), `--transition` the layout transition's (TransitionBenchmarks.swift),
// `--apply` only apply's
// (ApplyBenchmarks.swift), `--optimal-rows` only the row of justified optimal rows, `--neighbor`
// only spatial navigation's (NavigationBenchmarks.swift).
// Times are the fastest of several runs (the machine is noisy: the minimum is the
// least disturbed run); a query time is the mean over many random viewport offsets.
import GridBenchFloor
import GridLayout
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Parameters

struct Scale {
    let quick: Bool
    /// n for the layout timings, the 1M-query rows, the scan and bytes per item.
    let big: Int
    /// The middle point of the lanes query curve.
    let mid: Int
    /// The small end of the query curves (the ratio's denominator).
    let small = 1_000
    /// Items of the same-size (nine-grid) section.
    let huge = 1_000_000_000
    /// Runs per layout timing (the fastest counts).
    let layoutRuns: Int
    /// Random offsets per query timing, and rounds over them (the fastest round counts).
    let queries: Int
    let queryRounds: Int
    /// Offsets for the brute-force scan at big n (each scan visits every frame; more at small n).
    let scans: Int

    init(quick: Bool) {
        self.quick = quick
        big = quick ? 50_000 : 1_000_000
        mid = quick ? 10_000 : 100_000
        layoutRuns = quick ? 2 : 5
        queries = quick ? 1_000 : 10_000
        queryRounds = quick ? 2 : 7
        scans = quick ? 4 : 16
    }
}

let viewport = Size(width: 320, height: 480)

func configuration(_ layout: LayoutKind) -> GridConfiguration {
    var c = GridConfiguration()
    c.layout = layout
    c.viewport = viewport
    c.spacing = 4
    c.lanes = 3
    c.columns = 3
    c.rowHeight = 100
    return c
}

// MARK: - Timing, randomness, sink

/// Monotonic clock in nanoseconds.
func now() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
}

/// Runs `body` `runs` times; returns the fastest run in nanoseconds and the last run's result.
/// A result is released only after its run's clock has stopped, so freeing it is never timed.
func fastest<T>(runs: Int, _ body: () throws -> T) rethrows -> (ns: Double, value: T) {
    var best = Double.infinity
    var last: T?
    for _ in 0..<runs {
        last = nil
        let start = now()
        let value = try body()
        let elapsed = Double(now() - start)
        last = value
        best = Swift.min(best, elapsed)
    }
    return (best, last!)
}

/// SplitMix64: a small seeded generator, so every run lays out the same items.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Everything a benchmark computes is folded in here and printed, so no work can be optimised away.
struct Sink {
    var value: UInt64 = 0
    mutating func add(_ x: Int) { value = (value &* 31) &+ UInt64(bitPattern: Int64(x)) }
    mutating func add(_ x: Double) { add(Int(truncatingIfNeeded: x.bitPattern)) }
}

/// `n` item sizes: width 60…100, height 40…200, from a fixed seed.
func makeSizes(_ n: Int, seed: UInt64 = 42) -> [Size] {
    var rng = SplitMix64(state: seed)
    return (0..<n).map { _ in
        Size(width: Double.random(in: 60...100, using: &rng).rounded(),
             height: Double.random(in: 40...200, using: &rng).rounded())
    }
}

/// `count` viewport rects at random S offsets over the whole content (0 … content − viewport).
func randomViewports(_ layout: ContentLayout, count: Int, seed: UInt64 = 7) -> [Rect] {
    var rng = SplitMix64(state: seed)
    let maxOffset = Swift.max(0, layout.contentSize.height - viewport.height)
    return (0..<count).map { _ in
        Rect(x: 0, y: Double.random(in: 0...1, using: &rng) * maxOffset, width: viewport.width, height: viewport.height)
    }
}

/// `count` viewport rects along a scroll gesture, `step` apart, from a quarter of the content,
/// turning back at either end (a user scrolling up and down).
func scrollViewports(_ layout: ContentLayout, count: Int, step: Double = 48) -> [Rect] {
    let maxOffset = Swift.max(0, layout.contentSize.height - viewport.height)
    var y = maxOffset / 4, direction = 1.0
    return (0..<count).map { _ in
        if y + direction * step > maxOffset || y + direction * step < 0 { direction = -direction }
        y = Swift.min(Swift.max(0, y + direction * step), maxOffset)
        return Rect(x: 0, y: y, width: viewport.width, height: viewport.height)
    }
}

// MARK: - Report

struct Row {
    var benchmark: String
    var n: Int
    var result: String
    var goal: String
    /// nil: informational, no goal.
    var met: Bool?
}

func fixed(_ x: Double, _ decimals: Int) -> String {
    guard x.isFinite else { return String(describing: x) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((Swift.abs(x) * scale).rounded())
    let whole = String(scaled / Int64(scale))
    let sign = x < 0 && scaled != 0 ? "-" : ""
    guard decimals > 0 else { return sign + whole }
    var fraction = String(scaled % Int64(scale))
    while fraction.count < decimals { fraction = "0" + fraction }
    return sign + whole + "." + fraction
}

/// A duration with a unit that keeps 3 significant digits.
func duration(_ ns: Double) -> String {
    func three(_ v: Double) -> String { fixed(v, v < 10 ? 2 : v < 100 ? 1 : 0) }
    if ns < 1_000 { return three(ns) + " ns" }
    if ns < 1_000_000 { return three(ns / 1_000) + " µs" }
    if ns < 1_000_000_000 { return three(ns / 1_000_000) + " ms" }
    return three(ns / 1_000_000_000) + " s"
}

func ratio(_ x: Double) -> String { fixed(x, x < 10 ? 2 : x < 100 ? 1 : 0) + "×" }

func count(_ n: Int) -> String {
    switch n {
    case 1_000_000_000...: return "\(n / 1_000_000_000)G"
    case 1_000_000...: return n % 1_000_000 == 0 ? "\(n / 1_000_000)M" : "\(n)"
    case 1_000...: return n % 1_000 == 0 ? "\(n / 1_000)k" : "\(n)"
    default: return "\(n)"
    }
}

func printTable(_ rows: [Row]) {
    print("| Benchmark | n | Result | Goal | Met |")
    print("|---|---:|---:|---|:---:|")
    for r in rows {
        let met = r.met.map { $0 ? "yes" : "**NO**" } ?? "—"
        print("| \(r.benchmark) | \(count(r.n)) | \(r.result) | \(r.goal) | \(met) |")
    }
}

/// Prints a failure on stdout (in the report) and stderr (where a run's log shows it).
func reportFailure(_ message: String) {
    print(message)
    _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    _ = write(2, "\n", 1)
}

// MARK: - Benchmark groups

/// Times `jobs` in alternation, `rounds` times, and returns each job's fastest round in ns. A ratio
/// compares jobs timed side by side, so the machine's noise falls on both alike.
func interleaved(rounds: Int, _ jobs: [() -> Int], _ sink: inout Sink) -> [Double] {
    var best = Array(repeating: Double.infinity, count: jobs.count)
    for _ in 0..<rounds {
        for (j, job) in jobs.enumerated() {
            let (ns, found) = fastest(runs: 1, job)
            sink.add(found)
            best[j] = Swift.min(best[j], ns)
        }
    }
    return best
}

/// A job that runs `elements(in:)` on every viewport, `repeats` times over, and returns how many
/// elements it found.
func queries(_ layout: ContentLayout, _ viewports: [Rect], repeats: Int = 1) -> () -> Int {
    {
        var found = 0
        for _ in 0..<repeats {
            for v in viewports { found &+= layout.elements(in: v).count }
        }
        return found
    }
}

/// 1. Layout throughput: ns per item to lay out `scale.big` variable-size items with each layout,
/// with no other big layout alive: other large layouts held meanwhile slow it down through the
/// caches, which would measure the machine rather than the layout (BENCHMARKS.md).
func layoutThroughput(_ scale: Scale, _ sizes: [Size], _ rows: inout [Row], _ sink: inout Sink) throws {
    let source = ArrayDataSource(sizes: sizes)
    for kind in LayoutKind.allCases {
        let config = configuration(kind)
        let (ns, layout) = try fastest(runs: scale.layoutRuns) {
            try ContentLayout(configuration: config, dataSource: source)
        }
        sink.add(layout.contentSize.height)
        let perItem = ns / Double(sizes.count)
        rows.append(Row(benchmark: "layout \(kind.rawValue), ns/item (reload \(duration(ns)))", n: sizes.count,
                        result: fixed(perItem, 1) + " ns", goal: "≤ 100 ns/item", met: perItem <= 100))
    }
    try optimalRows(scale, sizes, &rows, &sink)
}

/// Justified optimal rows (`rows = "optimal"`, a dynamic programme over the section) against
/// greedy's on the first 100k of the same items: a reload each, the fastest of `layoutRuns`.
func optimalRows(_ scale: Scale, _ sizes: [Size], _ rows: inout [Row], _ sink: inout Sink) throws {
    let n = Swift.min(100_000, sizes.count)
    let source = ArrayDataSource(sizes: Array(sizes.prefix(n)))
    let greedy = configuration(.justified)
    var optimal = greedy
    optimal.rows = .optimal
    var ns: [Double] = []
    for config in [greedy, optimal] {
        let (t, layout) = try fastest(runs: scale.layoutRuns) { try ContentLayout(configuration: config, dataSource: source) }
        sink.add(layout.contentSize.height)
        ns.append(t)
    }
    let r = ns[1] / ns[0]
    rows.append(Row(benchmark: "justified optimal rows of \(count(n)) items / greedy (\(duration(ns[1])) against \(duration(ns[0])))",
                    n: n, result: ratio(r), goal: "≤ 3×", met: r <= 3))
}

/// 2. Visible query (320×480) for every layout at small and big n (lanes also at mid n), two ways:
/// along a scroll gesture (how a grid is queried: the goal, big/small ≤ 2×, i.e. O(log n + k)), and
/// at random offsets over the whole content (every query cold: it also pays the memory latency of
/// reading its k frames, which at 1M items are no longer in cache; shown, not judged).
func visibleQueries(_ scale: Scale, _ sizes: [Size], _ big: [(LayoutKind, ContentLayout)],
                    _ rows: inout [Row], _ sink: inout Sink) throws {
    for (kind, bigLayout) in big {
        let ns = kind == .lanes ? [scale.small, scale.mid, scale.big] : [scale.small, scale.big]
        var jobs: [() -> Int] = []
        for n in ns {
            let layout = n == scale.big ? bigLayout
                : try ContentLayout(configuration: configuration(kind), dataSource: ArrayDataSource(sizes: Array(sizes[0..<n])))
            jobs.append(queries(layout, scrollViewports(layout, count: scale.queries)))
            jobs.append(queries(layout, randomViewports(layout, count: scale.queries)))
        }
        let times = interleaved(rounds: scale.queryRounds, jobs, &sink).map { $0 / Double(scale.queries) }
        let scroll = stride(from: 0, to: times.count, by: 2).map { times[$0] }
        let random = stride(from: 1, to: times.count, by: 2).map { times[$0] }
        for (n, (t, cold)) in zip(ns, zip(scroll, random)) {
            rows.append(Row(benchmark: "query \(kind.rawValue), mean along a scroll (48 px steps; random offsets: \(duration(cold)))",
                            n: n, result: duration(t), goal: "", met: nil))
        }
        let r = scroll[ns.count - 1] / scroll[0]
        let coldRatio = random[ns.count - 1] / random[0]
        rows.append(Row(benchmark: "query \(kind.rawValue), \(count(scale.big))/\(count(scale.small)) ratio (random offsets: \(ratio(coldRatio)))",
                        n: scale.big, result: ratio(r), goal: "≤ 2× (flat in n)", met: r <= 2))
    }
}

/// 4. Bytes stored per item, per layout.
func memory(_ big: [(LayoutKind, ContentLayout)], _ rows: inout [Row]) {
    for (kind, layout) in big {
        let perItem = Double(layout.storedBytes) / Double(Swift.max(1, layout.storedItemCount))
        rows.append(Row(benchmark: "bytes/item stored, \(kind.rawValue)", n: layout.storedItemCount,
                        result: fixed(perItem, 1) + " B", goal: "≤ 24 B", met: perItem <= 24))
    }
}

/// A nine-grid (九宫格): `count` items of one size, declared with `itemsHaveSameSize`.
struct NineGrid: GridDataSource {
    var count: Int
    func numberOfItems(inSection section: Int) -> Int { count }
    func sizeForItem(at indexPath: GridIndexPath) -> Size { Size(width: 100, height: 100) }
    func itemsHaveSameSize() -> Bool { true }
}

/// 5. Same-size section of a billion items (lanes, 3 per line): reload and query time, each timed
/// side by side with the same at 1k items; both should be flat in n.
func sameSize(_ scale: Scale, _ rows: inout [Row], _ sink: inout Sink) throws {
    let reloads = 1_000
    let config = configuration(.lanes)
    let ns = [scale.small, scale.huge]
    let layouts = try ns.map { n throws(GridError) in try ContentLayout(configuration: config, dataSource: NineGrid(count: n)) }
    let reloadJobs = ns.map { n in
        {  // the same reload succeeded just above, so `try?` never gives nil here
            var height = 0.0
            for _ in 0..<reloads { height += (try? ContentLayout(configuration: config, dataSource: NineGrid(count: n)))?.contentSize.height ?? -1 }
            return Int(height)
        }
    }
    let reload = interleaved(rounds: scale.queryRounds, reloadJobs, &sink).map { $0 / Double(reloads) }
    let query = interleaved(rounds: scale.queryRounds, layouts.map { queries($0, randomViewports($0, count: scale.queries)) }, &sink)
        .map { $0 / Double(scale.queries) }
    rows.append(Row(benchmark: "nine-grid reload", n: ns[0], result: duration(reload[0]), goal: "", met: nil))
    rows.append(Row(benchmark: "nine-grid reload", n: ns[1], result: duration(reload[1]),
                    goal: "≤ 2× the 1k reload (\(ratio(reload[1] / reload[0])))", met: reload[1] <= 2 * reload[0]))
    let visible = queries(layouts[1], randomViewports(layouts[1], count: scale.queries))() / scale.queries
    rows.append(Row(benchmark: "nine-grid query, mean of \(scale.queries) random offsets", n: ns[0], result: duration(query[0]), goal: "", met: nil))
    rows.append(Row(benchmark: "nine-grid query, mean of \(scale.queries) random offsets (\(visible) visible)", n: ns[1],
                    result: duration(query[1]), goal: "≤ 200 ns", met: query[1] <= 200))
    rows.append(Row(benchmark: "nine-grid query, \(count(ns[1]))/\(count(ns[0])) ratio", n: ns[1], result: ratio(query[1] / query[0]),
                    goal: "≤ 2× (flat in n)", met: query[1] <= 2 * query[0]))
    rows.append(Row(benchmark: "nine-grid frames stored", n: ns[1], result: "\(layouts[1].storedItemCount)", goal: "0",
                    met: layouts[1].storedItemCount == 0))
}

/// A grid's content growing at the end: `shown` of `sizes`, asked item by item (what `reloadNew` asks).
final class GrowingSource: GridDataSource {
    let sizes: [Size]
    var shown: Int
    init(sizes: [Size], shown: Int) { self.sizes = sizes; self.shown = shown }
    func numberOfItems(inSection section: Int) -> Int { shown }
    func sizeForItem(at indexPath: GridIndexPath) -> Size { sizes[indexPath.item] }
}

/// 6. `reloadNew` of 1,000 items appended to `scale.big` (lanes), against a full reload of all of
/// them (bulk path). The grid grows by 1,000 per run, so each run appends onto the previous one; the
/// fastest counts, and the first is shown apart (it touches the store's reserved room for the first
/// time; without that room it would copy all 1M frames to a larger array, ~5 ms).
func incrementalReload(_ scale: Scale, _ rows: inout [Row], _ sink: inout Sink) throws {
    let added = 1_000, runs = 20
    let sizes = makeSizes(scale.big + added * runs)
    let config = configuration(.lanes)
    let source = GrowingSource(sizes: sizes, shown: scale.big)
    let grid = Grid(configuration: config, dataSource: source)
    try grid.reload()
    var times: [Double] = []
    for _ in 0..<runs {
        source.shown += added
        let start = now()
        try grid.reloadNew()
        times.append(Double(now() - start))
        sink.add(grid.contentSize.height)
    }
    let all = ArrayDataSource(sizes: Array(sizes[0..<(scale.big + added)]))
    let (full, layout) = try fastest(runs: scale.layoutRuns) { try ContentLayout(configuration: config, dataSource: all) }
    sink.add(layout.contentSize.height)
    let best = times.min()!
    rows.append(Row(benchmark: "reloadNew lanes, \(count(added)) items appended (first append onto a fresh reload: \(duration(times[0])))",
                    n: scale.big, result: duration(best), goal: "", met: nil))
    rows.append(Row(benchmark: "full reload lanes of the same \(count(scale.big + added)) items", n: scale.big + added, result: duration(full), goal: "", met: nil))
    rows.append(Row(benchmark: "full reload / reloadNew of \(count(added)) (first append: \(ratio(full / times[0])))", n: scale.big,
                    result: ratio(full / best), goal: "≥ 100×", met: full / best >= 100))
}

// MARK: - Main

/// `--profile-query N`: lays out N lanes items and runs the random queries once, for
/// `valgrind --tool=callgrind` (nothing is timed; compare the cost per query at two N).
func profileQuery(_ n: Int, _ scale: Scale) throws {
    let layout = try ContentLayout(configuration: configuration(.lanes), dataSource: ArrayDataSource(sizes: makeSizes(n)))
    print("profile-query n=\(n): \(scale.queries) queries found \(queries(layout, randomViewports(layout, count: scale.queries))()) elements")
}

/// `--profile-layout N KIND`: one reload of N items inside gb_measured, for callgrind (instructions
/// per item = the difference between two N, over their difference); KIND `floor-lanes` or
/// `floor-flow` runs the C floor on the same sizes instead.
func profileLayout(_ n: Int, _ kind: String) throws {
    let sizes = makeSizes(n)
    if kind.hasPrefix("floor-"), let floorKind = LayoutKind(rawValue: String(kind.dropFirst(6))) {
        let cSizes = sizes.map { gb_size(width: $0.width, height: $0.height) }
        let out = UnsafeMutablePointer<gb_frame>.allocate(capacity: n)
        defer { out.deallocate() }
        let height = MeasuredJob { floorLayout(floorKind, cSizes, into: out) }.run()
        print("profile-layout n=\(n) \(kind): content height \(height)")
        return
    }
    if kind == "lazy-sweep" { return try profileLazySweep(sizes) }  // LazyBenchmarks.swift
    // `justified-optimal`: justified with optimal rows.
    let optimalRows = kind == "justified-optimal"
    guard let layoutKind = optimalRows ? .justified : LayoutKind(rawValue: kind) else {
        print("gridbench: --profile-layout N KIND: unknown KIND \(kind) (a layout, justified-optimal, floor-lanes or floor-flow)")
        exit(2)
    }
    let source = ArrayDataSource(sizes: sizes)
    var failure: (any Error)?
    let height = MeasuredJob {
        var config = configuration(layoutKind)
        if optimalRows { config.rows = .optimal }
        do { return try ContentLayout(configuration: config, dataSource: source).contentSize.height }
        catch { failure = error; return 0 }
    }.run()
    if let failure { throw failure }
    print("profile-layout n=\(n) \(kind): content height \(height)")
}

/// The flags gridbench takes; a group's flag runs only that group (see `groups` in `main`).
let usage = """
    usage: gridbench [--quick] [--curve-out FILE]          every row, BENCHMARKS.md's table
           gridbench [--quick] GROUP                       one group's rows: \(groupFlags.joined(separator: " "))
           gridbench --profile-layout N KIND               one layout of N items, for callgrind (KIND: \(LayoutKind.allCases.map(\.rawValue).joined(separator: "|"))|justified-optimal|floor-lanes|floor-flow)
           gridbench --profile-query N                     visible queries over N items, for callgrind
           gridbench --profile-lua N [JOB]                 one Lua job of N items, for callgrind (JOB: \(profileJobs.joined(separator: "|")))
           gridbench --flow-file FILE ...                  the flow layout of sizes in a file (flow_bench.py)
    """
// A group's flag runs only that group's rows.
typealias Group = (Scale, [Size], inout [Row], inout Sink) throws -> Void
var groups: [(flag: String, rows: Group)] { [
    ("--lazy", lazyRows),                    // sizes learnt late
    ("--optimal-rows", optimalRows),         // justified optimal rows
    ("--composed", composedFeedRows),        // the composed feed
    ("--transition", transitionRows),        // layout transitions
    ("--carousels", carouselFeedRows),       // the carousel feed
    ("--apply", { scale, _, rows, sink in applyRows(scale, &rows, &sink) }),  // apply (sizes of its own)
    ("--neighbor", navigationRows),          // spatial navigation
    ("--floors", layoutVersusFloor),         // lanes and flow against their C floors
] }
var groupFlags: [String] { groups.map(\.flag) }

/// Exits with the usage for `--help`, and with a "did you mean" for a flag gridbench does not take
/// (a mistyped group flag would otherwise run every row, for minutes).
@MainActor func checkFlags(_ arguments: [String]) {
    let known = ["--help", "--quick", "--curve-out", "--profile-layout", "--profile-query", "--profile-lua", "--flow-file"] + groupFlags
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        exit(0)
    }
    if arguments.contains("--flow-file") { return }  // its own arguments follow
    for argument in arguments.dropFirst() where argument.hasPrefix("-") && !known.contains(argument) && Double(argument) == nil {
        let message = "gridbench: unknown flag \(argument)\(Suggestion.didYouMean(argument, among: known))\n\(usage)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
}

@MainActor func main() throws {
    let arguments = CommandLine.arguments
    checkFlags(arguments)
    let scale = Scale(quick: arguments.contains("--quick"))
    if let i = arguments.firstIndex(of: "--profile-query"), i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
        return try profileQuery(n, scale)
    }
    if let i = arguments.firstIndex(of: "--profile-layout"), i + 2 < arguments.count, let n = Int(arguments[i + 1]) {
        return try profileLayout(n, arguments[i + 2])
    }
    if let i = arguments.firstIndex(of: "--flow-file") { return try flowFile(arguments[(i + 1)...]) }
    let start = now()
    var rows: [Row] = []
    var sink = Sink()
    if let group = groups.first(where: { arguments.contains($0.flag) }) {
        try group.rows(scale, makeSizes(scale.big), &rows, &sink)
        printTable(rows)
        return
    }
    if luaBenchmarks(scale, &rows, &sink) { return }  // Lua rows (LuaBenchmarks.swift); --profile-lua N
    let sizes = makeSizes(scale.big)
    try layoutThroughput(scale, sizes, &rows, &sink)
    try layoutVersusFloor(scale, sizes, &rows, &sink)
    // Every layout of the big n, for the query groups (laid out after the timed reloads, see group 1).
    let big = try LayoutKind.allCases.map { kind throws(GridError) in
        (kind, try ContentLayout(configuration: configuration(kind), dataSource: ArrayDataSource(sizes: sizes)))
    }
    try visibleQueries(scale, sizes, big, &rows, &sink)
    let curve = try queryCurve(scale, sizes, big.first { $0.0 == .lanes }!.1, &rows, &sink)
    memory(big, &rows)
    try sameSize(scale, &rows, &sink)
    try incrementalReload(scale, &rows, &sink)
    try manyVisibleQueries(scale, &rows, &sink)
    try scrollSweep(scale, &rows, &sink)
    try composedFeedRows(scale, sizes, &rows, &sink)
    try carouselFeedRows(scale, sizes, &rows, &sink)
    try lazyRows(scale, sizes, &rows, &sink)
    applyRows(scale, &rows, &sink)
    try transitionRows(scale, sizes, &rows, &sink)
    try navigationRows(scale, sizes, &rows, &sink)

    print("gridbench\(scale.quick ? " --quick (smaller n; goals are set for the full run)" : ""): viewport 320×480, spacing 4, lanes 3, waterfall 3 columns, justified rowHeight 100; item sizes 60…100 × 40…200 (seed 42)")
    print("")
    printTable(rows)
    print("")
    print("met \(rows.filter { $0.met == true }.count) of \(rows.filter { $0.met != nil }.count) goals; checksum \(sink.value); total \(duration(Double(now() - start)))")
    print("")
    print("Query time against n (lanes; \(scale.queries) viewports per query column, the scan on a few of the random ones):")
    print("")
    printCurve(curve)
    if let i = arguments.firstIndex(of: "--curve-out"), i + 1 < arguments.count { writeCurve(curve, to: arguments[i + 1]) }
}

do {
    try main()
} catch {
    print("gridbench: \(error)")
    exit(1)
}
