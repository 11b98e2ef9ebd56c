#if canImport(Glibc)
import Glibc
#endif

/// Progress of a long command on standard error (items read, laid out, written): shown only when
/// standard error is a terminal and the command has run for `GRIDLAYOUT_PROGRESS_AFTER` seconds
/// (1 by default), on one line that the end clears: each step's first count at once, then redrawn
/// at most ten times a second. Nothing otherwise: a pipe or a file never gets it.
final class Progress: @unchecked Sendable {
    /// The command's one instance (the command is one thread).
    static let shared = Progress()

    private let enabled: Bool
    private let after: Double
    private let start: Double
    private var last = -Double.infinity
    private var shown = false
    /// The step last shown.
    private var step = Step.none
    private enum Step { case none, read, laidOut, written }
    /// Items read from the request, laid out and written so far.
    private(set) var read = 0
    private(set) var laidOut = 0

    init() {
        enabled = isatty(2) != 0
        let setting = getenv("GRIDLAYOUT_PROGRESS_AFTER").flatMap { Double(String(cString: $0)) }
        after = setting.map { $0 >= 0 ? $0 : 1 } ?? 1
        start = Progress.now()
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Counts `n` more items read (every item's size as the request is decoded).
    func countRead(_ n: Int) {
        read += n
        if read % 65_536 < n { show(.read, "read \(count(read)) items") }
    }

    /// Counts `n` more items laid out (the engine's budget asks every few thousand).
    func countLaidOut(_ n: Int) {
        laidOut += n
        show(.laidOut, "laid out \(count(laidOut)) items")
    }

    /// Shows that `k` of `total` frames are written.
    func written(_ k: Int, of total: Int) {
        if k % 65_536 == 0 { show(.written, "wrote \(count(k)) of \(count(total)) frames") }
    }

    /// Clears the line, if it was drawn.
    func finish() {
        guard shown else { return }
        write("\r\u{1B}[K")
        shown = false
    }

    private func show(_ now: Step, _ text: @autoclosure () -> String) {
        guard enabled else { return }
        let t = Progress.now()
        guard t - start >= after, t - last >= 0.1 || now != step else { return }
        last = t
        step = now
        shown = true
        write("\r\u{1B}[Kgridlayout: " + text())
    }

    private func write(_ text: String) {
        _ = writeAll(2, Array(text.utf8))
    }

    private func count(_ n: Int) -> String {
        // Thousands separated, as the docs write counts.
        let digits = Array(String(n))
        var out = ""
        for (k, d) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}
