//// How a face words the engine's errors: its names for callbacks, operations and options, and
/// the number its sections and items count from. `GridError.message(in:)` builds every message
/// from one template and a vocabulary, so the faces cannot say different things, only say them
/// in their own names.
public struct ErrorVocabulary: Sendable {
    /// What sections, items and pages count from: 0 (Swift, C, Python) or 1 (Lua).
    public var base: Int
    public var callback: @Sendable (DataSourceCallback) -> String
    public var operation: @Sendable (GridOperation) -> String
    /// An option's name, given its engine name (`GridConfiguration.options`).
    public var option: @Sendable (String) -> String

    public init(base: Int, callback: @escaping @Sendable (DataSourceCallback) -> String,
                operation: @escaping @Sendable (GridOperation) -> String,
                option: @escaping @Sendable (String) -> String) {
        self.base = base
        self.callback = callback
        self.operation = operation
        self.option = option
    }

    /// Swift's: the `GridDataSource` requirements, the `Grid` methods, the option names, from 0.
    public static let swift = ErrorVocabulary(base: 0, callback: \.swiftName, operation: \.swiftName, option: { $0 })

    /// The names of the options in snake case, as C and Python spell them (`row_height`).
    public static func snakeCaseOption(_ name: String) -> String {
        GridConfiguration.option(named: name)?.cName ?? name
    }
}
