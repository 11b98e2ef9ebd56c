/// The data source's questions and changes, as the engine names them. A face words them in its
/// own names (`ErrorVocabulary`): the Swift protocol's methods, Lua's and Python's callback keys,
/// the C struct's fields. `style` is not the engine's: the hosts (GridHost's pictures) ask it
/// for an item's label and fill colour.
public enum DataSourceCallback: String, CaseIterable, Hashable, Sendable {
    case sections, itemCount, itemSize, itemSizes, header, showLoader, sameSize, lanes
    case insertItem, removeItem, moveItem, canMove, canMoveToSection
    // Appended: C's `gl_callback` numbers the cases in this order.
    case style, footer, span, sectionOptions

    /// The `GridDataSource` requirement that answers it.
    public var swiftName: String {
        switch self {
        case .sections: return "numberOfSections()"
        case .itemCount: return "numberOfItems(inSection:)"
        case .itemSize: return "sizeForItem(at:)"
        case .itemSizes: return "sizesForItems(inSection:)"
        case .header: return "headerSize(inSection:)"
        case .showLoader: return "showsLoader()"
        case .sameSize: return "itemsHaveSameSize()"
        case .lanes: return "lanes(inSection:)"
        case .footer: return "footerSize(inSection:)"
        case .span: return "span(at:)"
        case .sectionOptions: return "options(forSection:)"
        case .insertItem: return "insertItem(at:)"
        case .removeItem: return "removeItem(at:)"
        case .moveItem: return "moveItem(from:to:)"
        case .canMove: return "canMoveItem(at:)"
        case .canMoveToSection: return "canMoveItem(fromSection:toSection:)"
        case .style: return "style(at:)"
        }
    }
}

/// What a caller asked the grid to do, as the engine names it; a face words it in its own names.
public enum GridOperation: String, CaseIterable, Hashable, Sendable {
    case reload, reloadNew, reloadSection, insert, remove, move, step, beginDrag, dragTo, endDrag
    // Appended: C's `gl_operation` numbers the cases in this order.
    case measure

    /// The `Grid` method.
    public var swiftName: String {
        switch self {
        case .reload: return "reload()"
        case .reloadNew: return "reloadNew()"
        case .reloadSection: return "reloadSection(_:)"
        case .insert: return "insertItem(at:)"
        case .remove: return "removeItem(at:)"
        case .move: return "moveItem(from:to:)"
        case .step: return "step(_:)"
        case .beginDrag: return "beginDrag(at:)"
        case .dragTo: return "drag(to:)"
        case .endDrag: return "endDrag()"
        case .measure: return "measure(_:)"
        }
    }
}

/// How a face words the engine's errors: its names for callbacks, operations and options, and
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
