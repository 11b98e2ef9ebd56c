import GridLayout

// `gridlayout justified --flickr`: flickr/justified-layout 4.1.0's output for its input, number
// for number (Tests/fixtures/flickr holds the library's own answers; Tests/cli/test_flickr.py).
//
// Two steps. Rows: which items each row holds. The engine's `justified` layout breaks rows as the
// library's Row.addItem does, in the same floating-point operations, breakout rows included
// (`breakoutCadence`), so a grid (viewport as wide as the row, no padding, itemSpacing =
// boxSpacing.horizontal) gives the rows. Geometry: the library's numbers, which the engine's frames
// are not (it sizes widows at `rowHeight`, sums tops in another order and does not distribute
// rounding); see `FlickrGeometry`.

/// A closed row: `count` items from `first`. `breakout` is the library's isBreakoutRow (the row's
/// place in the cadence), true even when its first item was too narrow to fill the row alone.
struct FlickrRow {
    var first: Int
    var count: Int
    var breakout: Bool
}

/// The rows the library closes over all the items, and the items left in its open last row.
struct FlickrRows {
    var closed: [FlickrRow] = []
    var open: Range<Int> = 0..<0
}

/// The library's row bounds for a row of `count` items.
private struct RowBounds {
    let width: Double, spacing: Double, target: Double, minRatio: Double, maxRatio: Double

    init(_ o: FlickrOptions) {
        width = o.rowWidth
        spacing = o.spacingHorizontal
        target = o.targetRowHeight
        minRatio = width / target * (1 - o.tolerance)
        maxRatio = width / target * (1 + o.tolerance)
    }

    /// The row's length left for its boxes with `count` of them.
    func length(_ count: Int) -> Double { width - Double(count - 1) * spacing }
}

extension FlickrOptions {
    /// Whether the library makes its row `index` (from 0) a breakout row.
    func isBreakoutRow(_ index: Int) -> Bool {
        fullWidthBreakoutRowCadence.map { (index + 1) % $0 == 0 } ?? false
    }
}

/// `x` / 2^`e`, or nil when that loses bits or is subnormal (where a product of it could round
/// otherwise than the same product of `x`, scaled).
private func exactlyScaled(_ x: Double, _ e: Int) -> Double? {
    let y = Double(sign: .plus, exponent: -e, significand: x)
    return x == 0 || y.isNormal ? y : nil
}

/// Rows through the engine: a single-section justified grid whose rows are told apart by their
/// top (rows' tops strictly increase: every row, a breakout row too, is at least half the target
/// height thick, and the engine's spacing between rows is 0).
///
/// The engine keeps content within 2^40 points, where its frames stay exact; the library has no
/// such bound. Rows whose heights could pass it are broken at lengths divided by a power of two:
/// the row's width, the spacing and the target height alike. Every comparison the rows are made of
/// (sums of ratios against width / target and (width − (k−1)·spacing) / target) is then the same
/// comparison of the same doubles, as long as no length becomes subnormal; when one would, the
/// lengths stay as they are and the engine refuses.
func engineRows(_ ratios: [Double], _ options: FlickrOptions) throws(GridError) -> FlickrRows {
    var rows = FlickrRows()
    guard !ratios.isEmpty else { return rows }
    var configuration = GridConfiguration()
    configuration.layout = .justified
    // The viewport's height plays no part in the frames.
    configuration.viewport = Size(width: options.rowWidth, height: 1)
    configuration.itemSpacing = options.spacingHorizontal
    // Nor does the vertical spacing play any part in the rows (0 keeps the content small).
    configuration.lineSpacing = 0
    configuration.rowHeight = options.targetRowHeight
    configuration.tolerance = options.tolerance
    // The library's rows are greedy (Row.addItem): never `rows = "optimal"`.
    configuration.rows = .greedy
    // A row holds an item at least: a cadence past the item count never comes round (and may be
    // past the engine's range).
    if let cadence = options.fullWidthBreakoutRowCadence, cadence <= min(ratios.count, GridLimits.maxStoredItems) {
        configuration.breakoutCadence = cadence
    }
    // The engine's checks of the lengths as given, before any scaling.
    try configuration.validate()
    // n rows, each at most twice the target high, end below 2^(bits(n) + 1 + exponent(target) + 1).
    let bits = Int.bitWidth - ratios.count.leadingZeroBitCount
    let e = bits + Int(options.targetRowHeight.exponent) + 2 - Int(GridLimits.maxExtent.exponent)
    if e > 0, let width = exactlyScaled(options.rowWidth, e), let spacing = exactlyScaled(options.spacingHorizontal, e),
       let target = exactlyScaled(options.targetRowHeight, e) {
        configuration.viewport.width = width
        configuration.itemSpacing = spacing
        configuration.rowHeight = target
    }
    // A size whose width / height is the ratio itself: x / 1, exact. An item may be no wider than
    // the engine's largest extent: a larger ratio is x·2^-k / 2^-k, exact too (both normal).
    let widest = Int(GridLimits.maxExtent.exponent)
    func size(_ ratio: Double) -> Size {
        guard ratio > GridLimits.maxExtent else { return Size(width: ratio, height: 1) }
        let k = Int(ratio.exponent) + 1 - widest
        return Size(width: Double(sign: .plus, exponent: -k, significand: ratio), height: Double(sign: .plus, exponent: -k, significand: 1))
    }
    let grid = Grid(configuration: configuration, dataSource: ArrayDataSource(sizes: ratios.map(size)))
    try grid.reload()
    var first = 0
    // The laid-out frames themselves (no transition or drag to account for here).
    let layout = grid.layout
    var top = try layout.frame(of: GridIndexPath(section: 0, item: 0)).y
    for item in 1..<ratios.count {
        let y = try layout.frame(of: GridIndexPath(section: 0, item: item)).y
        if y != top {
            rows.closed.append(FlickrRow(first: first, count: item - first, breakout: options.isBreakoutRow(rows.closed.count)))
            first = item
            top = y
        }
    }
    // The last row is open (the engine's widow) exactly when its ratios sum below the minimum
    // (a row closes on reaching it, or on rejecting an item, which then starts another row) and
    // it is not a breakout row that its first item, square or wider, fills alone.
    let bounds = RowBounds(options)
    var sum = 0.0
    for r in ratios[first...] { sum += r }
    let breakout = options.isBreakoutRow(rows.closed.count)
    if sum < bounds.minRatio && !(breakout && ratios.count - first == 1 && ratios[first] >= 1) {
        rows.open = first..<ratios.count
    } else {
        rows.closed.append(FlickrRow(first: first, count: ratios.count - first, breakout: breakout))
    }
    return rows
}

/// The library's output: boxes (top, width, height, left) for the laid-out items, the container
/// height and the widow count.
struct FlickrGeometry {
    var tops: [Double] = [], widths: [Double] = [], heights: [Double] = [], lefts: [Double] = []
    var containerHeight = 0.0
    var widowCount = 0

    init(_ ratios: [Double], _ rows: FlickrRows, _ o: FlickrOptions) {
        let b = RowBounds(o)
        // maxNumRows: the library stops after adding the row that reaches it, and then shows no
        // widows; short of it, every closed row and then the widows (if shown).
        var closed = rows.closed[...]
        var widows = rows.open
        if let limit = o.maxNumRows, closed.count >= limit {
            closed = closed.prefix(limit)
            widows = 0..<0
        }
        if !o.showWidows { widows = 0..<0 }
        let n = (closed.last.map { $0.first + $0.count } ?? 0) + widows.count
        tops.reserveCapacity(n); widths.reserveCapacity(n); heights.reserveCapacity(n); lefts.reserveCapacity(n)

        containerHeight = o.paddingTop
        var lastHeight = 0.0
        for row in closed {
            var sum = 0.0
            for r in ratios[row.first..<row.first + row.count] { sum += r }
            let length = b.length(row.count)
            lastHeight = place(ratios[row.first..<row.first + row.count], length / sum, style: .justify, o, b)
            containerHeight += lastHeight + o.spacingVertical
        }
        if !widows.isEmpty {
            // The widows take the last row's height, or the target height after a breakout row
            // (or when no row closed).
            let height = closed.last.map { $0.breakout ? o.targetRowHeight : lastHeight } ?? o.targetRowHeight
            containerHeight += place(ratios[widows], height, style: o.widowLayoutStyle, o, b) + o.spacingVertical
            widowCount = widows.count
        }
        containerHeight = containerHeight - o.spacingVertical
        containerHeight = containerHeight + o.paddingBottom
    }

    /// Row.completeLayout: the row's boxes at `newHeight` clamped to [target/2, 2 target], widths
    /// scaled so that a clamped row still spans its length; `justify` then shares the rounding of
    /// the summed widths' error over the boxes, `center` shifts them. Returns the row's height.
    private mutating func place(_ ratios: ArraySlice<Double>, _ newHeight: Double, style: WidowStyle,
                                _ o: FlickrOptions, _ b: RowBounds) -> Double {
        let top = containerHeight
        let length = b.length(ratios.count)
        let height = max(0.5 * o.targetRowHeight, min(newHeight, 2 * o.targetRowHeight))
        let scale = newHeight != height ? (length / height) / (length / newHeight) : 1.0
        let start = widths.count
        var sum = o.paddingLeft
        for r in ratios {
            let width = r * height * scale
            tops.append(top); widths.append(width); heights.append(height); lefts.append(sum)
            sum += width + b.spacing
        }
        switch style {
        case .left: break
        case .justify:
            sum -= b.spacing + o.paddingLeft
            let error = (sum - b.width) / Double(ratios.count)
            if ratios.count == 1 {
                widths[start] -= jsRound(error)
            } else {
                var previous = 0.0
                for i in 0..<ratios.count {
                    let cumulative = jsRound(Double(i + 1) * error)
                    lefts[start + i] -= previous
                    widths[start + i] -= cumulative - previous
                    previous = cumulative
                }
            }
        case .center:
            let offset = (b.width - sum) / 2
            for i in start..<widths.count { lefts[i] += offset + b.spacing }
        }
        return height
    }
}

/// An engine error in this command's words: the JSON path and what it holds, never the engine's
/// data source (the items reach the engine as sizes `ratio x 1`).
func flickrError(_ error: GridError, _ request: FlickrRequest) -> RequestError {
    let input = PathKey("input")
    switch error {
    case .invalidSize(_, .item(let p), _), .noAspectRatio(let p, _):
        let ratio = request.ratios.indices.contains(p.item) ? jsonNumber(request.ratios[p.item]) : "?"
        return RequestError([input, PathKey(index: p.item)], "the aspect ratio \(ratio) cannot be laid out (expected a finite number > 0)")
    case .extentTooLarge:
        // Only when the lengths could not be scaled down exactly (`engineRows`).
        return RequestError([input], "the rows end past \(jsonNumber(GridLimits.maxExtent)) points, and a row \(jsonNumber(request.options.rowWidth)) wide with boxSpacing \(jsonNumber(request.options.spacingHorizontal)) is too narrow for targetRowHeight \(jsonNumber(request.options.targetRowHeight)) to lay them out scaled down")
    case .tooManyStoredItems(_, let count):
        return RequestError([input], "\(count) items are more than the \(GridLimits.maxStoredItems) this command lays out")
    case .invalidOption("itemSpacing", _, let expected):
        // The horizontal spacing is the engine's itemSpacing, which keeps to the largest extent.
        return RequestError(request.options.spacingPath, "\(jsonNumber(request.options.spacingHorizontal)) is invalid (expected \(expected))")
    default:
        return RequestError([input], "the items cannot be laid out with these options")
    }
}

/// JavaScript's Math.round: the nearest integer, halves toward +infinity (-2.5 gives -2).
func jsRound(_ x: Double) -> Double {
    let down = x.rounded(.down)
    return x - down >= 0.5 ? down + 1 : down
}

/// The output of one layout, or an error for a number that overflowed (ratios or sizes so large
/// that a box's size passes the largest Double).
func flickrResponse(to request: FlickrRequest) throws -> [UInt8] {
    let o = request.options
    let rows: FlickrRows
    do {
        rows = try engineRows(request.ratios, o)
    } catch {
        throw flickrError(error, request)
    }
    let limit = o.maxNumRows ?? Int.max
    // A row whose spacing takes all its length would give its boxes widths of 0 / 0 or below 0.
    for (k, row) in rows.closed.prefix(limit).enumerated() where !(RowBounds(o).length(row.count) > 0) {
        throw RequestError(o.spacingPath, "\(jsonNumber(o.spacingHorizontal)) between the \(row.count) boxes of row \(k + 1) leaves them no width (the row is \(jsonNumber(o.rowWidth)) wide)")
    }
    let g = FlickrGeometry(request.ratios, rows, o)
    guard g.containerHeight.isFinite else {
        throw RequestError([PathKey("input")], "containerHeight comes out infinite (the rows' heights overflow)")
    }
    var out = ResponseWriter()
    out.bytes.reserveCapacity(64 + g.widths.count * 110)
    out.raw("{\"containerHeight\":"); out.number(g.containerHeight)
    out.raw(",\"widowCount\":"); out.integer(g.widowCount)
    out.raw(",\"boxes\":[")
    // The library's key order: the item's own aspectRatio (and the forced flag), then the
    // geometry in the order Row.completeLayout sets it.
    let forced = o.forceAspectRatio != nil
    // A row's boxes share top and height: each is formatted once per row (formatting a Double
    // is most of the writing's cost).
    var top = FormattedNumber(), height = FormattedNumber()
    for i in g.widths.indices {
        guard g.widths[i].isFinite, g.lefts[i].isFinite else {
            // Where the library would print null: a row whose spacing takes all its width (0 / 0)
            // or a product past the largest Double.
            throw RequestError([PathKey("input"), PathKey(index: i)],
                               "its box's width comes out NaN or infinite (its row's spacing takes all the width, or a number overflows)")
        }
        out.piece { box in
            box.raw(i == 0 ? "\n{\"aspectRatio\":" : ",\n{\"aspectRatio\":"); box.number(request.ratios[i])
            if forced { box.raw(",\"forcedAspectRatio\":true") }
            box.raw(",\"top\":"); top.write(g.tops[i], to: &box)
            box.raw(",\"width\":"); box.number(g.widths[i])
            box.raw(",\"height\":"); height.write(g.heights[i], to: &box)
            box.raw(",\"left\":"); box.number(g.lefts[i])
            box.raw("}")
        }
    }
    out.raw("]}\n")
    return out.bytes
}

/// The bytes of the last number written through it, reused while the number stays the same.
struct FormattedNumber {
    private var value = Double.nan
    private var bytes: [UInt8] = []

    mutating func write(_ n: Double, to out: inout TextBuffer) {
        // Bit equality: 0 and -0 print alike, but NaN never equals itself.
        if n.bitPattern != value.bitPattern {
            var one = ResponseWriter()
            one.number(n)
            value = n
            bytes = one.bytes
        }
        bytes.withUnsafeBufferPointer { out.append($0) }
    }
}
