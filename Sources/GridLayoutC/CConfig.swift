import GridLayout
import GridLayoutCSupport

// gl_config's conversions, field by field, are generated (CConfig.generated.swift) from
// tools/vocabulary.py's CONFIG_FIELDS and the engine's option table; these are their parts.

/// A choice's position among its cases (`gl_layout`, …).
func cChoice(_ option: OptionDescriptor, _ c: GridConfiguration) -> Int32 {
    guard case .choice(let cases) = option.kind, case .string(let s) = option.value(in: c),
          let k = cases.firstIndex(of: s) else { preconditionFailure("option '\(option.name)' is not a choice") }
    return Int32(k)
}

func cNumber(_ option: OptionDescriptor, _ c: GridConfiguration) -> Double {
    guard case .number(let n) = option.value(in: c) else { preconditionFailure("option '\(option.name)' is not a number") }
    return n
}

func cFlag(_ option: OptionDescriptor, _ c: GridConfiguration) -> Int32 {
    guard case .bool(let b) = option.value(in: c) else { preconditionFailure("option '\(option.name)' is not a flag") }
    return b ? 1 : 0
}

func cInsets(_ option: OptionDescriptor, _ c: GridConfiguration) -> gl_insets {
    guard case .insets(let i) = option.value(in: c) else { preconditionFailure("option '\(option.name)' is not insets") }
    return gl_insets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
}

func cSize(_ option: OptionDescriptor, _ c: GridConfiguration) -> gl_size {
    guard case .size(let s) = option.value(in: c) else { preconditionFailure("option '\(option.name)' is not a size") }
    return gl_size(w: s.width, h: s.height)
}

func setChoice(_ option: OptionDescriptor, _ value: Int32, _ field: String, _ c: inout GridConfiguration) throws(CFailure) {
    guard case .choice(let cases) = option.kind else { preconditionFailure("option '\(option.name)' is not a choice") }
    guard value >= 0 && Int(value) < cases.count else {
        let names = cChoiceNames[option.name] ?? []
        throw CFailure(GL_EINVAL, "gl_config.\(field): \(value) is invalid (expected one of \(names.joined(separator: ", ")))")
    }
    option.assign(.string(cases[Int(value)]), to: &c)
}

func setFlag(_ option: OptionDescriptor, _ value: Int32, _ field: String, _ c: inout GridConfiguration) throws(CFailure) {
    guard value == 0 || value == 1 else { throw CFailure(GL_EINVAL, "gl_config.\(field): \(value) is invalid (expected 0 or 1)") }
    option.assign(.bool(value == 1), to: &c)
}

/// An int64_t field: checked against the option's range here, where it is still exact.
func setInteger(_ option: OptionDescriptor, _ value: Int64, _ field: String, _ c: inout GridConfiguration) throws(CFailure) {
    guard case .integer(let range) = option.kind else { preconditionFailure("option '\(option.name)' is not an integer") }
    guard value >= Int64(range.lowerBound) && value <= Int64(range.upperBound) else {
        throw CFailure(GL_EINVAL, "gl_config.\(field): \(value) is invalid (expected \(range.lowerBound)...\(range.upperBound))")
    }
    option.assign(.number(Double(value)), to: &c)
}

/// A double or an int field (an int is exact as a Double): `validate` checks it.
func setNumber(_ option: OptionDescriptor, _ value: Double, _ c: inout GridConfiguration) {
    option.assign(.number(value), to: &c)
}

func setInsets(_ option: OptionDescriptor, _ i: gl_insets, _ c: inout GridConfiguration) {
    option.assign(.insets(Insets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)), to: &c)
}

func setSize(_ option: OptionDescriptor, _ s: gl_size, _ c: inout GridConfiguration) {
    option.assign(.size(Size(width: s.w, height: s.h)), to: &c)
}

/// The engine's configuration from the C one, checked. Fields beyond the caller's struct_size
/// come from `base`.
func swiftConfig(_ p: UnsafePointer<gl_config>?, base: GridConfiguration = GridConfiguration()) throws(CFailure) -> GridConfiguration {
    guard let p else { throw CFailure(GL_EINVAL, "config is NULL") }
    let g = try readVersioned(p, size: p.pointee.struct_size, minimum: configMinimumSize,
                              defaults: cConfig(base), "gl_config")
    var c = try configuration(fromFields: g, base: base)
    // Each spacing field the caller changed (from what `base` reads) does what it says: a changed
    // `spacing` sets both spacings, then a changed line_spacing or item_spacing sets its own.
    // NaN in `spacing` (what it reads while they differ) changes nothing.
    c.lineSpacing = base.lineSpacing
    c.itemSpacing = base.itemSpacing
    if !g.spacing.isNaN && !(g.spacing == base.spacing) {
        guard let spacing = GridConfiguration.option(named: "spacing") else { preconditionFailure("the spacing option") }
        _ = try configChecked { () throws(GridError) in try spacing.checked(.number(g.spacing)) }
        c.spacing = g.spacing
    }
    if !(g.line_spacing == base.lineSpacing) { c.lineSpacing = g.line_spacing }
    if !(g.item_spacing == base.itemSpacing) { c.itemSpacing = g.item_spacing }
    try configChecked { () throws(GridError) in try c.validate() }
    return c
}

/// The engine's check of a `gl_config`, a bad value named as the C caller wrote it
/// (`gl_config.columns`); a binding that set words of its own (`gl_set_error_words`) names the
/// options its way, from the engine's message.
private func configChecked<T>(_ body: () throws(GridError) -> T) throws(CFailure) -> T {
    do { return try body() } catch {
        if case let .invalidOption(name, value, expected) = error, cErrorWordsInUse.load(ordering: .relaxed),
           let option = GridConfiguration.option(named: name) {
            throw CFailure(GL_EINVAL, "gl_config.\(option.cName): \(value) is invalid (expected \(expected))")
        }
        throw CFailure(error)
    }
}
