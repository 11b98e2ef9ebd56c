import Testing
@testable import GridLayout
import GridLayoutTestSupport

// FrameColumns' four forms (narrow, palette, rows, wide): random frames of each pattern, and values
// that break the pattern mid-way, read back bit for bit after every append and truncation; the
// bytes held are what the form promises.

/// Whether two frames are the same bit for bit (-0.0 is not 0.0).
private func identical(_ a: AxisRect, _ b: AxisRect) -> Bool {
    a.s.bitPattern == b.s.bitPattern && a.c.bitPattern == b.c.bitPattern
        && a.sSize.bitPattern == b.sSize.bitPattern && a.cSize.bitPattern == b.cSize.bitPattern
}

/// The palette's table: the smallest power of two of at least 8 slots that is at least twice the pairs.
private func paletteSlots(_ pairs: Int) -> Int {
    guard pairs > 0 else { return 0 }
    var slots = 8
    while slots < 2 * pairs { slots *= 2 }
    return slots
}

/// What the form promises for these frames: per item, per distinct pair, per run and per block.
private func promisedBytes(_ form: FrameColumns.Form, _ frames: [AxisRect]) -> Int {
    let n = frames.count
    switch form {
    case .narrow: return 20 * n
    case .wide: return 32 * n
    case .palette:
        var pairs: [UInt64: Set<UInt64>] = [:]
        for f in frames { pairs[f.c.bitPattern, default: []].insert(f.cSize.bitPattern) }
        let p = pairs.values.reduce(0) { $0 + $1.count }
        return 17 * n + 16 * p + paletteSlots(p)
    case .rows:
        let runs = frames.indices.filter { i in
            i == 0 || frames[i].s.bitPattern != frames[i - 1].s.bitPattern || frames[i].sSize.bitPattern != frames[i - 1].sSize.bitPattern
        }.count
        return 16 * n + 16 * runs + 8 * ((n + 15) / 16)
    }
}

/// Appends `frames` in batches of random sizes (some one at a time) and checks every frame and the
/// bytes after each.
private func appendChecked(_ frames: [AxisRect], to columns: inout FrameColumns, model: inout [AxisRect],
                           using rng: inout SplitMix64, truncated: Bool = false) {
    var k = 0
    while k < frames.count {
        let n = Swift.min(frames.count - k, Int.random(in: 1...300, using: &rng))
        if n == 1 {
            columns.append(frames[k])
        } else {
            Array(frames[k..<k + n]).withUnsafeBufferPointer { columns.append(contentsOf: $0) }
        }
        model += frames[k..<k + n]
        k += n
        expectSame(columns, model, truncated: truncated)
    }
}

/// Every frame read back bit for bit, `s(_:)`, `frames(from:)` and the bytes.
private func expectSame(_ columns: FrameColumns, _ model: [AxisRect], truncated: Bool = false,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(columns.count == model.count, sourceLocation: sourceLocation)
    let bad = model.indices.filter { !identical(columns[$0], model[$0]) || columns.s($0).bitPattern != model[$0].s.bitPattern }
    #expect(bad.isEmpty, "frames \(bad.prefix(5)) differ", sourceLocation: sourceLocation)
    let from = model.count / 3
    #expect(zip(columns.frames(from: from), model[from...]).allSatisfy(identical), sourceLocation: sourceLocation)
    // No store holds more than 32 bytes an item after an append, a palette's table aside (rows
    // truncated to runs of an item: 32 and 8 a block).
    let bound = 32 * model.count + (truncated ? 8 * ((model.count + 15) / 16) : 0)
    #expect(columns.form == .palette || columns.bytes <= bound, sourceLocation: sourceLocation)
    // A truncated palette keeps the pairs of the items it dropped: there the bytes are at least the promise.
    if !truncated || columns.form != .palette {
        #expect(columns.bytes == promisedBytes(columns.form, model), sourceLocation: sourceLocation)
    } else {
        #expect(columns.bytes >= promisedBytes(columns.form, model), sourceLocation: sourceLocation)
    }
}

/// A value no `Float` holds (a scaled size, a sum of them).
private func inexact(_ range: ClosedRange<Double>, _ rng: inout SplitMix64) -> Double {
    Double.random(in: range, using: &rng) + 0x1p-30
}

/// Waterfall-like: `columns` columns of one width (pairs from a palette), S sizes and starts inexact.
private func waterfallFrames(_ n: Int, columns: Int, start: Double = 0, _ rng: inout SplitMix64) -> [AxisRect] {
    let width = 320.0 / 3 + 0x1p-20
    var ends = Array(repeating: start, count: columns)
    return (0..<n).map { _ in
        let column = ends.indices.min { ends[$0] < ends[$1] }!
        let f = AxisRect(s: ends[column], c: Double(column) * (width + 4), sSize: inexact(10...300, &rng), cSize: width)
        ends[column] = f.sEnd + 4
        return f
    }
}

/// Justified-like: rows of 1…6 items sharing an inexact S-start and S size, C inexact.
private func justifiedFrames(_ n: Int, start: Double = 0, _ rng: inout SplitMix64) -> [AxisRect] {
    var frames: [AxisRect] = [], s = start
    while frames.count < n {
        let thickness = inexact(50...200, &rng)
        var c = 0.0
        for _ in 0..<Swift.min(Int.random(in: 1...6, using: &rng), n - frames.count) {
            let width = inexact(20...250, &rng)
            frames.append(AxisRect(s: s, c: c, sSize: thickness, cSize: width))
            c += width + 4
        }
        s += thickness + 4
    }
    return frames
}

/// Lanes-like with whole sizes: every value a `Float`.
private func exactFrames(_ n: Int, _ rng: inout SplitMix64) -> [AxisRect] {
    (0..<n).map { i in
        AxisRect(s: Double(i * 30), c: Double(Int.random(in: 0...3, using: &rng) * 104), sSize: Double(Int.random(in: 40...200, using: &rng)),
                 cSize: Double(Int.random(in: 60...100, using: &rng)))
    }
}

@Suite struct FrameFormsTests {
    @Test func eachPatternGetsItsForm() {
        var rng = SplitMix64(seed: 30)
        for trial in 0..<20 {
            var columns = FrameColumns(), model: [AxisRect] = []
            let n = Int.random(in: 600...3000, using: &rng)
            let (frames, form): ([AxisRect], FrameColumns.Form) = switch trial % 3 {
            case 0: (exactFrames(n, &rng), .narrow)
            case 1: (waterfallFrames(n, columns: Int.random(in: 1...8, using: &rng), &rng), .palette)
            default: (justifiedFrames(n, &rng), .rows)
            }
            appendChecked(frames, to: &columns, model: &model, using: &rng)
            #expect(columns.form == form, "trial \(trial)")
        }
    }

    @Test func bytesAnItemAreWhatTheFormPromises() {
        // gridbench's shapes: waterfall of 3 columns, justified rows of ~3; with the block index
        // (16 bytes per 16 items) both stay within 24 bytes an item.
        var rng = SplitMix64(seed: 24)
        var waterfall = FrameColumns(), justified = FrameColumns(), model: [AxisRect] = []
        let w = waterfallFrames(20_000, columns: 3, &rng)
        w.withUnsafeBufferPointer { waterfall.append(contentsOf: $0) }
        #expect(waterfall.form == .palette && waterfall.bytes == 17 * 20_000 + 3 * 16 + 8)
        appendChecked(justifiedFrames(20_000, &rng), to: &justified, model: &model, using: &rng)
        #expect(justified.form == .rows)
        #expect(Double(justified.bytes) / 20_000 + 1 <= 24)
    }

    @Test func patternBreakingValuesMidwayKeepEveryFrame() {
        var rng = SplitMix64(seed: 31)
        for trial in 0..<40 {
            var columns = FrameColumns(), model: [AxisRect] = []
            let n = Int.random(in: 300...1500, using: &rng)
            switch trial % 4 {
            case 0:
                // Narrow, then one value that is no Float (a subnormal Double, or a third): the store
                // chooses again over everything and re-encodes.
                var frames = exactFrames(n, &rng)
                let i = Int.random(in: 1..<n, using: &rng)
                if Bool.random(using: &rng) { frames[i].cSize = 0x1p-1070 } else { frames[i].sSize = 1.0 / 3 }
                appendChecked(frames, to: &columns, model: &model, using: &rng)
                #expect(columns.form != .narrow)
            case 1:
                // A palette, then more than 255 pairs: rows of equal S, or wide.
                let waterfall = waterfallFrames(n, columns: 4, &rng)
                appendChecked(waterfall, to: &columns, model: &model, using: &rng)
                #expect(columns.form == .palette)
                let last = model.last!
                let more = (0..<300).map { k in AxisRect(s: last.s + Double(k), c: Double(k) + 0.1, sSize: 7.25, cSize: 3) }
                appendChecked(more, to: &columns, model: &model, using: &rng)
                #expect(columns.form == .wide)
            case 2:
                // Rows, then a run broken by a different S size, and S-starts of -0.0 and 0.0.
                var frames = justifiedFrames(n, start: -0.0, &rng)
                let i = Int.random(in: 1..<n, using: &rng)
                frames[i].sSize += 1
                appendChecked(frames, to: &columns, model: &model, using: &rng)
                #expect(columns.form == .rows)
            default:
                // Signed zeros and subnormals in C: each a pair of its own, each read back as given.
                let odd = [0.0, -0.0, 0x1p-1074, -0x1p-1074, 0x1p-1022]
                let frames = (0..<n).map { k in
                    AxisRect(s: Double(k) + 0.1, c: odd[k % odd.count], sSize: 0.1, cSize: odd[(k / 5) % odd.count])
                }
                appendChecked(frames, to: &columns, model: &model, using: &rng)
                #expect(columns.form == .palette)
                #expect(columns.bytes == 17 * n + 25 * 16 + 64)
            }
        }
    }

    @Test func rowsThatFallToAnItemEachBecomeWide() {
        // Justified rows, then items of a row each (no shared S): past about 31 in 32 runs, rows
        // would cost more than wide frames.
        var rng = SplitMix64(seed: 34)
        var columns = FrameColumns(), model: [AxisRect] = []
        appendChecked(justifiedFrames(400, &rng), to: &columns, model: &model, using: &rng)
        #expect(columns.form == .rows)
        let last = model.last!.sEnd
        let single = (0..<20_000).map { k in AxisRect(s: last + Double(k) + 0.1, c: Double(k % 300) + 0.1, sSize: 0.5, cSize: 3) }
        appendChecked(single, to: &columns, model: &model, using: &rng)
        #expect(columns.form == .wide)
    }

    /// One at a time (the floored layouts' appends, a reloaded section's tail), every form appends
    /// in O(1): an append that copied the array would take hours here.
    @Test(.timeLimit(.minutes(1))) func appendingOneAtATimeCopiesNothing() {
        var rng = SplitMix64(seed: 35)
        let n = 200_000
        for frames in [exactFrames(n, &rng), waterfallFrames(n, columns: 3, &rng), justifiedFrames(n, &rng),
                       (0..<n).map { k in AxisRect(s: Double(k) + 0.1, c: Double(k) + 0.1, sSize: 0.1, cSize: 0.1) }] {
            var columns = FrameColumns()
            for f in frames { columns.append(f) }
            #expect(columns.count == n && identical(columns[n - 1], frames[n - 1]))
        }
    }

    @Test func runsOfSignedZeroStartsAreKeptApart() {
        var columns = FrameColumns()
        let frames = [AxisRect(s: 0.0, c: 0.1, sSize: 0.1, cSize: 1), AxisRect(s: -0.0, c: 1.1, sSize: 0.1, cSize: 1),
                      AxisRect(s: -0.0, c: 2.1, sSize: 0.1, cSize: 1)]
        frames.withUnsafeBufferPointer { columns.append(contentsOf: $0) }
        #expect(zip(columns.frames(from: 0), frames).allSatisfy(identical))
        #expect(columns[0].s.sign == .plus && columns[1].s.sign == .minus)
    }

    @Test func truncationInEveryFormRestoresThePrefix() {
        var rng = SplitMix64(seed: 32)
        for trial in 0..<60 {
            var columns = FrameColumns(), model: [AxisRect] = []
            let n = Int.random(in: 1...900, using: &rng)
            let frames = switch trial % 3 {
            case 0: exactFrames(n, &rng)
            case 1: waterfallFrames(n, columns: 3, &rng)
            default: justifiedFrames(n, &rng)
            }
            appendChecked(frames, to: &columns, model: &model, using: &rng)
            for _ in 0..<4 {
                let drop = Int.random(in: 0...model.count, using: &rng)
                columns.removeLast(drop)
                model.removeLast(drop)
                expectSame(columns, model, truncated: true)
                // Appending again after a truncation continues the pattern (or starts a new store).
                let again = switch trial % 3 {
                case 0: exactFrames(Int.random(in: 0...40, using: &rng), &rng)
                case 1: waterfallFrames(Int.random(in: 0...40, using: &rng), columns: 3, start: model.last?.sEnd ?? 0, &rng)
                default: justifiedFrames(Int.random(in: 0...40, using: &rng), start: model.last?.sEnd ?? 0, &rng)
                }
                appendChecked(again, to: &columns, model: &model, using: &rng, truncated: true)
            }
        }
    }

    /// The store's query over each form against a scan of the frames.
    @Test func queriesOverEachFormMatchAScan() {
        var rng = SplitMix64(seed: 33)
        for trial in 0..<12 {
            let n = Int.random(in: 100...2000, using: &rng)
            let frames = switch trial % 3 {
            case 0: exactFrames(n, &rng)
            case 1: waterfallFrames(n, columns: 3, &rng)
            default: justifiedFrames(n, &rng)
            }
            var store = FrameStore(interleave: 1, capacity: n)
            frames.withUnsafeBufferPointer { f in store.append(count: n) { _ = $0.initialize(from: f) } }
            store.sOffset = trial % 2 == 0 ? 0 : 1e6 + 0.5
            let last = frames.map(\.sEnd).max()!
            for _ in 0..<50 {
                let lo = Double.random(in: -10...last, using: &rng), hi = lo + Double.random(in: 0...600, using: &rng)
                let (sLo, sHi) = (lo + store.sOffset, hi + store.sOffset)
                var found: [Int] = []
                store.forEachIndex(s: sLo, sHi, c: 0, 320) { i, f in
                    found.append(i)
                    #expect(identical(f, store[i]))
                }
                let expected = frames.indices.filter { i in
                    let f = store[i]
                    return Swift.min(f.sEnd, sHi) > Swift.max(f.s, sLo) && Swift.min(f.cEnd, 320) > Swift.max(f.c, 0)
                }
                #expect(found == expected, "trial \(trial)")
            }
        }
    }
}
