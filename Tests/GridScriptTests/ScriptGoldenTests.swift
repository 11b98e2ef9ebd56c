import Foundation
import Testing

/// Runs every script in `scripts/` through gridrepl and compares its output with
/// `scripts/expected/NAME.out` (regenerate with `make golden` after checking the change by eye).
@Suite struct ScriptGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scripts = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("scripts").path))?
        .filter { $0.hasSuffix(".lua") }.sorted() ?? []

    /// gridrepl lies next to the test bundle (`swift build --build-tests` builds both).
    static var gridrepl: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("gridrepl")
    }

    @Test func everyExampleHasAnExpectedOutput() {
        #expect(Self.scripts == ["animate.lua", "browser.lua", "chat.lua", "feed.lua", "flow.lua", "focus.lua", "infinite.lua", "justified.lua", "ninegrid.lua", "paging.lua", "reorder.lua", "selfsizing.lua", "smgridview.lua", "sticky.lua", "store.lua", "timeline.lua", "waterfall.lua", "zoom.lua"])
    }

    @Test(arguments: scripts) func scriptOutputMatches(script: String) throws {
        let expected = try String(contentsOf: Self.root.appendingPathComponent("scripts/expected/\(script.dropLast(4)).out"), encoding: .utf8)
        let (status, output, errors) = try run(Self.gridrepl, ["scripts/\(script)"], in: Self.root)
        #expect(errors == "")
        #expect(status == 0)
        #expect(output == expected)
    }
}

/// Runs a program with COLUMNS=80 LINES=24 (the size `draw()` fits when output is not a terminal).
func run(_ program: URL, _ arguments: [String], in directory: URL) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = "80"
    environment["LINES"] = "24"
    environment.removeValue(forKey: "LUA_INIT")
    environment.removeValue(forKey: "LUA_INIT_5_4")
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
}
