/// A rectangle in axis-neutral terms: `s` along the scroll axis, `c` along the cross axis.
/// Every layout computes in these; `AxisMap` turns them into x/y only where a frame leaves the engine.
struct AxisRect: Hashable, Sendable {
    var s: Double
    var c: Double
    var sSize: Double
    var cSize: Double

    var sEnd: Double { s + sSize }
    var cEnd: Double { c + cSize }
}

/// A size in axis-neutral terms.
struct AxisSize: Hashable, Sendable {
    var s: Double
    var c: Double
}

/// Converts between x/y and S/C for one scroll direction: the one place where direction matters.
struct AxisMap: Sendable {
    let direction: ScrollDirection

    func axisSize(_ size: Size) -> AxisSize {
        direction == .vertical ? AxisSize(s: size.height, c: size.width) : AxisSize(s: size.width, c: size.height)
    }

    func size(_ size: AxisSize) -> Size {
        direction == .vertical ? Size(width: size.c, height: size.s) : Size(width: size.s, height: size.c)
    }

    func rect(_ r: AxisRect) -> Rect {
        direction == .vertical
            ? Rect(x: r.c, y: r.s, width: r.cSize, height: r.sSize)
            : Rect(x: r.s, y: r.c, width: r.sSize, height: r.cSize)
    }

    func axisRect(_ r: Rect) -> AxisRect {
        direction == .vertical
            ? AxisRect(s: r.y, c: r.x, sSize: r.height, cSize: r.width)
            : AxisRect(s: r.x, c: r.y, sSize: r.width, cSize: r.height)
    }

    /// (S, C) of a point.
    func axisPoint(_ p: Point) -> (s: Double, c: Double) {
        direction == .vertical ? (p.y, p.x) : (p.x, p.y)
    }

    /// Padding as (S start, S end, C start, C end).
    func padding(_ p: Insets) -> (sStart: Double, sEnd: Double, cStart: Double, cEnd: Double) {
        direction == .vertical ? (p.top, p.bottom, p.left, p.right) : (p.left, p.right, p.top, p.bottom)
    }
}
