/// The engine's options, described once: every face (Lua, C, Python, Swift) is built from this
/// table or checked against it by a test, so an option added here appears everywhere, validated
/// the same way.
///
/// Adding an option is one entry below (its name, its kind and range, its default, one line of
/// documentation and how it reads and writes the configuration), a field of `GridConfiguration`,
/// its `gl_config` field in tools/vocabulary.py, its rule in docs/layout.md, and `make generate`,
/// which writes every face's copy from this table (docs/architecture.md, "One vocabulary").
public final class OptionDescriptor: Sendable {
    /// The option's name in Lua and Swift (`rowHeight`): what `GridConfiguration.set` takes.
    public let name: String
    /// Its name in C (`gl_config.row_height`) and Python (`Grid.row_height`): the name in snake case.
    public let cName: String
    public let kind: OptionKind
    /// One line for the docs' option tables and the C library's run-time description.
    public let summary: String
    let read: @Sendable (GridConfiguration) -> OptionValue
    let write: @Sendable (inout GridConfiguration, OptionValue) -> Void
    /// A numeric option's value as a number, without an `OptionValue` (for `validate`).
    let numeric: (@Sendable (GridConfiguration) -> Double)?

    init(name: String, kind: OptionKind, summary: String,
         read: @escaping @Sendable (GridConfiguration) -> OptionValue,
         write: @escaping @Sendable (inout GridConfiguration, OptionValue) -> Void,
         numeric: (@Sendable (GridConfiguration) -> Double)? = nil) {
        self.name = name
        cName = Self.snakeCase(name)
        self.kind = kind
        self.summary = summary
        self.read = read
        self.write = write
        self.numeric = numeric
    }

    /// `rowHeight` as `row_height`. Option names are ASCII: bytes, not Unicode's case tables (whose
    /// first use would cost the first reload more than the whole table's validation).
    static func snakeCase(_ name: String) -> String {
        var bytes: [UInt8] = []
        for byte in name.utf8 {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { bytes += [UInt8(ascii: "_"), byte + 32] } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `n` is a value of this numeric option (the fast test `validate` makes first).
    @inline(__always)
    func accepts(_ n: Double) -> Bool {
        switch kind {
        case .number(.length): return n >= 0 && n <= .greatestFiniteMagnitude
        case .number(.positive): return n > 0 && n <= .greatestFiniteMagnitude
        case .number(.fraction): return n >= 0 && n <= 1
        case .number(.extent): return n >= 0 && n <= GridLimits.maxExtent
        case .number(.scale): return NumberRange.scale.problem(n) == nil
        case .integer(let range): return n >= Double(range.lowerBound) && n <= Double(range.upperBound)
        default: return true
        }
    }

    /// Writes `value` (of this option's kind) into `configuration` without checking it: for a face
    /// that converts a whole configuration and then calls `validate()`, whose error names the
    /// first bad option. An integer is written as `Int(value)`: it must be whole and within `Int`.
    public func assign(_ value: OptionValue, to configuration: inout GridConfiguration) {
        write(&configuration, value)
    }

    /// The value a new configuration has.
    public var defaultValue: OptionValue { read(GridConfiguration()) }

    /// The option's value in `configuration`.
    public func value(in configuration: GridConfiguration) -> OptionValue { read(configuration) }

    /// Checks `value` against the kind and range and converts it to the option's own form
    /// (`padding` takes a number for all sides); the error names the option and the value.
    ///
    /// - Complexity: O(1); O(c) for a choice of c names.
    public func checked(_ value: OptionValue) throws(GridError) -> OptionValue {
        func invalid(_ expected: String) -> GridError { .invalidOption(name: name, value: value.description, expected: expected) }
        switch (kind, value) {
        case (.number(let range), .number(let n)):
            if let problem = range.problem(n) { throw invalid(problem) }
            return value
        case (.number, _): throw invalid("a number")
        case (.integer(let range), .number(let n)):
            guard n == n.rounded(), abs(n) < 1e15 else { throw invalid("an integer") }
            guard range.contains(Int(n)) else { throw invalid("\(range.lowerBound)...\(range.upperBound)") }
            return value
        case (.integer, _): throw invalid("an integer")
        case (.flag, .bool): return value
        case (.flag, _): throw invalid("a boolean")
        case (.choice(let cases), .string(let s)):
            guard cases.contains(s) else { throw invalid("one of " + cases.map { "'\($0)'" }.joined(separator: ", ")) }
            return value
        case (.choice(let cases), _): throw invalid("one of " + cases.map { "'\($0)'" }.joined(separator: ", "))
        case (.insets, .number(let n)):
            return try checked(.insets(Insets(all: n)))
        case (.insets, .insets(let i)):
            let sides = [i.top, i.left, i.bottom, i.right]
            guard sides.allSatisfy(isValidLength) else { throw invalid("finite sides >= 0") }
            guard sides.allSatisfy({ $0 <= GridLimits.maxExtent }) else {
                throw invalid("sides in 0...\(formatNumber(GridLimits.maxExtent)) (the largest content extent)")
            }
            return value
        case (.insets, _): throw invalid("a number or {top, left, bottom, right}")
        case (.size, .size(let s)):
            guard s.isValid else { throw invalid("finite sides >= 0") }
            return value
        case (.size, _): throw invalid("a size {w, h}")
        }
    }
}

/// What an option takes.
public enum OptionKind: Sendable, Equatable {
    /// A number within the range.
    case number(NumberRange)
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// true or false (1 or 0 in C).
    case flag
    /// One of these names; in C the value is the name's position (`gl_layout`, `gl_order`, …).
    case choice([String])
    /// Per-side lengths `{top, left, bottom, right}`, or one number for all four.
    case insets
    /// A size `{w, h}`.
    case size
}

/// The numbers a numeric option takes.
public enum NumberRange: Sendable, Equatable {
    /// Finite and >= 0.
    case length
    /// Finite and > 0.
    case positive
    /// In 0...1.
    case fraction
    /// In 0...`GridLimits.maxExtent` (the viewport).
    case extent
    /// 0 (off), or in `GridLimits.scaleRange`: a pixel of 1/scale points keeps every edge of the
    /// largest extent exact and finite once snapped.
    case scale

    public var lowerBound: Double { 0 }
    public var upperBound: Double {
        switch self {
        case .length, .positive: return .greatestFiniteMagnitude
        case .fraction: return 1
        case .extent: return GridLimits.maxExtent
        case .scale: return GridLimits.scaleRange.upperBound
        }
    }

    /// What is wrong with `n` (the "expected" part of the error), or nil.
    func problem(_ n: Double) -> String? {
        switch self {
        case .length: return isValidLength(n) ? nil : "a finite number >= 0"
        case .positive: return n > 0 && n < .infinity ? nil : "a finite number > 0"
        case .fraction: return n >= 0 && n <= 1 ? nil : "a number in 0...1"
        case .extent:
            guard isValidLength(n) else { return "a finite number >= 0" }
            return n <= GridLimits.maxExtent ? nil : "a number in 0...\(formatNumber(GridLimits.maxExtent)) (the largest content extent)"
        case .scale:
            let range = GridLimits.scaleRange
            return n == 0 || (n >= range.lowerBound && n <= range.upperBound) ? nil
                : "0 (off) or a number in 1/\(formatNumber(1 / range.lowerBound))...\(formatNumber(range.upperBound))"
        }
    }
}

extension GridConfiguration {
    /// Every option, in the order the docs list them. (Plain closures, not key paths: `validate`
    /// reads every option at each reload, and a key path's projection costs far more.)
    public static let options: [OptionDescriptor] = [
        choice("layout", LayoutKind.self, { $0.layout }, { $0.layout = $1 }, "the layout algorithm"),
        choice("direction", ScrollDirection.self, { $0.direction }, { $0.direction = $1 },
               "the scroll axis: vertical scrolls along y"),
        number("width", .extent, { $0.viewport.width }, { $0.viewport.width = $1 }, "the viewport's width"),
        number("height", .extent, { $0.viewport.height }, { $0.viewport.height = $1 }, "the viewport's height"),
        OptionDescriptor(name: "padding", kind: .insets,
                         summary: "space between the content's edges and its elements",
                         read: { .insets($0.padding) },
                         write: { if case .insets(let i) = $1 { $0.padding = i } }),
        OptionDescriptor(name: "inset", kind: .insets,
                         summary: "space around a section's items, inside its header and footer; a section's options may give its own",
                         read: { .insets($0.inset) },
                         write: { if case .insets(let i) = $1 { $0.inset = i } }),
        // `spacing` writes both spacings and reads NaN (nil, None) when they differ: it is checked
        // when set, and `validate` checks the two it stands for.
        OptionDescriptor(name: "spacing", kind: .number(.extent),
                         summary: "sets lineSpacing and itemSpacing; reads their value when equal",
                         read: { .number($0.spacing) },
                         write: { if case .number(let n) = $1 { $0.spacing = n } }),
        number("lineSpacing", .extent, { $0.lineSpacing }, { $0.lineSpacing = $1 },
               "space along the scroll axis: between items of a lane or column, lines, rows, headers and sections"),
        number("itemSpacing", .extent, { $0.itemSpacing }, { $0.itemSpacing = $1 },
               "space across the scroll axis: between lanes, columns and the items of a line or row"),
        integer("lanes", 1...GridLimits.maxLanes, { $0.lanes }, { $0.lanes = $1 }, "lanes per section (lanes layout); the data source's lanes for a section win"),
        integer("columns", 1...GridLimits.maxLanes, { $0.columns }, { $0.columns = $1 }, "columns (waterfall layout)"),
        number("minColumnWidth", .length, { $0.minColumnWidth }, { $0.minColumnWidth = $1 },
               "adaptive lanes and columns: as many as fit at least this wide, instead of lanes and columns; 0 is off"),
        choice("order", WaterfallOrder.self, { $0.order }, { $0.order = $1 }, "the column each waterfall item goes into"),
        number("rowHeight", .positive, { $0.rowHeight }, { $0.rowHeight = $1 },
               "the target row thickness (justified layout)"),
        number("tolerance", .fraction, { $0.tolerance }, { $0.tolerance = $1 },
               "how far a justified row may stray from rowHeight, as a fraction"),
        choice("widow", WidowStyle.self, { $0.widow }, { $0.widow = $1 },
               "how a justified section lays out its last, incomplete row"),
        // A justified section stores its frames, so it has at most maxStoredItems rows: a larger
        // cadence could never come round.
        integer("breakoutCadence", 0...GridLimits.maxStoredItems, { $0.breakoutCadence }, { $0.breakoutCadence = $1 },
                "every n-th justified row is its first item alone, full width, when that item is square or wider; 0 is off"),
        OptionDescriptor(name: "loaderSize", kind: .size,
                         summary: "the loader's size",
                         read: { .size($0.loaderSize) },
                         write: { if case .size(let s) = $1 { $0.loaderSize = s } }),
        flag("stickyHeaders", { $0.stickyHeaders }, { $0.stickyHeaders = $1 },
             "the current section's header stays at the viewport's leading edge"),
        flag("stickyFooters", { $0.stickyFooters }, { $0.stickyFooters = $1 },
             "a visible section's footer stays at the viewport's trailing edge while its place is past it"),
        flag("paging", { $0.paging }, { $0.paging = $1 }, "scrolling snaps to pages of one viewport"),
        flag("pagingInverseOrder", { $0.pagingInverseOrder }, { $0.pagingInverseOrder = $1 },
             "with paging, same-size lanes fill each lane first"),
        number("overscan", .extent, { $0.overscan }, { $0.overscan = $1 },
               "how far beyond the viewport, along the scroll axis, elements count as loaded"),
        number("animationDuration", .length, { $0.animationDuration }, { $0.animationDuration = $1 },
               "seconds an insert, removal (twice), move or drag re-flow takes; 0 makes them instant"),
        flag("sort", { $0.sort }, { $0.sort = $1 }, "items can be dragged to reorder them"),
        number("dragHysteresis", .length, { $0.dragHysteresis }, { $0.dragHysteresis = $1 },
               "how much nearer another slot must be before a drag retargets to it"),
        number("autoScrollMargin", .length, { $0.autoScrollMargin }, { $0.autoScrollMargin = $1 },
               "a drag this near the viewport's edge auto-scrolls"),
        number("autoScrollSpeed", .length, { $0.autoScrollSpeed }, { $0.autoScrollSpeed = $1 },
               "the auto-scroll speed at the viewport's edge, in points per second"),
        integer("maxPooledViews", 0...GridLimits.maxPooledViews, { $0.maxPooledViews }, { $0.maxPooledViews = $1 },
                "the most views the reuse pool keeps; the oldest beyond it are released"),
        flag("rtl", { $0.rtl }, { $0.rtl = $1 },
             "right to left: every frame is mirrored along x after layout"),
        number("scale", .scale, { $0.scale }, { $0.scale = $1 },
               "device pixels per point, 1/1024...1024: frames' edges snap to multiples of 1/scale; 0 is off"),
        OptionDescriptor(name: "estimatedSize", kind: .size,
                         summary: "an item's size until it is asked for: sizes are asked only as far as needed; 0x0 is off, 0 along the scroll axis alone an error",
                         read: { .size($0.estimatedSize) },
                         write: { if case .size(let s) = $1 { $0.estimatedSize = s } }),
        choice("anchor", AnchorMode.self, { $0.anchor }, { $0.anchor = $1 },
               "what stays still when something before the viewport changes: the first element shown, or the offset"),
        flag("followEnd", { $0.followEnd }, { $0.followEnd = $1 },
             "a viewport at the content's end stays at the end when the content changes"),
        choice("startAt", StartPosition.self, { $0.startAt }, { $0.startAt = $1 },
               "where a reload at offset 0 opens the grid: its start, or its end"),
        choice("rows", RowBreaking.self, { $0.rows }, { $0.rows = $1 },
               "where justified rows break: flickr's greedy rule, or the breaks nearest rowHeight over the section; a section's options may give its own"),
        choice("justify", FlowJustification.self, { $0.justify }, { $0.justify = $1 },
               "how a flow line shares its free space among its items, as CSS justify-content"),
        choice("alignItems", FlowItemAlignment.self, { $0.alignItems }, { $0.alignItems = $1 },
               "where a flow item sits across its line, which is as thick as its thickest item"),
        flag("background", { $0.background }, { $0.background = $1 },
             "each section with elements gets a background element beneath them, across the content less the padding; a section's options may give its own"),
        choice("scroll", SectionScroll.self, { $0.scroll }, { $0.scroll = $1 },
               "a section's items scroll with the grid, or sideways by the section's own offset in lanes lines; a section's options may give its own"),
        choice("sectionPaging", SectionPaging.self, { $0.sectionPaging }, { $0.sectionPaging = $1 },
               "where a sideways section's offset snaps: anywhere, an item's start, or a multiple of the items' range; a section's options may give its own"),
    ]

    /// The option called `name` (its Lua and Swift name).
    ///
    /// - Complexity: O(o), o the options, searched in order.
    public static func option(named name: String) -> OptionDescriptor? {
        options.first { $0.name == name }
    }

    /// Every option name, in the order the docs list them.
    public static let optionNames = options.map(\.name)

    private static func number(_ name: String, _ range: NumberRange,
                               _ get: @escaping @Sendable (GridConfiguration) -> Double,
                               _ set: @escaping @Sendable (inout GridConfiguration, Double) -> Void, _ summary: String) -> OptionDescriptor {
        OptionDescriptor(name: name, kind: .number(range), summary: summary,
                         read: { .number(get($0)) },
                         write: { if case .number(let n) = $1 { set(&$0, n) } },
                         numeric: get)
    }

    private static func integer(_ name: String, _ range: ClosedRange<Int>,
                                _ get: @escaping @Sendable (GridConfiguration) -> Int,
                                _ set: @escaping @Sendable (inout GridConfiguration, Int) -> Void, _ summary: String) -> OptionDescriptor {
        OptionDescriptor(name: name, kind: .integer(range), summary: summary,
                         read: { .number(Double(get($0))) },
                         write: { if case .number(let n) = $1 { set(&$0, Int(n)) } },
                         numeric: { Double(get($0)) })
    }

    private static func flag(_ name: String,
                             _ get: @escaping @Sendable (GridConfiguration) -> Bool,
                             _ set: @escaping @Sendable (inout GridConfiguration, Bool) -> Void, _ summary: String) -> OptionDescriptor {
        OptionDescriptor(name: name, kind: .flag, summary: summary,
                         read: { .bool(get($0)) },
                         write: { if case .bool(let b) = $1 { set(&$0, b) } })
    }

    private static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _: T.Type,
        _ get: @escaping @Sendable (GridConfiguration) -> T,
        _ set: @escaping @Sendable (inout GridConfiguration, T) -> Void, _ summary: String) -> OptionDescriptor where T.RawValue == String {
        OptionDescriptor(name: name, kind: .choice(T.allCases.map(\.rawValue)), summary: summary,
                         read: { .string(get($0).rawValue) },
                         write: { if case .string(let s) = $1, let v = T(rawValue: s) { set(&$0, v) } })
    }
}
