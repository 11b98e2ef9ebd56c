import GridLayout
import GridLayoutCSupport
import Synchronization

extension ErrorVocabulary {
    /// C's words: the `gl_data_source` fields, the `gl_grid_*` functions, the `gl_config`
    /// fields, indices from 0.
    static let c = ErrorVocabulary(base: 0, callback: { cCallbackNames[$0.index] }, operation: { cOperationNames[$0.index] },
                                   option: ErrorVocabulary.snakeCaseOption)
}

extension DataSourceCallback {
    /// Its `gl_callback` value.
    var index: Int { Self.allCases.firstIndex(of: self)! }
}

extension GridOperation {
    /// Its `gl_operation` value.
    var index: Int { Self.allCases.firstIndex(of: self)! }
}

/// The words `gl_last_error()` uses (`gl_set_error_words`).
let errorWords = Mutex<ErrorVocabulary>(.c)
/// Whether `errorWords` are C's own (no binding set words of its own): then a bad `gl_config`
/// field is named as a C caller wrote it.
let cErrorWordsInUse = Atomic<Bool>(true)

@_cdecl("gl_set_error_words")
public func gl_set_error_words(_ words: UnsafePointer<gl_error_words>?) -> gl_status {
    cCall { () throws(CFailure) in try setErrorWords(words) }
}

/// `callback_count` names from `words.callbacks` and `operation_count` from `words.operations`;
/// C's for those after them (a binding built with an older header names fewer).
private func setErrorWords(_ words: UnsafePointer<gl_error_words>?) throws(CFailure) {
    precondition(DataSourceCallback.allCases.count == Int(GL_CALLBACK_COUNT.rawValue)
                 && GridOperation.allCases.count == Int(GL_OPERATION_COUNT.rawValue), "gridlayout.h's enums disagree with the engine")
    guard let w = words?.pointee else {
        errorWords.withLock { $0 = .c }
        cErrorWordsInUse.store(true, ordering: .relaxed)
        return
    }
    guard w.base == 0 || w.base == 1 else { throw CFailure(GL_EINVAL, "gl_error_words.base: \(w.base) is invalid (expected 0 or 1)") }
    func names(_ p: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ field: String, _ countField: String,
               _ all: [String]) throws(CFailure) -> [String] {
        guard count >= 0 && count <= all.count else {
            throw CFailure(GL_EINVAL, "gl_error_words.\(countField): \(UInt(bitPattern: count)) is invalid (expected 0...\(all.count))")
        }
        guard count == 0 || p != nil else { throw CFailure(GL_EINVAL, "gl_error_words.\(field) is NULL") }
        var result: [String] = []
        for k in 0..<count {
            guard let name = p![k] else { throw CFailure(GL_EINVAL, "gl_error_words.\(field)[\(k)] is NULL") }
            result.append(String(cString: name))
        }
        return result + all[count...]
    }
    let callbacks = try names(w.callbacks, w.callback_count, "callbacks", "callback_count", cCallbackNames)
    let operations = try names(w.operations, w.operation_count, "operations", "operation_count", cOperationNames)
    let snake = w.snake_case_options != 0
    let vocabulary = ErrorVocabulary(base: Int(w.base), callback: { callbacks[$0.index] }, operation: { operations[$0.index] },
                                     option: { snake ? ErrorVocabulary.snakeCaseOption($0) : $0 })
    errorWords.withLock { $0 = vocabulary }
    cErrorWordsInUse.store(false, ordering: .relaxed)
}
