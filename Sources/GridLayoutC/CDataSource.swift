import GridLayout
import GridLayoutCSupport

/// A data source callback returned a status other than GL_OK; the engine reports it as
/// `GridError.callbackFailed` naming the callback and the index path.
struct CallbackStatus: Error, CustomStringConvertible {
    var function: String
    var status: gl_status
    var description: String { "\(function) returned \(String(cString: gl_status_name(status)))" }
}

/// The `section_count` and `item_count` answers a C data source gave during one C call (GridBox
/// clears them when a call begins, and the adapter when the data changes: `insert_item`,
/// `remove_item`, `move_item`). Nothing else changes the data in the middle of a call, so a
/// different answer to the same question is a lie; and the adapter sizes its `item_sizes` buffer
/// from the answer the engine got, never from a new question.
final class CountAnswers {
    var sections: Int?
    var items: [Int: Int] = [:]

    func reset() {
        sections = nil
        items.removeAll()
    }
}

/// The engine's data source over a `gl_data_source`'s function pointers.
struct CallbackDataSource: GridDataSource {
    let source: gl_data_source
    let answers = CountAnswers()

    @inline(__always)
    private func check(_ status: gl_status, _ function: String) throws {
        if status != GL_OK { throw CallbackStatus(function: function, status: status) }
    }

    private func count(_ value: Int64) -> Int {
        // Counts beyond Int (none on 64-bit) would be rejected by the engine's limits anyway.
        Int(truncatingIfNeeded: value)
    }

    /// `answer` unless it disagrees with `earlier`, an answer to the same question in this call.
    private func consistent(_ answer: Int, _ earlier: Int?, _ callback: DataSourceCallback, _ at: ElementLocation) throws -> Int {
        if let earlier, earlier != answer {
            throw GridError.inconsistent(callback: callback, at: at, value: answer, earlier: .sameCall(earlier))
        }
        return answer
    }

    func numberOfSections() throws -> Int {
        guard let f = source.section_count else { return 1 }
        var n: Int64 = 0
        try check(f(source.context, &n), "section_count")
        answers.sections = try consistent(count(n), answers.sections, .sections, .grid)
        return count(n)
    }

    func numberOfItems(inSection section: Int) throws -> Int {
        var n: Int64 = 0
        try check(source.item_count!(source.context, Int64(section), &n), "item_count")
        answers.items[section] = try consistent(count(n), answers.items[section], .itemCount, .section(section))
        return count(n)
    }

    /// The section's count as answered in this call (asked now only if it was not yet).
    private func itemCount(_ section: Int) throws -> Int {
        if let n = answers.items[section] { return n }
        return try numberOfItems(inSection: section)
    }

    func sizeForItem(at indexPath: GridIndexPath) throws -> Size {
        var size = gl_size()
        if let f = source.item_size {
            try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item), &size), "item_size")
        } else {
            // Only item_sizes is given: the engine asks item by item only for item 0 of a same-size
            // section (and a drag for the item it picks up).
            guard let sizes = try sizesForItems(inSection: indexPath.section), indexPath.item >= 0 && indexPath.item < sizes.count else {
                throw CallbackStatus(function: "item_size", status: GL_ERANGE)
            }
            return sizes[indexPath.item]
        }
        return Size(width: size.w, height: size.h)
    }

    func sizesForItems(inSection section: Int) throws -> [Size]? {
        guard let f = source.item_sizes else { return nil }
        let n = try itemCount(section)
        guard n >= 0 && n <= GridLimits.maxStoredItems else { return nil }  // the engine rejects the count
        let buffer = UnsafeMutableBufferPointer<gl_size>.allocate(capacity: max(n, 1))
        defer { buffer.deallocate() }
        buffer.initialize(repeating: gl_size(w: .nan, h: .nan))
        try check(f(source.context, Int64(section), buffer.baseAddress!, Int64(n)), "item_sizes")
        return (0..<n).map { Size(width: buffer[$0].w, height: buffer[$0].h) }
    }

    func headerSize(inSection section: Int) throws -> Size? {
        guard let f = source.header_size else { return nil }
        var has: Int32 = 0
        var size = gl_size()
        try check(f(source.context, Int64(section), &has, &size), "header_size")
        return has != 0 ? Size(width: size.w, height: size.h) : nil
    }

    func showsLoader() throws -> Bool {
        guard let f = source.show_loader else { return false }
        var show: Int32 = 0
        try check(f(source.context, &show), "show_loader")
        return show != 0
    }

    func itemsHaveSameSize() throws -> Bool {
        guard let f = source.same_size else { return false }
        var same: Int32 = 0
        try check(f(source.context, &same), "same_size")
        return same != 0
    }

    func lanes(inSection section: Int) throws -> Int? {
        guard let f = source.lanes else { return nil }
        var lanes: Int32 = 0
        try check(f(source.context, Int64(section), &lanes), "lanes")
        return lanes == 0 ? nil : Int(lanes)
    }

    func footerSize(inSection section: Int) throws -> Size? {
        guard let f = source.footer_size else { return nil }
        var has: Int32 = 0
        var size = gl_size()
        try check(f(source.context, Int64(section), &has, &size), "footer_size")
        return has != 0 ? Size(width: size.w, height: size.h) : nil
    }

    var providesSpans: Bool { source.span != nil || source.spans != nil }

    /// One item's span: from `span`, or from `spans` for a batch of one when only it is given (a
    /// drag asks item by item).
    func span(at indexPath: GridIndexPath) throws -> ItemSpan? {
        var span: Int64 = 1
        if let f = source.span {
            try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item), &span), "span")
        } else if let f = source.spans {
            try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item), 1, &span), "spans")
        }
        return itemSpan(span)
    }

    /// The bulk `spans` when given; else `span` item by item, a failure naming its item.
    func spansForItems(_ items: Range<Int>, inSection section: Int, into spans: UnsafeMutableBufferPointer<ItemSpan?>) throws {
        if let f = source.spans {
            let buffer = UnsafeMutableBufferPointer<Int64>.allocate(capacity: max(items.count, 1))
            defer { buffer.deallocate() }
            buffer.initialize(repeating: 1)
            try check(f(source.context, Int64(section), Int64(items.lowerBound), Int64(items.count), buffer.baseAddress!), "spans")
            for k in 0..<items.count { spans[k] = itemSpan(buffer[k]) }
            return
        }
        for item in items {
            let path = GridIndexPath(section: section, item: item)
            do {
                spans[item - items.lowerBound] = try span(at: path)
            } catch let error as CallbackStatus {
                throw GridError.callbackFailed(callback: .span, at: .item(path), message: error.description)
            }
        }
    }

    func options(forSection section: Int) throws -> SectionOptions? {
        guard let f = source.section_options else { return nil }
        var o = gl_section_options()
        o.struct_size = MemoryLayout<gl_section_options>.size
        try check(f(source.context, Int64(section), &o), "section_options")
        return try sectionOptions(o, section: section)
    }

    // The data changes here: the counts answered before no longer hold.
    func insertItem(at indexPath: GridIndexPath) throws {
        answers.reset()
        guard let f = source.insert_item else { return }
        try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item)), "insert_item")
    }

    func removeItem(at indexPath: GridIndexPath) throws {
        answers.reset()
        guard let f = source.remove_item else { return }
        try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item)), "remove_item")
    }

    func moveItem(from: GridIndexPath, to: GridIndexPath) throws {
        answers.reset()
        guard let f = source.move_item else { return }
        try check(f(source.context, Int64(from.section), Int64(from.item), Int64(to.section), Int64(to.item)), "move_item")
    }

    func canMoveItem(at indexPath: GridIndexPath) throws -> Bool {
        guard let f = source.can_move else { return true }
        var can: Int32 = 1
        try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item), &can), "can_move")
        return can != 0
    }

    func canMoveItem(fromSection from: Int, toSection to: Int) throws -> Bool {
        guard let f = source.can_move_to_section else { return false }
        var can: Int32 = 0
        try check(f(source.context, Int64(from), Int64(to), &can), "can_move_to_section")
        return can != 0
    }
}

/// The `set` bits, in `SectionOptions.keys` order: the overrides are applied in that order
/// (`spacing` before `lineSpacing` and `itemSpacing`), as every face applies them.
let sectionOptionBits: [(key: String, bit: UInt32)] = {
    let bits: [(key: String, bit: UInt32)] = [
        ("layout", UInt32(GL_SECTION_LAYOUT)), ("lanes", UInt32(GL_SECTION_LANES)),
        ("columns", UInt32(GL_SECTION_COLUMNS)), ("order", UInt32(GL_SECTION_ORDER)),
        ("rowHeight", UInt32(GL_SECTION_ROW_HEIGHT)), ("tolerance", UInt32(GL_SECTION_TOLERANCE)),
        ("widow", UInt32(GL_SECTION_WIDOW)), ("spacing", UInt32(GL_SECTION_SPACING)),
        ("lineSpacing", UInt32(GL_SECTION_LINE_SPACING)), ("itemSpacing", UInt32(GL_SECTION_ITEM_SPACING)),
        ("inset", UInt32(GL_SECTION_INSET)),
    ]
    precondition(bits.map(\.key) == SectionOptions.keys, "gridlayout.h's GL_SECTION_* bits disagree with SectionOptions.keys")
    return bits
}()

/// A `gl_section_options` as the engine's overrides, unchecked but for its bits (the engine checks
/// the values, naming the section): nil when it sets none; an unknown bit is
/// `GridError.invalidSectionOption` naming it.
func sectionOptions(_ o: gl_section_options, section: Int) throws(GridError) -> SectionOptions? {
    guard o.set != 0 else { return nil }
    let known = sectionOptionBits.reduce(UInt32(0)) { $0 | $1.bit }
    if o.set & ~known != 0 {
        let bit = (o.set & ~known).trailingZeroBitCount
        throw GridError.invalidSectionOption(section: section, key: "bit \(bit)", value: "1", expected: "a section option")
    }
    func choice(_ name: String, _ value: Int32) -> OptionValue {
        // A gl_layout, gl_order or gl_widow value as its case's name; any other number is left
        // for the engine's check to refuse, with the value.
        if case .choice(let cases)? = GridConfiguration.option(named: name)?.kind, value >= 0, Int(value) < cases.count {
            return .string(cases[Int(value)])
        }
        return .number(Double(value))
    }
    var entries: [SectionOptions.Entry] = []
    for (key, bit) in sectionOptionBits where o.set & bit != 0 {
        let value: OptionValue
        switch key {
        case "layout": value = choice(key, o.layout)
        case "lanes": value = .number(Double(o.lanes))
        case "columns": value = .number(Double(o.columns))
        case "order": value = choice(key, o.order)
        case "rowHeight": value = .number(o.row_height)
        case "tolerance": value = .number(o.tolerance)
        case "widow": value = choice(key, o.widow)
        case "spacing": value = .number(o.spacing)
        case "lineSpacing": value = .number(o.line_spacing)
        case "itemSpacing": value = .number(o.item_spacing)
        default: value = .insets(Insets(top: o.inset.top, left: o.inset.left, bottom: o.inset.bottom, right: o.inset.right))
        }
        entries.append(SectionOptions.Entry(key, value))
    }
    return SectionOptions(entries)
}

/// C's span as the engine's: GL_SPAN_ALL is `all`, 1 is nil, any other value k is `lanes(k)`,
/// which the engine checks (k >= 1) and reports with the value as given.
func itemSpan(_ value: Int64) -> ItemSpan? {
    if value == Int64(GL_SPAN_ALL) { return .all }
    if value == 1 { return nil }
    return .lanes(Int(truncatingIfNeeded: value))
}

/// The bulk data source with GL_SAME_SIZE: per section a count and one size (item 0's).
/// A removal or a move changes the counts (an insert needs new sections with the item).
struct SameSizeDataSource: GridDataSource {
    let arrays: ArrayDataSource
    var counts: [Int]
    /// Each section's one size: its item 0's, or that of an item moved into it when it had none.
    var sizes: [Size]

    init(arrays: ArrayDataSource, counts: [Int]) {
        self.arrays = arrays
        self.counts = counts
        sizes = arrays.sections.map { $0.sizes.first ?? Size(width: 0, height: 0) }
    }

    func numberOfSections() -> Int { counts.count }
    /// Throws for a section the counts lack (fewer sections set, then a reload_section).
    func numberOfItems(inSection section: Int) throws -> Int {
        guard counts.indices.contains(section) else {
            throw ArrayDataSource.OutOfRange(indexPath: GridIndexPath(section: section, item: 0), itemCount: nil)
        }
        return counts[section]
    }
    func sizeForItem(at indexPath: GridIndexPath) throws -> Size {
        try check(indexPath, extra: 0)
        return sizes[indexPath.section]
    }
    func headerSize(inSection section: Int) throws -> Size? { try arrays.headerSize(inSection: section) }
    func showsLoader() -> Bool { arrays.showLoader }
    func itemsHaveSameSize() -> Bool { true }
    func lanes(inSection section: Int) throws -> Int? { try arrays.lanes(inSection: section) }
    func footerSize(inSection section: Int) throws -> Size? { try arrays.footerSize(inSection: section) }
    func options(forSection section: Int) throws -> SectionOptions? { try arrays.options(forSection: section) }

    mutating func removeItem(at indexPath: GridIndexPath) throws {
        try check(indexPath, extra: 0)
        counts[indexPath.section] -= 1
    }

    mutating func moveItem(from: GridIndexPath, to: GridIndexPath) throws {
        try check(from, extra: 0)
        try check(to, extra: from.section == to.section ? 0 : 1)
        if counts[to.section] == 0 { sizes[to.section] = sizes[from.section] }
        counts[from.section] -= 1
        counts[to.section] += 1
    }

    /// The counts may have changed under a pending mutation (gl_grid_set_sections): an error, not a trap.
    private func check(_ path: GridIndexPath, extra: Int) throws {
        guard counts.indices.contains(path.section) else { throw ArrayDataSource.OutOfRange(indexPath: path, itemCount: nil) }
        guard path.item >= 0 && path.item < counts[path.section] + extra else {
            throw ArrayDataSource.OutOfRange(indexPath: path, itemCount: counts[path.section])
        }
    }
}

/// GL_EVERSION for a `struct_size` (a size_t, which Swift sees as an Int) below `minimum`, or so
/// large that it is negative as an Int: `field` is how the message names it, `use` what to call.
func structSizeFailure(_ field: String, _ size: Int, minimum: Int, use: String? = nil) -> CFailure {
    let bound = size < 0 ? "expected at least \(minimum) and at most \(Int.max)" : "expected at least \(minimum)"
    return CFailure(GL_EVERSION, "\(field) is \(UInt(bitPattern: size)), \(bound)" + (use.map { " (use \($0))" } ?? ""))
}

/// Reads a caller's versioned struct: the fields its `struct_size` covers over `defaults`.
/// Fails when the struct is smaller than the first version of it.
func readVersioned<T>(_ p: UnsafePointer<T>, size: Int, minimum: Int, defaults: T, _ name: String) throws(CFailure) -> T {
    guard size >= minimum else { throw structSizeFailure("\(name).struct_size", size, minimum: minimum, use: "\(name)_init") }
    var value = defaults
    withUnsafeMutableBytes(of: &value) { dst in
        dst.copyMemory(from: UnsafeRawBufferPointer(start: UnsafeRawPointer(p), count: min(size, MemoryLayout<T>.size)))
    }
    return value
}

/// The first versions of the growing structs (1.0's are larger): what a caller's struct_size
/// must cover at least.
let configMinimumSize = MemoryLayout<gl_config>.offset(of: \gl_config.overscan)! + MemoryLayout<Double>.size
let dataSourceMinimumSize = MemoryLayout<gl_data_source>.offset(of: \gl_data_source.release)! + MemoryLayout<UnsafeRawPointer>.size

/// The C configuration from the engine's.
func cConfig(_ c: GridConfiguration) -> gl_config {
    var g = gl_config()
    g.struct_size = MemoryLayout<gl_config>.size
    g.layout = Int32(LayoutKind.allCases.firstIndex(of: c.layout)!)
    g.direction = Int32(ScrollDirection.allCases.firstIndex(of: c.direction)!)
    g.width = c.viewport.width
    g.height = c.viewport.height
    g.padding = gl_insets(top: c.padding.top, left: c.padding.left, bottom: c.padding.bottom, right: c.padding.right)
    g.spacing = c.spacing
    g.lanes = Int32(c.lanes)
    g.columns = Int32(c.columns)
    g.order = Int32(WaterfallOrder.allCases.firstIndex(of: c.order)!)
    g.widow = Int32(WidowStyle.allCases.firstIndex(of: c.widow)!)
    g.row_height = c.rowHeight
    g.tolerance = c.tolerance
    g.loader_size = gl_size(w: c.loaderSize.width, h: c.loaderSize.height)
    g.sticky_headers = c.stickyHeaders ? 1 : 0
    g.paging = c.paging ? 1 : 0
    g.paging_inverse_order = c.pagingInverseOrder ? 1 : 0
    g.overscan = c.overscan
    g.animation_duration = c.animationDuration
    g.sort = c.sort ? 1 : 0
    g.drag_hysteresis = c.dragHysteresis
    g.auto_scroll_margin = c.autoScrollMargin
    g.auto_scroll_speed = c.autoScrollSpeed
    g.max_pooled_views = Int64(c.maxPooledViews)
    g.line_spacing = c.lineSpacing
    g.item_spacing = c.itemSpacing
    g.rtl = c.rtl ? 1 : 0
    g.scale = c.scale
    g.estimated_size = gl_size(w: c.estimatedSize.width, h: c.estimatedSize.height)
    g.inset = gl_insets(top: c.inset.top, left: c.inset.left, bottom: c.inset.bottom, right: c.inset.right)
    g.breakout_cadence = Int64(c.breakoutCadence)
    return g
}

/// The engine's configuration from the C one, checked. Fields beyond the caller's struct_size
/// come from `base`.
func swiftConfig(_ p: UnsafePointer<gl_config>?, base: GridConfiguration = GridConfiguration()) throws(CFailure) -> GridConfiguration {
    guard let p else { throw CFailure(GL_EINVAL, "config is NULL") }
    let g = try readVersioned(p, size: p.pointee.struct_size, minimum: configMinimumSize,
                              defaults: cConfig(base), "gl_config")
    func choice<T: CaseIterable>(_ value: Int32, _ field: String, _: T.Type) throws(CFailure) -> T {
        let all = Array(T.allCases)
        guard value >= 0 && Int(value) < all.count else {
            throw CFailure(GL_EINVAL, "gl_config.\(field): \(value) is invalid (expected 0...\(all.count - 1))")
        }
        return all[Int(value)]
    }
    func flag(_ value: Int32, _ field: String) throws(CFailure) -> Bool {
        guard value == 0 || value == 1 else { throw CFailure(GL_EINVAL, "gl_config.\(field): \(value) is invalid (expected 0 or 1)") }
        return value == 1
    }
    var c = GridConfiguration()
    c.layout = try choice(g.layout, "layout", LayoutKind.self)
    c.direction = try choice(g.direction, "direction", ScrollDirection.self)
    c.order = try choice(g.order, "order", WaterfallOrder.self)
    c.widow = try choice(g.widow, "widow", WidowStyle.self)
    c.viewport = Size(width: g.width, height: g.height)
    c.padding = Insets(top: g.padding.top, left: g.padding.left, bottom: g.padding.bottom, right: g.padding.right)
    // Each field the caller changed (from what `base` reads) does what it says: a changed
    // `spacing` sets both spacings, then a changed line_spacing or item_spacing sets its own.
    // NaN in `spacing` (what it reads while they differ) changes nothing.
    c.lineSpacing = base.lineSpacing
    c.itemSpacing = base.itemSpacing
    if !g.spacing.isNaN && !(g.spacing == base.spacing) {
        guard let spacing = GridConfiguration.option(named: "spacing") else { preconditionFailure("the spacing option") }
        _ = try engine { () throws(GridError) in try spacing.checked(.number(g.spacing)) }
        c.spacing = g.spacing
    }
    if !(g.line_spacing == base.lineSpacing) { c.lineSpacing = g.line_spacing }
    if !(g.item_spacing == base.itemSpacing) { c.itemSpacing = g.item_spacing }
    c.lanes = Int(g.lanes)
    c.columns = Int(g.columns)
    c.rowHeight = g.row_height
    c.tolerance = g.tolerance
    c.loaderSize = Size(width: g.loader_size.w, height: g.loader_size.h)
    c.stickyHeaders = try flag(g.sticky_headers, "sticky_headers")
    c.paging = try flag(g.paging, "paging")
    c.pagingInverseOrder = try flag(g.paging_inverse_order, "paging_inverse_order")
    c.overscan = g.overscan
    c.animationDuration = g.animation_duration
    c.sort = try flag(g.sort, "sort")
    c.dragHysteresis = g.drag_hysteresis
    c.autoScrollMargin = g.auto_scroll_margin
    c.autoScrollSpeed = g.auto_scroll_speed
    guard (0...Int64(GridLimits.maxPooledViews)).contains(g.max_pooled_views) else {
        throw CFailure(GL_EINVAL, "gl_config.max_pooled_views: \(g.max_pooled_views) is invalid (expected 0...\(GridLimits.maxPooledViews))")
    }
    c.maxPooledViews = Int(g.max_pooled_views)
    c.rtl = try flag(g.rtl, "rtl")
    c.scale = g.scale
    c.estimatedSize = Size(width: g.estimated_size.w, height: g.estimated_size.h)
    c.inset = Insets(top: g.inset.top, left: g.inset.left, bottom: g.inset.bottom, right: g.inset.right)
    // Checked here, as max_pooled_views is: the engine's check would read a value past 10^15 as
    // no integer.
    guard (0...Int64(GridLimits.maxStoredItems)).contains(g.breakout_cadence) else {
        throw CFailure(GL_EINVAL, "gl_config.breakout_cadence: \(g.breakout_cadence) is invalid (expected 0...\(GridLimits.maxStoredItems))")
    }
    c.breakoutCadence = Int(g.breakout_cadence)
    try engine { () throws(GridError) in try c.validate() }
    return c
}
