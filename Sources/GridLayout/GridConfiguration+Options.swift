/// A configuration value as a script or a C caller gives it.
public enum OptionValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case string(String)
    case bool(Bool)
    case insets(Insets)
    case size(Size)

    public var description: String {
        switch self {
        case .number(let n): return formatNumber(n)
        case .string(let s): return "'\(s)'"
        case .bool(let b): return b ? "true" : "false"
        case .insets(let i): return i.description
        case .size(let s): return s.description
        }
    }
}

extension GridConfiguration {
    /// Every option name, in the order DESIGN.md lists them.
    public static let optionNames = [
        "layout", "direction", "width", "height", "padding", "spacing", "lanes", "columns",
        "order", "rowHeight", "tolerance", "widow", "loaderSize", "stickyHeaders", "paging",
        "pagingInverseOrder", "overscan", "animationDuration", "sort", "dragHysteresis",
        "autoScrollMargin", "autoScrollSpeed", "maxPooledViews",
    ]

    /// Sets the option `name`. Throws for an unknown name, a value of the wrong kind or out of range;
    /// the configuration is unchanged when it throws.
    public mutating func set(_ name: String, to value: OptionValue) throws(GridError) {
        var copy = self
        switch name {
        case "layout": copy.layout = try Self.choice(name, value)
        case "direction": copy.direction = try Self.choice(name, value)
        case "order": copy.order = try Self.choice(name, value)
        case "widow": copy.widow = try Self.choice(name, value)
        case "width": copy.viewport.width = try Self.number(name, value)
        case "height": copy.viewport.height = try Self.number(name, value)
        case "spacing": copy.spacing = try Self.number(name, value)
        case "rowHeight": copy.rowHeight = try Self.number(name, value)
        case "tolerance": copy.tolerance = try Self.number(name, value)
        case "overscan": copy.overscan = try Self.number(name, value)
        case "animationDuration": copy.animationDuration = try Self.number(name, value)
        case "dragHysteresis": copy.dragHysteresis = try Self.number(name, value)
        case "autoScrollMargin": copy.autoScrollMargin = try Self.number(name, value)
        case "autoScrollSpeed": copy.autoScrollSpeed = try Self.number(name, value)
        case "sort": copy.sort = try Self.flag(name, value)
        case "stickyHeaders": copy.stickyHeaders = try Self.flag(name, value)
        case "paging": copy.paging = try Self.flag(name, value)
        case "pagingInverseOrder": copy.pagingInverseOrder = try Self.flag(name, value)
        case "lanes": copy.lanes = try Self.integer(name, value)
        case "columns": copy.columns = try Self.integer(name, value)
        case "maxPooledViews": copy.maxPooledViews = try Self.integer(name, value)
        case "padding":
            switch value {
            case .number(let n): copy.padding = Insets(all: n)
            case .insets(let i): copy.padding = i
            default: throw .invalidOption(name: name, value: value.description, expected: "a number or {top, left, bottom, right}")
            }
        case "loaderSize":
            guard case .size(let s) = value else {
                throw .invalidOption(name: name, value: value.description, expected: "a size {w, h}")
            }
            copy.loaderSize = s
        default:
            throw .unknownOption(name: name)
        }
        try copy.validate()
        self = copy
    }

    /// The current value of the option `name`.
    public func value(of name: String) throws(GridError) -> OptionValue {
        switch name {
        case "layout": return .string(layout.rawValue)
        case "direction": return .string(direction.rawValue)
        case "order": return .string(order.rawValue)
        case "widow": return .string(widow.rawValue)
        case "width": return .number(viewport.width)
        case "height": return .number(viewport.height)
        case "spacing": return .number(spacing)
        case "rowHeight": return .number(rowHeight)
        case "tolerance": return .number(tolerance)
        case "lanes": return .number(Double(lanes))
        case "columns": return .number(Double(columns))
        case "padding": return .insets(padding)
        case "loaderSize": return .size(loaderSize)
        case "overscan": return .number(overscan)
        case "stickyHeaders": return .bool(stickyHeaders)
        case "paging": return .bool(paging)
        case "pagingInverseOrder": return .bool(pagingInverseOrder)
        case "animationDuration": return .number(animationDuration)
        case "dragHysteresis": return .number(dragHysteresis)
        case "autoScrollMargin": return .number(autoScrollMargin)
        case "autoScrollSpeed": return .number(autoScrollSpeed)
        case "sort": return .bool(sort)
        case "maxPooledViews": return .number(Double(maxPooledViews))
        default: throw .unknownOption(name: name)
        }
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ value: OptionValue) throws(GridError) -> T
    where T.RawValue == String {
        if case .string(let s) = value, let v = T(rawValue: s) { return v }
        let names = T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        throw .invalidOption(name: name, value: value.description, expected: "one of \(names)")
    }

    private static func number(_ name: String, _ value: OptionValue) throws(GridError) -> Double {
        if case .number(let n) = value { return n }
        throw .invalidOption(name: name, value: value.description, expected: "a number")
    }

    private static func flag(_ name: String, _ value: OptionValue) throws(GridError) -> Bool {
        if case .bool(let b) = value { return b }
        throw .invalidOption(name: name, value: value.description, expected: "a boolean")
    }

    private static func integer(_ name: String, _ value: OptionValue) throws(GridError) -> Int {
        if case .number(let n) = value, n == n.rounded(), abs(n) < 1e15 { return Int(n) }
        throw .invalidOption(name: name, value: value.description, expected: "an integer")
    }
}
