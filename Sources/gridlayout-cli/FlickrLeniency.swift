/// How `justified --flickr` reads what flickr/justified-layout accepts but does not document as
/// meaningful (an unknown option or `widowLayoutStyle`, a count that is not a whole number):
/// by default as the library lays it out, each with a warning; with `--strict` refused, naming
/// the JSON path. One decoding fills `warnings`, and the command prints them only when it
/// answers, so that a refused document still gives exactly one line.
final class FlickrLeniency: @unchecked Sendable {
    // @unchecked: one reading of the document, on one thread, owns it.
    let strict: Bool
    private(set) var warnings: [String] = []

    init(strict: Bool) { self.strict = strict }

    /// Refuses with `error` when strict; else notes the warning "PATH: `what`, as the library does".
    func accept(_ error: RequestError, as what: String) throws(RequestError) {
        if strict { throw error }
        warnings.append("warning: \(describePath(error.path)): \(error.message); \(what), as the library does (--strict refuses it)")
    }
}
