import Foundation
import Testing
import GridLayout
import GridLayoutTestSupport

// The shared layout fixtures (Tests/fixtures/layout/*.json, format in Tests/fixtures/README.md)
// through the engine's Swift API: every item's, header's and the loader's frame, the content size,
// and the visible elements at each offset, exactly. The C, Python and Lua suites run the same files.

private let fixtureDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures/layout")

/// Every fixture file's name without ".json", sorted: the arguments of `fixture(_:)`.
private let fixtureNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtureDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}()

private func loadFixture(_ name: String) throws -> LayoutFixture {
    let data = try Data(contentsOf: fixtureDirectory.appendingPathComponent(name + ".json"))
    return try JSONDecoder().decode(LayoutFixture.self, from: data)
}

private func rect(_ r: [Double]) -> Rect { Rect(x: r[0], y: r[1], width: r[2], height: r[3]) }

private func fixtureElement(_ e: GridElement) -> LayoutFixture.Element {
    let f = [e.frame.x, e.frame.y, e.frame.width, e.frame.height]
    switch e.id {
    case .item(let p): return .init(kind: "item", section: p.section, item: p.item, frame: f, pinned: e.pinned)
    case .header(let s): return .init(kind: "header", section: s, item: nil, frame: f, pinned: e.pinned)
    case .footer(let s): return .init(kind: "footer", section: s, item: nil, frame: f, pinned: e.pinned)
    case .background(let s): return .init(kind: "background", section: s, item: nil, frame: f, pinned: e.pinned)
    case .loader: return .init(kind: "loader", section: nil, item: nil, frame: f, pinned: e.pinned)
    }
}

@Suite struct LayoutFixtureTests {
    /// Every file in the directory is an argument of `fixture(_:)`, and there are enough of them
    /// (an empty or misplaced directory would otherwise pass).
    @Test func everyFixtureFileIsRun() throws {
        #expect(fixtureNames.count >= 12)
        for name in fixtureNames { _ = try loadFixture(name) }
    }

    @Test(arguments: fixtureNames)
    func fixture(_ name: String) throws {
        let fx = try loadFixture(name)
        let grid = Grid(configuration: try fx.configuration(), dataSource: fx.dataSource)
        try grid.reload()
        #expect(grid.contentSize == Size(width: fx.contentSize[0], height: fx.contentSize[1]), "\(name): content size")
        let layout = grid.layout
        #expect(layout.sectionCount == fx.frames.items.count, "\(name): sections")
        for (s, items) in fx.frames.items.enumerated() {
            #expect(try layout.itemCount(inSection: s) == items.count, "\(name): section \(s) item count")
            for (i, frame) in items.enumerated() {
                #expect(try grid.frame(of: GridIndexPath(section: s, item: i)) == rect(frame), "\(name): item (\(s), \(i))")
            }
            #expect(try grid.headerFrame(inSection: s) == fx.frames.headers[s].map(rect), "\(name): header \(s)")
        }
        #expect(grid.loaderFrame == fx.frames.loader.map(rect), "\(name): loader")
        for viewport in fx.viewports {
            let offset = Point(x: viewport.offset[0], y: viewport.offset[1])
            try grid.scroll(to: offset)
            #expect(grid.contentOffset == offset, "\(name): the offset \(viewport.offset) is in range")
            #expect(grid.visibleElements().map(fixtureElement) == viewport.visible, "\(name): visible at \(viewport.offset)")
        }
    }
}
