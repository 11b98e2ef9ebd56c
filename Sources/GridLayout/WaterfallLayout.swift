/// `waterfall` (瀑布流): n columns of equal width (C − padding − (n−1)·spacing)/n. Each item is scaled
/// to the column width keeping its aspect ratio (an item of C size 0 keeps its S size) and goes into
/// a column by `order`; the items end at the tallest column.
struct WaterfallLayout: ItemPlacer {
    let area: ItemArea
    let order: WaterfallOrder
    let columnWidth: Double
    /// S at which each column's next item starts.
    private var columnNext: [Double]
    private var end: Double

    init(columns: Int, order: WaterfallOrder, area: ItemArea) throws(GridError) {
        self.area = area
        self.order = order
        columnWidth = try Self.columnWidth(columns: columns, area: area)
        columnNext = Array(repeating: area.sStart, count: columns)
        end = area.sStart
    }

    /// ltr and rtl fill each column with every n-th item; shortest keeps S-starts in item order.
    var interleave: Int { order == .shortest ? 1 : columnNext.count }

    mutating func place(_ size: AxisSize, at path: GridIndexPath, into store: inout FrameStore) {
        let n = columnNext.count
        let column: Int
        switch order {
        case .ltr: column = path.item % n
        case .rtl: column = n - 1 - path.item % n
        case .shortest:
            var best = 0
            for k in 1..<n where columnNext[k] < columnNext[best] { best = k }
            column = best
        }
        let s = columnNext[column]
        let sSize = Self.scaledS(size, columnWidth)
        store.append(AxisRect(s: s, c: area.cStart + Double(column) * (columnWidth + area.spacing),
                              sSize: sSize, cSize: columnWidth))
        columnNext[column] = s + sSize + area.spacing
        end = Swift.max(end, s + sSize)
    }

    func finish(into store: inout FrameStore) -> Double { end }

    static func scaledS(_ size: AxisSize, _ columnWidth: Double) -> Double {
        size.c > 0 ? size.s * columnWidth / size.c : size.s
    }

    static func columnWidth(columns: Int, area: ItemArea) throws(GridError) -> Double {
        let width = (area.cLength - Double(columns - 1) * area.spacing) / Double(columns)
        guard width >= 0 else {
            throw .doesNotFit("waterfall: \(columns) columns with spacing \(formatNumber(area.spacing)) do not fit in \(formatNumber(area.cLength)) (the viewport less padding)")
        }
        return width
    }

    /// Equal sizes fill the columns round-robin (`shortest` and `ltr` alike; `rtl` mirrored).
    static func uniform(columns: Int, order: WaterfallOrder, item: AxisSize, count: Int, area: ItemArea) throws(GridError) -> UniformGrid {
        let width = try columnWidth(columns: columns, area: area)
        let scaled = AxisSize(s: scaledS(item, width), c: width)
        return UniformGrid(count: count, perLine: columns,
                           sStart: area.sStart, sPitch: scaled.s + area.spacing,
                           cStart: area.cStart, cPitch: width + area.spacing, item: scaled,
                           reversed: order == .rtl)
    }
}
