import Testing
@testable import GridLayout
import GridLayoutTestSupport

/// The same-size section's query against a scan of its frames.
@Suite struct UniformGridTests {
    /// Random grids (reversed or not, a short last line, pitches below the item size, far from 0)
    /// and random intervals: `forEachFrame` reports, ascending, exactly the items whose frame
    /// (`subscript`) overlaps both intervals with positive length, each with that frame.
    @Test func queryMatchesAScan() {
        var rng = SplitMix64(seed: 12)
        var reported = 0
        func number(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) }
        for _ in 0..<3_000 {
            let far = Int.random(in: 0..<8, using: &rng) == 0 ? 1e12 : 0
            var grid = UniformGrid(count: Int.random(in: 0...60, using: &rng), perLine: Int.random(in: 1...7, using: &rng),
                                   sStart: far + number(-20...20), sPitch: number(0...30), cStart: number(-20...20), cPitch: number(0...30),
                                   item: AxisSize(s: number(0...25), c: number(0...25)))
            grid.reversed = Bool.random(using: &rng)
            let lo = far + number(-40...400), hi = lo + number(-10...200)
            let cLo = number(-40...200), cHi = cLo + number(-10...200)
            var found: [(Int, AxisRect)] = []
            grid.forEachFrame(s: lo, hi, c: cLo, cHi) { found.append(($0, $1)) }
            let expected = (0..<grid.count).filter { i in
                let f = grid[i]
                return Swift.min(f.sEnd, hi) > Swift.max(f.s, lo) && Swift.min(f.cEnd, cHi) > Swift.max(f.c, cLo)
            }
            #expect(found.map(\.0) == expected)
            #expect(found.allSatisfy { grid[$0.0] == $0.1 })
            reported += found.count
        }
        #expect(reported > 2_000, "the random intervals find items")
    }
}
