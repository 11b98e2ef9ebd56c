// The visible query against a brute-force scan of every frame, from 1k to 10M items: the table
// row at big n and the curve that BENCHMARKS.md plots (`--curve-out PATH` writes it as TSV).
import GridLayout
#if canImport(Glibc)
import Glibc
#endif

/// One n of the curve (lanes): mean ns per query or scan.
struct CurvePoint {
    let n: Int
    /// elements(in:) along a scroll gesture, and at random offsets (cold).
    let scroll, random: Double
    /// A brute-force filter of every frame, at random offsets.
    let scan: Double
}

/// The curve's item counts: 1k to 10M in half decades (--quick: 1k to the quick big n).
func curveCounts(_ scale: Scale) -> [Int] {
    scale.quick ? [scale.small, scale.mid, scale.big]
        : [1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000, 10_000_000]
}

/// 3. The same query as a brute-force scan over every frame (lanes), side by side with
/// `elements(in:)`, at every n of the curve: the scan runs on the first few of the random offsets
/// (each scan reads every frame: `scale.scans` at big n, more at small n, at least 4), the query on
/// all of them (a cold cache, as in group 2) and along a scroll. At big n the query should win by
/// orders of magnitude (the goal is in the row); for contrast, it also runs on the scan's few offsets many times over
/// (warm cache).
func queryCurve(_ scale: Scale, _ sizes: [Size], _ bigLayout: ContentLayout,
                _ rows: inout [Row], _ sink: inout Sink) throws -> [CurvePoint] {
    var curve: [CurvePoint] = []
    for n in curveCounts(scale) {
        let layout = n == scale.big ? bigLayout
            : try ContentLayout(configuration: configuration(.lanes),
                                dataSource: ArrayDataSource(sizes: n < sizes.count ? Array(sizes[0..<n]) : makeSizes(n)))
        var frames: [Rect] = []
        frames.reserveCapacity(n)
        for i in 0..<n { frames.append(try layout.frame(of: GridIndexPath(section: 0, item: i))) }
        let viewports = randomViewports(layout, count: scale.queries, seed: 11)
        let scanned = Array(viewports[0..<Swift.min(1_000, Swift.max(4, scale.scans * scale.big / n))])
        var hits: [Int] = []
        let scan = {
            var found = 0
            for v in scanned {
                hits.removeAll(keepingCapacity: true)
                for (i, f) in frames.enumerated()
                where Swift.min(f.x + f.width, v.x + v.width) > Swift.max(f.x, v.x)
                    && Swift.min(f.y + f.height, v.y + v.height) > Swift.max(f.y, v.y) {
                    hits.append(i)
                }
                found &+= hits.count
            }
            return found
        }
        precondition(scan() == queries(layout, scanned)(), "the scan and elements(in:) disagree")
        let repeats = Swift.max(1, 1_600 / scanned.count)
        let jobs = [scan, queries(layout, viewports), queries(layout, scrollViewports(layout, count: scale.queries)),
                    queries(layout, scanned, repeats: repeats)]
        let t = interleaved(rounds: scale.queryRounds, jobs, &sink)
        let point = CurvePoint(n: n, scroll: t[2] / Double(scale.queries), random: t[1] / Double(viewports.count),
                               scan: t[0] / Double(scanned.count))
        curve.append(point)
        guard n == scale.big else { continue }
        let warm = t[3] / Double(scanned.count * repeats)
        rows.append(Row(benchmark: "scan of all frames (lanes), mean of \(scanned.count) random offsets", n: n, result: duration(point.scan), goal: "", met: nil))
        rows.append(Row(benchmark: "elements(in:) (lanes), mean of \(viewports.count) random offsets", n: n, result: duration(point.random), goal: "", met: nil))
        rows.append(Row(benchmark: "elements(in:) (lanes), the scan's \(scanned.count) offsets \(repeats)× over (warm cache)", n: n, result: duration(warm), goal: "", met: nil))
        rows.append(Row(benchmark: "scan/query ratio (lanes; query of the \(viewports.count) offsets)", n: n, result: ratio(point.scan / point.random),
                        goal: "≥ 1000×", met: point.scan / point.random >= 1000))
    }
    return curve
}

/// The curve as a Markdown table.
func printCurve(_ curve: [CurvePoint]) {
    print("| n | query along a scroll | query, random offsets | scan, random offsets | scan / query (random) |")
    print("|---:|---:|---:|---:|---:|")
    for p in curve {
        print("| \(count(p.n)) | \(duration(p.scroll)) | \(duration(p.random)) | \(duration(p.scan)) | \(ratio(p.scan / p.random)) |")
    }
}

/// Writes the curve as TSV (n, then ns per query along a scroll, at random offsets, per scan).
func writeCurve(_ curve: [CurvePoint], to path: String) {
    guard let file = fopen(path, "w") else {
        reportFailure("gridbench: cannot write \(path)")
        exit(1)
    }
    defer { fclose(file) }
    fputs("n\tscroll_ns\trandom_ns\tscan_ns\n", file)
    for p in curve { fputs("\(p.n)\t\(p.scroll)\t\(p.random)\t\(p.scan)\n", file) }
}
