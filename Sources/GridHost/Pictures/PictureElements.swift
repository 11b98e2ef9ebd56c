import GridLayout

/// What a host lets a picture spend: its interruption check (gridrepl's `--timeout` and Ctrl-C)
/// and the bytes it has left (`--max-memory`). Both nil: unbounded (the C and Python faces).
public struct PictureBudget {
    /// The reason to stop now, or nil to go on; asked every few thousand units of work.
    public var shouldStop: (() -> String?)?
    /// The bytes the host has left, or nil for no cap.
    public var memoryLeft: (() -> Int?)?

    public init(shouldStop: (() -> String?)? = nil, memoryLeft: (() -> Int?)? = nil) {
        self.shouldStop = shouldStop
        self.memoryLeft = memoryLeft
    }

    public static var unbounded: PictureBudget { PictureBudget() }
}

/// The failures of a picture that are not the engine's nor the data source's; each face words
/// them with its own names for the options.
public enum PictureError: Error, Equatable, Sendable {
    /// The whole content has more than `SVGPicture.maxElements` elements (`count`, or nil when
    /// counting stopped at the limit): draw the viewport only.
    case tooManyElements(count: Int?)
    /// The element list alone would pass the bytes the host has left.
    case noMemory
}

/// Asks the budget's `shouldStop` once every `interval` units of work: a counter per unit, the
/// host's check (a clock) only now and then. Stopping throws `GridError.interrupted`.
public struct StopCheck {
    static let interval = 4096
    private var countdown = interval
    private let shouldStop: (() -> String?)?

    public init(_ budget: PictureBudget) { shouldStop = budget.shouldStop }
    public init(_ shouldStop: (() -> String?)?) { self.shouldStop = shouldStop }

    @inline(__always)
    public mutating func tick(_ units: Int = 1) throws(GridError) {
        countdown -= units
        if countdown <= 0 {
            countdown = Self.interval
            if let shouldStop, let reason = shouldStop() { throw .interrupted(reason) }
        }
    }
}

/// `Grid.elements(in:)` for a rectangle of any size, within the host's budget: the engine lists a
/// rectangle's elements in one go, so a rectangle over millions of items would take the time and
/// memory the budget is there to bound. This asks for strips along the scroll axis instead, sized
/// to hold a few thousand elements each, checks the budget between strips, and stops with
/// `PictureError.noMemory` once the list alone would pass the bytes the host has left. The
/// result is the engine's: the same elements in the same order.
public enum ElementQuery {
    /// Elements a strip is sized to hold.
    static let stripTarget = 4096

    /// `layout` is the one that answers for `rect` (`Grid.layout(answering:)`); the
    /// grid's own by default.
    public static func elements(of grid: Grid, in rect: Rect, layout: ContentLayout? = nil, budget: PictureBudget) throws -> [GridElement] {
        let layout = layout ?? grid.layout
        let vertical = layout.configuration.direction == .vertical
        let content = layout.contentSize
        let (s0, sLength) = vertical ? (rect.y, rect.height) : (rect.x, rect.width)
        let contentS = vertical ? content.height : content.width
        // Every element lies within the content: strips cover only that part of the rectangle.
        let lo = Swift.max(s0, -1), hi = Swift.min(s0 + sLength, contentS + 1)
        let viewportS = vertical ? grid.viewport.height : grid.viewport.width
        var length = Swift.max(viewportS, 1)
        guard lo.isFinite, hi.isFinite, hi - lo > 2 * length else { return layout.elements(in: rect) }

        var check = StopCheck(budget)
        let limit = budget.memoryLeft?()
        var result: [GridElement] = []
        var start = lo
        while start < hi {
            let end = Swift.min(start + length, hi), last = end >= hi
            let strip = vertical ? Rect(x: rect.x, y: start, width: rect.width, height: end - start)
                                 : Rect(x: start, y: rect.y, width: end - start, height: rect.height)
            let found = layout.elements(in: strip)
            for element in found {
                // An element overlapping several strips is kept in the one holding its start (or the
                // first strip, for one that starts before it).
                let s = Swift.max(vertical ? element.frame.y : element.frame.x, lo)
                if s >= start && (s < end || last) { result.append(element) }
            }
            try check.tick(found.count + 1)
            if let limit, result.count * MemoryLayout<GridElement>.stride > limit { throw PictureError.noMemory }
            // The next strip aims at `stripTarget` elements, from this one's density.
            if found.count > 2 * stripTarget { length /= 2 } else if found.count < stripTarget / 2 { length *= 2 }
            start = end
        }
        result.sort { $0.id < $1.id }
        return result
    }
}
