import GridLayout

extension ErrorVocabulary {
    /// The words the engine's tests read messages in: the data source's short names (`count`,
    /// `size`), the operations' (`beginDrag`), option names as given, from `base`. The faces'
    /// own words are tested by each face.
    public static func tests(base: Int) -> ErrorVocabulary {
        ErrorVocabulary(base: base, callback: { callback in
            switch callback {
            case .itemCount: return "count"
            case .itemSize: return "size"
            case .itemSizes: return "sizes"
            case .insertItem: return "insert"
            case .removeItem: return "remove"
            case .moveItem: return "move"
            default: return callback.rawValue
            }
        }, operation: { $0.rawValue }, option: { $0 })
    }
}

extension GridError {
    /// The message in the tests' words (`ErrorVocabulary.tests`).
    public func message(base: Int = 0) -> String { message(in: .tests(base: base)) }
}
