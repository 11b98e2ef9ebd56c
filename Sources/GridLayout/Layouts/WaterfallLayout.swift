/// `waterfall` (瀑布流): n columns of equal width (C − padding − (n−1)·itemSpacing)/n. Each item is scaled
/// to the column width keeping its aspect ratio (an item of C size 0 keeps its S size) and goes into
/// a column by `order`; the items end at the tallest column.
struct WaterfallLayout: ItemPlacer {
    // Its state is these properties (the column ends): saved after a section's last item
    // (`PlacerState`), it goes on placing items appended later exactly where it stopped (`reloadNew`).
    let area: ItemArea
    let order: WaterfallOrder
    let columnWidth: Double
    let columns: Int
    private var ends: LaneEnds
    private var end: Double
    /// `ltr`/`rtl` with spans: the next column from the leading side (without spans, item i goes to
    /// column i mod n, which this equals).
    private var cursor = 0

    init(columns: Int, order: WaterfallOrder, area: ItemArea) throws(GridError) {
        self.area = area
        self.order = order
        columnWidth = try Self.columnWidth(columns: columns, area: area)
        self.columns = columns
        ends = LaneEnds(count: columns, start: area.sStart, spacing: area.lineSpacing)
        end = area.sStart
    }

    /// ltr and rtl fill each column with every n-th item; shortest keeps S-starts in item order.
    var interleave: Int { order == .shortest ? 1 : columns }

    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, from first: GridIndexPath, into store: inout FrameStore) {
        let (order, columns, columnWidth, cStart, itemSpacing, start) = (self.order, self.columns, self.columnWidth, area.cStart, area.itemSpacing, end)
        end = store.append(count: sizes.count) { frames in
            ends.withBuffers { ends in
                var end = start
                for k in sizes.indices {
                    let item = first.item + k
                    let column = switch order {
                    case .ltr: item % columns
                    case .rtl: columns - 1 - item % columns
                    case .shortest: ends.shortest()
                    }
                    let s = ends.nextStart(column)
                    let sSize = Self.scaledS(sizes[k], columnWidth)
                    frames[k] = AxisRect(s: s, c: cStart + Double(column) * (columnWidth + itemSpacing), sSize: sSize, cSize: columnWidth)
                    ends.add(column, end: s + sSize)
                    end = Swift.max(end, s + sSize)
                }
                return end
            }
        }
    }

    var spannedStoreIsFloored: Bool { true }

    /// A k-span item is k·column + (k−1)·itemSpacing wide and scaled to it; `shortest` puts it on
    /// the k adjacent columns whose largest end is the smallest, `ltr` at the cursor (back to column
    /// 0 when k columns do not fit before the end), `rtl` mirrored; it starts at the largest of the
    /// columns' next starts.
    mutating func place(_ sizes: UnsafeBufferPointer<AxisSize>, spans: UnsafeBufferPointer<Int>, from first: GridIndexPath,
                        into store: inout FrameStore) {
        let (order, columns, columnWidth, cStart, itemSpacing, start) = (self.order, self.columns, self.columnWidth, area.cStart, area.itemSpacing, end)
        var cursor = self.cursor
        end = store.appendFloored(count: sizes.count) { frames, floors in
            ends.withBuffers { ends in
                var end = start
                for k in sizes.indices {
                    let span = Swift.min(spans[k], columns)
                    floors[k] = ends.smallestNextStart()
                    let column: Int
                    switch order {
                    case .shortest:
                        column = ends.shortest(spanning: span)
                    case .ltr, .rtl:
                        if cursor + span > columns { cursor = 0 }
                        column = order == .ltr ? cursor : columns - cursor - span
                        cursor = (cursor + span) % columns
                    }
                    let width = Double(span) * columnWidth + Double(span - 1) * itemSpacing
                    let s = ends.nextStart(column, spanning: span)
                    let sSize = Self.scaledS(sizes[k], width)
                    frames[k] = AxisRect(s: s, c: cStart + Double(column) * (columnWidth + itemSpacing), sSize: sSize, cSize: width)
                    ends.add(column, spanning: span, end: s + sSize)
                    end = Swift.max(end, s + sSize)
                }
                return end
            }
        }
        self.cursor = cursor
    }

    func finish(into store: inout FrameStore) -> Double { end }

    /// No item placed after now starts before this (the shortest column's end): the lazy frontier.
    var frontierS: Double { ends.smallestEnd }
    /// The S end of the items placed so far (the area's start before any).
    var placedEnd: Double { end }

    static func scaledS(_ size: AxisSize, _ columnWidth: Double) -> Double {
        size.c > 0 ? size.s * columnWidth / size.c : size.s
    }

    /// The width of each of `columns` columns in a line `length` long, `spacing` between them
    /// (negative when they do not fit).
    static func columnWidth(columns: Int, length: Double, spacing: Double) -> Double {
        (length - Double(columns - 1) * spacing) / Double(columns)
    }

    static func columnWidth(columns: Int, area: ItemArea) throws(GridError) -> Double {
        let width = columnWidth(columns: columns, length: area.cLength, spacing: area.itemSpacing)
        guard width >= 0 else {
            throw .columnsDoNotFit(columns: columns, spacing: area.itemSpacing, length: area.cLength)
        }
        return width
    }

    /// Equal sizes fill the columns round-robin (`shortest` and `ltr` alike; `rtl` mirrored) — except
    /// `shortest` with items of S size 0 and spacing, where a column holding one still ends first: nil.
    static func uniform(columns: Int, order: WaterfallOrder, item: AxisSize, count: Int, area: ItemArea) throws(GridError) -> UniformGrid? {
        let width = try columnWidth(columns: columns, area: area)
        let scaled = AxisSize(s: scaledS(item, width), c: width)
        guard scaled.s > 0 || area.lineSpacing == 0 || columns == 1 || order != .shortest else { return nil }
        return UniformGrid(count: count, perLine: columns,
                           sStart: area.sStart, sPitch: scaled.s + area.lineSpacing,
                           cStart: area.cStart, cPitch: width + area.itemSpacing, item: scaled,
                           reversed: order == .rtl)
    }
}
