// gridlayout: the JSON command line (docs/json.md, man gridlayout).
//
//   gridlayout layout [FILE]              a layout request (stdin without FILE) in, frames out
//   gridlayout justified --flickr [FILE]  flickr/justified-layout's input in, its output out
//
// Exit status: 0, or 2 with one line on stderr (the JSON path and what was wrong) and nothing on
// stdout for a request or command line it refuses.

import GridLayout
#if canImport(Glibc)
import Glibc
#endif

/// The project's version (the file VERSION; Tests/packaging/test_version.py checks it).
let version = "1.2.0"

/// Where an installed copy of the repository's `file` is: share/doc/gridlayout/ beside the bin/
/// this command runs from (`make install`, the .deb), as an absolute path when it is there; else
/// the file as the source tree names it (a build run in place).
func docPath(_ file: String) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return file }
    let executable = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var parts = executable.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return file }
    parts.removeLast(2)
    let installed = parts.joined(separator: "/") + "/share/doc/gridlayout/" + file
    return access(installed, R_OK) == 0 ? installed : file
}

let usage = """
    usage: gridlayout layout [--max-input BYTES] [FILE]
           gridlayout justified --flickr [--strict] [--max-input BYTES] [FILE]
           gridlayout --help | --version

    gridlayout layout reads a layout request (JSON, from FILE or standard input): options,
    sections of [w, h] sizes or {"count": n, "size": [w, h]}, headers, footers, lanes, spans,
    per-section options, showLoader and offsets; it writes the content size, every element's frame by section and the visible
    elements at each offset as JSON on standard output. The format: \(docPath("docs/json.md")),
    the schemas \(docPath("schemas/layout-request.schema.json")) and
    \(docPath("schemas/layout-response.schema.json")).

    gridlayout justified --flickr reads what flickr/justified-layout 4.1.0 takes, as JSON:
    {"input": ITEMS, "options": OPTIONS} or a bare ITEMS array (aspect ratios or
    {"width", "height"} objects), and writes what the library returns for it, number for
    number: containerHeight, widowCount and boxes of {aspectRatio, top, width, height, left}.
    What the library lays out in a way of its own (an unknown option is ignored, an unknown
    widowLayoutStyle is "left") it lays out the same way with a warning on standard error;
    --strict refuses it instead.

    A document it refuses gives one line on standard error, naming the JSON path, and exit
    status 2: one that is not UTF-8 or not JSON, one with a key twice in an object (layout;
    justified --flickr takes the last, as JSON.parse does), or one larger than --max-input
    BYTES (default 256M; K, M and G count 1024s), from FILE or standard input alike.

    gridlayout \(version); the manual: man gridlayout

    """

/// Writes all of `bytes` to the file descriptor; false when it cannot.
@discardableResult
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
        var done = 0
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}

func fail(_ line: String, status: Int32 = 2) -> Never {
    Progress.shared.finish()
    writeAll(2, Array(("gridlayout: " + line + "\n").utf8))
    exit(status)
}

/// The JSON path an engine error is about, where the request has one.
func path(of error: GridError, in request: Request) -> String {
    func section(_ s: Int) -> [any CodingKey] { [PathKey("sections"), PathKey(index: s)] }
    func location(_ at: ElementLocation) -> [any CodingKey] {
        switch at {
        case .grid: return [PathKey("sections")]
        case .section(let s): return section(s)
        case .header(let s): return section(s) + [PathKey("header")]
        case .footer(let s): return section(s) + [PathKey("footer")]
        case .item(let p): return request.sections[p.section].itemsPath + [PathKey(index: p.item)]
        case .loader: return [PathKey("showLoader")]
        }
    }
    switch error {
    case .noAspectRatio(let p, _): return describePath(location(.item(p)))
    case .columnsDoNotFit(_, _, _, let s?), .noRoomForRows(_, let s?): return describePath(section(s) + [PathKey("options")])
    case .columnsDoNotFit: return "options.columns"
    case .noRoomForRows: return "options"
    case .noRoomForItems(_, let s): return describePath(section(s))
    case .tooManyStoredItems(let s, _): return describePath(section(s))
    case .extentTooLarge(let at, _): return describePath(location(at))
    case .invalidSpan(let p, _): return describePath(section(p.section) + [PathKey("spans"), PathKey(index: p.item)])
    case .invalidSectionOption(let s, let key, _, _): return describePath(section(s) + [PathKey("options"), PathKey(key)])
    case .notSideways(let s), .invalidSectionOffset(let s, _): return describePath(section(s) + [PathKey("offset")])
    case .invalidSize(_, let at, _), .invalidCount(_, let at, _, _), .callbackFailed(_, let at, _):
        return describePath(location(at))
    default: return "request"
    }
}

/// The most bytes of input read without `--max-input`: 256 MiB.
let defaultMaxInput = 256 << 20

/// The whole of FILE, or of standard input for nil or "-"; at most `limit` bytes, else exit 2
/// (a regular file larger than that is refused before it is read).
func readInput(_ file: String?, limit: Int) -> [UInt8] {
    var fd: Int32 = 0
    let name = file ?? "-"
    let shown = name == "-" ? "standard input" : name
    if name != "-" {
        fd = open(name, O_RDONLY)
        guard fd >= 0 else { fail("cannot read \(name): \(String(cString: strerror(errno)))") }
    }
    func tooLarge() -> Never {
        fail("\(shown): the input is larger than \(limit) bytes (--max-input BYTES raises the limit)")
    }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > limit { tooLarge() }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        // One byte past the limit tells a document of exactly `limit` bytes from a larger one.
        let wanted = min(chunk.count - 1, limit - bytes.count) + 1
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, wanted) }
        if n < 0 && errno == EINTR { continue }
        guard n >= 0 else { fail("cannot read \(name): \(String(cString: strerror(errno)))") }
        if n == 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
        if bytes.count > limit { tooLarge() }
    }
    if fd != 0 { close(fd) }
    return bytes
}

/// The document read (`what` names it in a message: "request" for `layout`, "document" for
/// `justified --flickr`), or exit 2 naming what is wrong with it.
func document(_ bytes: [UInt8], repeatedKeys: RepeatedKeys, what: String) -> JSONDocument {
    // A UTF-8 byte order mark, which JSON text may start with, is not part of the document.
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    do {
        return try readJSON(text, repeatedKeys: repeatedKeys)
    } catch {
        fail(error.line(root: what))
    }
}

func layout(_ file: String?, maxInput: Int) -> Never {
    let json = document(readInput(file, limit: maxInput), repeatedKeys: .refuse, what: "request")
    let request: Request
    do { request = try Request(json) } catch { fail(error.line(root: "request")) }
    let bytes: [UInt8]
    do {
        bytes = try respond(to: request)
    } catch {
        if case let .noAspectRatio(_, size) = error {
            fail("\(path(of: error, in: request)): [\(jsonNumber(size.width)), \(jsonNumber(size.height))] has no aspect ratio (justified needs a size > 0 along the scroll axis)")
        }
        fail("\(path(of: error, in: request)): \(error.message(in: .swift))")
    }
    Progress.shared.finish()
    guard writeAll(1, bytes) else { fail("cannot write the response", status: 1) }
    exit(0)
}

/// `gridlayout justified --flickr [FILE]`: flickr/justified-layout's input in, its output out.
func justifiedFlickr(_ file: String?, maxInput: Int, strict: Bool) -> Never {
    // JSON.parse keeps the last value of a repeated key.
    let json = document(readInput(file, limit: maxInput), repeatedKeys: .lastWins, what: "document")
    let leniency = FlickrLeniency(strict: strict)
    let request: FlickrRequest
    do { request = try FlickrRequest(json, leniency: leniency) } catch { fail(error.line(root: "document")) }
    let bytes: [UInt8]
    do {
        bytes = try flickrResponse(to: request)
    } catch let error as RequestError {
        fail(error.line)
    } catch {
        fail("document: \(error)")
    }
    for warning in leniency.warnings { writeAll(2, Array(("gridlayout: " + warning + "\n").utf8)) }
    guard writeAll(1, bytes) else { fail("cannot write the response", status: 1) }
    exit(0)
}

/// A command's arguments: its flags, `--max-input BYTES` and at most one FILE.
struct CommandArguments {
    var flags: Set<String> = []
    var files: [String] = []
    var maxInput = defaultMaxInput

    /// Reads `arguments`, taking `known` flags; exits 2 on anything else. `usage` ends the messages.
    init(_ arguments: ArraySlice<String>, command: String, known: Set<String>, usage: String) {
        var rest = arguments
        while let argument = rest.popFirst() {
            if argument == "--max-input" || argument.hasPrefix("--max-input=") {
                let value: String
                if argument == "--max-input" {
                    guard let next = rest.popFirst() else { fail("\(command): --max-input needs a number of bytes (usage: \(usage))") }
                    value = next
                } else {
                    value = String(argument.dropFirst("--max-input=".count))
                }
                guard let bytes = byteCount(value) else {
                    fail("\(command): bad value '\(value)' for --max-input (a number of bytes >= 1, with an optional K, M or G)")
                }
                maxInput = bytes
            } else if known.contains(argument) {
                flags.insert(argument)
            } else if argument.hasPrefix("-") && argument != "-" {
                let hint = Suggestion.didYouMean(argument, among: known.sorted() + ["--max-input"])
                fail("\(command): unknown option \(argument)\(hint) (usage: \(usage))")
            } else {
                files.append(argument)
            }
        }
        guard files.count <= 1 else { fail("\(command): one FILE at most (usage: \(usage))") }
    }
}

/// "4096", "64K", "256M", "1G" (K, M and G: 1024, 1024², 1024³) as a count >= 1, or nil.
func byteCount(_ text: String) -> Int? {
    var digits = Substring(text)
    var unit = 1
    if let last = digits.last, let shift = ["K": 10, "M": 20, "G": 30][String(last).uppercased()] {
        unit = 1 << shift
        digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n >= 1 else { return nil }
    let (bytes, overflow) = n.multipliedReportingOverflow(by: unit)
    return overflow ? nil : bytes
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "--help", "-h":
    print(usage, terminator: "")
case "--version":
    print("gridlayout \(version)")
case "layout":
    let parsed = CommandArguments(arguments.dropFirst(), command: "layout", known: [],
                                  usage: "gridlayout layout [--max-input BYTES] [FILE]")
    layout(parsed.files.first, maxInput: parsed.maxInput)
case "justified":
    let usage = "gridlayout justified --flickr [--strict] [--max-input BYTES] [FILE]"
    let parsed = CommandArguments(arguments.dropFirst(), command: "justified", known: ["--flickr", "--strict"], usage: usage)
    guard parsed.flags.contains("--flickr") else { fail("justified: --flickr is needed (the one input format it reads; usage: \(usage))") }
    justifiedFlickr(parsed.files.first, maxInput: parsed.maxInput, strict: parsed.flags.contains("--strict"))
case nil:
    fail("a command is needed (usage: gridlayout layout [FILE]; gridlayout justified --flickr [FILE]; gridlayout --help)")
case let command?:
    fail("unknown command \(command) (usage: gridlayout layout [FILE]; gridlayout justified --flickr [FILE]; gridlayout --help)")
}
