// `gridbench --flow-file SIZES FRAMES [WIDTH [REPEATS]]`: the flow layout (no spacing, no padding)
// of the item sizes in SIZES, a container WIDTH wide (default 1000), laid out REPEATS times (default
// 21); prints the median time in ns and writes the frames to FRAMES. Both files are raw native
// doubles (SIZES: w h w h …; FRAMES: x y w h …), as Python's array('d') reads and writes them.
// bindings/python/bench/flow_bench.py runs it: gridlayout from Swift, beside Python, Taffy and Yoga.
import GridLayout
#if canImport(Glibc)
import Glibc
#endif

private func fail(_ message: String) -> Never {
    reportFailure("gridbench --flow-file: \(message)")
    exit(1)
}

/// The doubles in the file at `path`.
private func readDoubles(_ path: String) -> [Double] {
    guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
    defer { fclose(file) }
    fseek(file, 0, SEEK_END)
    let count = ftell(file) / MemoryLayout<Double>.size
    fseek(file, 0, SEEK_SET)
    let values = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
        initialized = fread(buffer.baseAddress, MemoryLayout<Double>.size, count, file)
    }
    guard values.count == count else { fail("short read of \(path)") }
    return values
}

func flowFile(_ arguments: ArraySlice<String>) throws {
    let a = Array(arguments)
    guard a.count >= 2, let width = a.count > 2 ? Double(a[2]) : 1000, let repeats = a.count > 3 ? Int(a[3]) : 21, repeats > 0 else {
        fail("usage: gridbench --flow-file SIZES FRAMES [WIDTH [REPEATS]]")
    }
    let values = readDoubles(a[0])
    let sizes = stride(from: 0, to: values.count - 1, by: 2).map { Size(width: values[$0], height: values[$0 + 1]) }
    var config = GridConfiguration()
    config.layout = .flow
    config.viewport = Size(width: width, height: 1000)
    let source = ArrayDataSource(sizes: sizes)
    var times: [Double] = []
    var layout = try ContentLayout(configuration: config, dataSource: source)
    for _ in 0..<repeats {
        let (ns, laidOut) = try fastest(runs: 1) { try ContentLayout(configuration: config, dataSource: source) }
        times.append(ns)
        layout = laidOut
    }
    var frames: [Double] = []
    frames.reserveCapacity(4 * sizes.count)
    for i in sizes.indices {
        let f = try layout.frame(of: GridIndexPath(section: 0, item: i))
        frames += [f.x, f.y, f.width, f.height]
    }
    guard let out = fopen(a[1], "wb") else { fail("cannot write \(a[1])") }
    defer { fclose(out) }
    guard fwrite(frames, MemoryLayout<Double>.size, frames.count, out) == frames.count else { fail("cannot write \(a[1])") }
    print(times.sorted()[repeats / 2])
}
