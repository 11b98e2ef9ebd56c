import GridLayout

extension ErrorVocabulary {
    /// Lua's words: the data source's keys (`count`, `size`), the grid's methods (`beginDrag`),
    /// the option keys, sections and items from 1.
    static let lua = ErrorVocabulary(base: 1, callback: luaName, operation: { $0.rawValue }, option: { $0 })

    /// Lua's words for a data source that answers moves with the deprecated `move` key: its errors
    /// name the key the script gave.
    static let luaDeprecatedMove = ErrorVocabulary(base: 1, callback: { $0 == .moveItem ? "move" : luaName($0) },
                                                   operation: { $0.rawValue }, option: { $0 })
}
