import GridLayout

/// `Grid.elements(in:)` for a rectangle of any size, within the host's limits: the engine lists a
/// rectangle's elements in one go, so a rectangle over millions of items would take the time and
/// memory `--timeout` and `--max-memory` are there to bound. This asks for strips along the scroll
/// axis instead, sized to hold a few thousand elements each, checks the host's interruption
/// between strips, and stops with "not enough memory" once the list alone would pass the bytes the
/// host has left. The result is the engine's: the same elements in the same order.
enum ElementQuery {
    /// Elements a strip is sized to hold.
    static let stripTarget = 4096

    /// Runs an engine call, its error worded for Lua.
    private static func engine<T>(_ body: () throws(GridError) -> T) throws(ScriptError) -> T {
        do throws(GridError) { return try body() } catch { throw ScriptError(error.message(in: .lua)) }
    }

    static func elements(of grid: Grid, in rect: Rect) throws(ScriptError) -> [GridElement] {
        let vertical = grid.layout.configuration.direction == .vertical
        let content = grid.contentSize
        let (s0, sLength) = vertical ? (rect.y, rect.height) : (rect.x, rect.width)
        let contentS = vertical ? content.height : content.width
        // Every element lies within the content: strips cover only that part of the rectangle.
        let lo = Swift.max(s0, -1), hi = Swift.min(s0 + sLength, contentS + 1)
        let viewportS = vertical ? grid.viewport.height : grid.viewport.width
        var length = Swift.max(viewportS, 1)
        guard lo.isFinite, hi.isFinite, hi - lo > 2 * length else { return try engine { () throws(GridError) in try grid.elements(in: rect) } }

        var check = InterruptCheck()
        let limit = (GridScript.memoryLeft?() ?? nil)?.bytes
        var result: [GridElement] = []
        var start = lo
        while start < hi {
            let end = Swift.min(start + length, hi), last = end >= hi
            let strip = vertical ? Rect(x: rect.x, y: start, width: rect.width, height: end - start)
                                 : Rect(x: start, y: rect.y, width: end - start, height: rect.height)
            let found = try engine { () throws(GridError) in try grid.elements(in: strip) }
            for element in found {
                // An element overlapping several strips is kept in the one holding its start (or the
                // first strip, for one that starts before it).
                let s = Swift.max(vertical ? element.frame.y : element.frame.x, lo)
                if s >= start && (s < end || last) { result.append(element) }
            }
            try check.tick(found.count + 1)
            if let limit, result.count * MemoryLayout<GridElement>.stride > limit { throw .noMemory }
            // The next strip aims at `stripTarget` elements, from this one's density.
            if found.count > 2 * stripTarget { length /= 2 } else if found.count < stripTarget / 2 { length *= 2 }
            start = end
        }
        result.sort { $0.id < $1.id }
        return result
    }
}
