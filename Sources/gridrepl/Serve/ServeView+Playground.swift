import CLua
import ServeCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The playground's routes: the editor's text, an edit run in place of the file, and the
/// editor's own files (Debian's CodeMirror).
extension ServeView {
    /// GET /api/source: the served grid's text, the last edit's or the file's as it is now; null
    /// for a script read from standard input.
    func sourceAnswer() -> ServeAnswer {
        let text = editText ?? (scriptReload == nil ? nil : ServeView.readFile(scriptName).map { String(decoding: $0, as: UTF8.self) })
        return .json(ServeSource(script: scriptName, text: text, edited: editText != nil, generation: generation))
    }

    /// POST /api/script: runs the edit in a fresh sandboxed state (`ViewHost.runEdit`) and, when it
    /// made a grid, serves that grid with the page's viewport, in place of the one served; the
    /// file is not written. A script that fails is a 422 with its error (its line in the edit), and
    /// the grid served stays.
    func scriptAnswer(_ request: ScriptRequest) -> ServeAnswer {
        guard let runEdit else { return .failure(ServeFailure(409, "/api/script: a script read from standard input cannot be edited")) }
        let result = runEdit(request.text)
        ViewSignals.reinstall()  // running the edit set gridrepl's own Ctrl-C handling
        interruptState = L
        switch result {
        case .failure(let failure):
            return .failure(ServeFailure(422, failure.message))
        case .success(let state):
            if let error = loadHelpers(into: state) {
                lua_close(state)
                return .failure(ServeFailure(500, error))
            }
            serve(state, edit: request.text)
            return stateAnswer()
        }
    }

    /// GET of one of the editor's files, read from where Debian installs them; a 404 when
    /// libjs-codemirror is not installed (the page then edits in a plain text area).
    func vendorAnswer(_ file: VendorFile) -> ServeAnswer {
        guard let bytes = ServeView.readFile(VendorFile.directory + "/" + file.relativePath) else { return .failure(file.missing) }
        return .vendor(file, bytes)
    }

    /// The whole of a file, or nil when it cannot be read.
    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }
}
