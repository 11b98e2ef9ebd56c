import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }

/// Hears mutations and drags, in order, as short strings.
final class MutationRecorder: GridObserver {
    var events: [String] = []
    func grid(_ grid: Grid, didInsert path: GridIndexPath) { events.append("didInsert \(path.section).\(path.item)") }
    func grid(_ grid: Grid, didRemove path: GridIndexPath) { events.append("didRemove \(path.section).\(path.item)") }
    func grid(_ grid: Grid, didMove from: GridIndexPath, to: GridIndexPath) {
        events.append("didMove \(from.section).\(from.item) \(to.section).\(to.item)")
    }
    func grid(_ grid: Grid, didBeginDrag path: GridIndexPath) { events.append("dragStarted \(path.section).\(path.item)") }
    func grid(_ grid: Grid, didEndDrag from: GridIndexPath, to: GridIndexPath) {
        events.append("dragEnded \(from.section).\(from.item) \(to.section).\(to.item)")
    }
}

/// Two lanes 100 wide with 10 between (viewport 210×200), items 100×50, 10 apart along y:
/// item i sits in lane i % 2 at y = 60 (i / 2).
func laneGrid(_ data: ListDataSource, height: Double = 200, options: [(String, OptionValue)] = []) throws -> Grid {
    let config = try configuration([("width", .number(210)), ("height", .number(height)), ("lanes", .number(2)),
                                    ("spacing", .number(10))] + options)
    let grid = Grid(configuration: config, dataSource: data)
    try grid.reload()
    return grid
}

func items(_ count: Int) -> [Size] { Array(repeating: size(100, 50), count: count) }

/// The drawn items as (item, x, y, alpha, scale), for exact comparisons.
func drawn(_ grid: Grid) -> [String] {
    grid.visibleElements().map { e in
        guard case .item(let p) = e.id else { return "\(e.id)" }
        var text = "\(p.item) \(formatted(e.frame.x)),\(formatted(e.frame.y))"
        if e.alpha != 1 { text += " a\(formatted(e.alpha))" }
        if e.scale != 1 { text += " s\(formatted(e.scale))" }
        if e.dragged { text += " dragged" }
        return text
    }
}

func formatted(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

@Suite struct MutationTests {
    @Test func easingIsCubicInOut() {
        let grid = Grid()
        _ = grid
        #expect(IndexChange.insert(path(0, 2)).after(path(0, 2)) == path(0, 3))
        #expect(IndexChange.remove(path(0, 2)).after(path(0, 2)) == nil)
        #expect(IndexChange.move(from: path(0, 0), to: path(0, 3)).after(path(0, 3)) == path(0, 2))
        #expect(IndexChange.move(from: path(0, 0), to: path(0, 3)).before(path(0, 3)) == path(0, 0))
        #expect(IndexChange.move(from: path(0, 1), to: path(1, 0)).after(path(1, 0)) == path(1, 1))
    }

    @Test func animatedInsertSlidesTheOthersAndFadesTheNewItemIn() throws {
        let data = ListDataSource([items(4)])
        let grid = try laneGrid(data, options: [("animationDuration", .number(0.25))])
        let recorder = MutationRecorder()
        grid.observer = recorder
        data.sections[0].insert(size(100, 50), at: 0)
        try grid.insertItem(at: path(0, 0))
        #expect(data.log == ["insert 0.0"])
        #expect(drawn(grid) == ["0 0,0 a0", "1 0,0", "2 110,0", "3 0,60", "4 110,60"])
        try grid.step(0.125)  // half the time: eased 0.5
        #expect(drawn(grid) == ["0 0,0 a0.5", "1 55,0", "2 55,30", "3 55,60", "4 55,90"])
        try grid.step(0.0625)  // three quarters: eased 1 - 0.5³/2 = 0.9375
        #expect(drawn(grid) == ["0 0,0 a0.9375", "1 103.125,0", "2 6.875,56.25", "3 103.125,60", "4 6.875,116.25"])
        #expect(recorder.events.isEmpty)
        try grid.step(0.0625)
        #expect(drawn(grid) == ["0 0,0", "1 110,0", "2 0,60", "3 110,60", "4 0,120"])
        #expect(recorder.events == ["didInsert 0.0"])
        #expect(!grid.isAnimating)
    }
}
