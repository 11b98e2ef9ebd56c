import GridLayout
import GridLayoutCSupport

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
        // A choice (gl_layout, gl_order, gl_widow, gl_rows, gl_justify, gl_align_items, gl_scroll,
        // gl_section_paging) as its case's
        // name; any other number is left
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
        case "minColumnWidth": value = .number(o.min_column_width)
        case "rows": value = choice(key, o.rows)
        case "justify": value = choice(key, o.justify)
        case "alignItems": value = choice(key, o.align_items)
        case "scroll": value = choice(key, o.scroll)
        case "sectionPaging": value = choice(key, o.section_paging)
        // 0 or 1; any other number is left for the engine's check to refuse, with the value.
        case "background": value = o.background == 0 || o.background == 1 ? .bool(o.background == 1) : .number(Double(o.background))
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
