// The layouts against their floor: the same frames written by a plain C loop (GridBenchFloor).
import GridBenchFloor
import GridLayout

/// The C floor's layout of `sizes` as gridlayout's `kind` with the bench's configuration, into `out`.
func floorLayout(_ kind: LayoutKind, _ sizes: [gb_size], into out: UnsafeMutablePointer<gb_frame>) -> Double {
    let config = configuration(kind)
    return sizes.withUnsafeBufferPointer { sizes in
        switch kind {
        case .lanes: gb_floor_lanes(sizes.baseAddress, sizes.count, Int32(config.lanes), config.viewport.width, config.spacing, out)
        case .flow: gb_floor_flow(sizes.baseAddress, sizes.count, config.viewport.width, config.spacing, out)
        default: fatalError("gridbench: no C floor for \(kind.rawValue)")
        }
    }
}

/// Where gridlayout's frames and content height differ from the floor's: nil when all are equal.
private func firstDifference(_ layout: ContentLayout, _ frames: UnsafeMutablePointer<gb_frame>, count n: Int, height: Double) throws -> String? {
    if layout.contentSize.height != height {
        return "content height: gridlayout \(layout.contentSize.height), C floor \(height)"
    }
    for i in 0..<n {
        let f = try layout.frame(of: GridIndexPath(section: 0, item: i))
        let g = Rect(x: frames[i].x, y: frames[i].y, width: frames[i].width, height: frames[i].height)
        if f != g { return "item \(i): gridlayout \(f), C floor \(g)" }
    }
    return nil
}

/// 1b. gridlayout's reload against the C floor (lanes and flow, big n), in alternation. Both build
/// a new layout each run: gridlayout a new store, the floor a new array of frames (so both pay for
/// touching fresh memory); the floor is also timed into one array reused across runs (warm pages).
/// Every frame is checked equal. The goal, a ratio to the floor, is in the row (BENCHMARKS.md).
func layoutVersusFloor(_ scale: Scale, _ sizes: [Size], _ rows: inout [Row], _ sink: inout Sink) throws {
    let n = sizes.count
    let cSizes = sizes.map { gb_size(width: $0.width, height: $0.height) }
    let source = ArrayDataSource(sizes: sizes)
    let reused = UnsafeMutablePointer<gb_frame>.allocate(capacity: n)
    defer { reused.deallocate() }
    var mismatched: [String] = []
    for kind in [LayoutKind.lanes, .flow] {
        let config = configuration(kind)
        var (engine, floor, warm) = (Double.infinity, Double.infinity, Double.infinity)
        var difference: String?
        for run in 0..<scale.layoutRuns {
            let (e, layout) = try fastest(runs: 1) { try ContentLayout(configuration: config, dataSource: source) }
            let (f, fresh) = fastest(runs: 1) { () -> (UnsafeMutablePointer<gb_frame>, Double) in
                let out = UnsafeMutablePointer<gb_frame>.allocate(capacity: n)
                return (out, floorLayout(kind, cSizes, into: out))
            }
            let (w, height) = fastest(runs: 1) { floorLayout(kind, cSizes, into: reused) }
            if run == 0 { difference = try firstDifference(layout, fresh.0, count: n, height: height) }
            fresh.0.deallocate()
            sink.add(layout.contentSize.height + fresh.1 + height)
            (engine, floor, warm) = (Swift.min(engine, e), Swift.min(floor, f), Swift.min(warm, w))
        }
        if let difference {
            reportFailure("gridbench: MISMATCH between gridlayout's \(kind.rawValue) layout and the C floor: \(difference)")
            mismatched.append(kind.rawValue)
        }
        let perItem = { (ns: Double) in fixed(ns / Double(n), 1) + " ns" }
        rows.append(Row(benchmark: "C floor \(kind.rawValue): a plain C loop writes the same frames into a new array, ns/item (into a reused array: \(perItem(warm)))",
                        n: n, result: perItem(floor), goal: "", met: nil))
        rows.append(Row(benchmark: "layout \(kind.rawValue) / C floor, timed in alternation (gridlayout \(perItem(engine))/item)",
                        n: n, result: ratio(engine / floor), goal: "≤ 1.5×", met: difference == nil && engine / floor <= 1.5))
    }
    rows.append(Row(benchmark: "C floor's frames and content height equal gridlayout's, every item (lanes, flow)", n: n,
                    result: mismatched.isEmpty ? "yes" : "**MISMATCH** (\(mismatched.joined(separator: ", ")))",
                    goal: "identical", met: mismatched.isEmpty))
}
