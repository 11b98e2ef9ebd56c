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
    /// Sets the option `name` (`GridConfiguration.options`). Throws for an unknown name, a value of
    /// the wrong kind or out of range; the configuration is unchanged when it throws.
    ///
    /// - Complexity: O(o), o the options: the name is looked up in the table, then the whole configuration validated.
    public mutating func set(_ name: String, to value: OptionValue) throws(GridError) {
        guard let option = Self.option(named: name) else { throw .unknownOption(name: name) }
        var copy = self
        option.write(&copy, try option.checked(value))
        try copy.validate()
        self = copy
    }

    /// The current value of the option `name`.
    ///
    /// - Complexity: O(o), o the options: the name is looked up in the table.
    public func value(of name: String) throws(GridError) -> OptionValue {
        guard let option = Self.option(named: name) else { throw .unknownOption(name: name) }
        return option.value(in: self)
    }
}
