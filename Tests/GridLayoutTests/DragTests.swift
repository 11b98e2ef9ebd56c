import Testing
import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }
private func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// Drag reordering on the two-lane grid of MutationTests (item i in lane i % 2 at y = 60 (i / 2)),
/// with `sort` on and a quarter-second clock.
@Suite struct DragTests {
    let options: [(String, OptionValue)] = [("sort", .bool(true)), ("animationDuration", .number(0.25))]

    @Test func theTargetIsTheNearestSlotAndTheOthersReflowAroundIt() throws {
        let data = ListDataSource([items(6)])
        let grid = try laneGrid(data, options: options)
        let recorder = MutationRecorder(observing: grid)
        #expect(try grid.beginDrag(at: point(50, 25)) == path(0, 0))
        #expect(drawn(grid) == ["0 0,0 dragged", "1 110,0", "2 0,60", "3 110,60", "4 0,120", "5 110,120"])
        try grid.drag(to: point(160, 85))  // the item now covers slot 3 exactly
        #expect(grid.drag! == (path(0, 0), path(0, 3)))
        // The preview numbers the items as they would be after the drop; they start where they were.
        #expect(drawn(grid) == ["0 110,0", "1 0,60", "2 110,60", "3 110,60 dragged", "4 0,120", "5 110,120"])
        try grid.step(0.125)
        #expect(drawn(grid) == ["0 55,0", "1 55,30", "2 55,60", "3 110,60 dragged", "4 0,120", "5 110,120"])
        #expect(grid.dataIndexPath(path(0, 3)) == path(0, 0))
        #expect(grid.dataIndexPath(path(0, 0)) == path(0, 1))
        try grid.endDrag()
        #expect(data.log == ["move 0.0 0.3"])
        #expect(recorder.events == ["dragStarted 0.0", "dragEnded 0.0 0.3"])
        #expect(grid.drag == nil)
        // The drop continues from where everything is drawn.
        #expect(drawn(grid) == ["0 55,0", "1 55,30", "2 55,60", "3 110,60", "4 0,120", "5 110,120"])
        try grid.step(0.25)
        #expect(drawn(grid) == ["0 0,0", "1 110,0", "2 0,60", "3 110,60", "4 0,120", "5 110,120"])
    }

    @Test func hysteresisKeepsTheTargetUntilAnotherSlotIsClearlyNearer() throws {
        let data = ListDataSource([items(6)])
        let grid = try laneGrid(data, options: options)  // dragHysteresis 10 by default
        try grid.beginDrag(at: point(50, 25))  // grabbed at its centre: the item's centre is the point
        try grid.drag(to: point(160, 85))
        #expect(grid.drag!.to == path(0, 3))
        try grid.drag(to: point(103, 85))  // slot 2's centre (50, 85) is 53 away, slot 3's 57: within 10
        #expect(grid.drag!.to == path(0, 3))
        try grid.drag(to: point(99, 85))  // 49 against 61
        #expect(grid.drag!.to == path(0, 2))
        try grid.drag(to: point(103, 85))  // back: 57 against 53 from slot 2 (now the target)
        #expect(grid.drag!.to == path(0, 2))
    }

    @Test func theDraggedItemIsClampedToItsSection() throws {
        let data = ListDataSource([items(4), items(4)])
        let grid = try laneGrid(data, height: 300, options: options)  // section 1 starts at y 120
        try grid.beginDrag(at: point(50, 25))
        try grid.drag(to: point(-500, -500))
        #expect(drawn(grid).first == "0 0,0 dragged")
        try grid.drag(to: point(1000, 1000))  // held inside section 0: y at most 110 − 50, x at most 210 − 100
        #expect(grid.visibleElements().first { $0.dragged }?.frame == rect(110, 60, 100, 50))
        #expect(grid.drag!.to == path(0, 3))
        try grid.endDrag()
        #expect(data.log == ["move 0.0 0.3"])
        #expect(data.sections[1].count == 4)
    }

    @Test func itemsMoveAcrossSectionsWhenTheDataSourceAllows() throws {
        let data = ListDataSource([items(4), items(4)])
        data.acrossSections = true
        let grid = try laneGrid(data, height: 300, options: options)
        try grid.beginDrag(at: point(50, 25))
        try grid.drag(to: point(50, 205))  // over item 1.2, at (0, 180)
        #expect(grid.drag! == (path(0, 0), path(1, 2)))
        try grid.endDrag()
        #expect(data.log == ["move 0.0 1.2"])
        #expect(data.sections.map(\.count) == [3, 5])
        try grid.step(1)
        let fresh = Grid(configuration: grid.configuration, dataSource: ArrayDataSource(sections: data.sections.map { .init(sizes: $0) }))
        try fresh.reload()
        #expect(try itemFrames(grid.layout, section: 1) == itemFrames(fresh.layout, section: 1))
        #expect(try itemFrames(grid.layout, section: 0) == itemFrames(fresh.layout, section: 0))
    }

    @Test func droppingWhereItStartedCallsNoMove() throws {
        let data = ListDataSource([items(6)])
        let grid = try laneGrid(data, options: options)
        let recorder = MutationRecorder(observing: grid)
        try grid.beginDrag(at: point(50, 25))
        try grid.drag(to: point(160, 85))
        try grid.drag(to: point(50, 25))
        #expect(grid.drag!.to == path(0, 0))
        try grid.endDrag()
        #expect(data.log.isEmpty)
        #expect(recorder.events == ["dragStarted 0.0", "dragEnded 0.0 0.0"])
    }

    @Test func nearTheViewportEdgeTheGridAutoScrollsAsTheClockRuns() throws {
        let data = ListDataSource([items(40)])  // content 1190 high, viewport 200
        let grid = try laneGrid(data, options: options)  // autoScrollMargin 40, autoScrollSpeed 600
        try grid.beginDrag(at: point(50, 25))
        try grid.drag(to: point(50, 190))  // 30 into the bottom margin: 3/4 of full speed
        #expect(grid.drag!.to == path(0, 6))  // centre (50, 190): slot 6's (50, 205) is nearest
        try grid.step(0.1)
        #expect(grid.contentOffset == point(0, 45))
        #expect(grid.drag!.to == path(0, 6))  // centre (50, 235): slots 6 and 8 both 30 away
        try grid.step(0.1)
        #expect(grid.contentOffset == point(0, 90))
        #expect(grid.drag!.to == path(0, 8))
        try grid.drag(to: point(50, 100))  // out of the margins: no more scrolling
        try grid.step(0.1)
        #expect(grid.contentOffset == point(0, 90))
        try grid.drag(to: point(50, -20))  // past the top edge: full speed back
        try grid.step(0.1)
        #expect(grid.contentOffset == point(0, 30))
        try grid.step(1)
        #expect(grid.contentOffset == point(0, 0))
        #expect(grid.drag!.to == path(0, 0))  // back at the top, held in the section: over its own slot
        try grid.endDrag()
        #expect(data.log.isEmpty)
    }

    @Test func withPagingAutoScrollMovesAPageOnceItHasTravelledHalfOne() throws {
        let data = ListDataSource([items(40)])
        let grid = try laneGrid(data, options: options + [("paging", .bool(true))])  // pages of 200
        try grid.beginDrag(at: point(50, 25))
        try grid.drag(to: point(50, 199))  // 39 into the margin: 0.975 × 600 points a second
        try grid.step(0.1)  // 58.5: not yet half a page
        #expect(grid.contentOffset == point(0, 0))
        try grid.step(0.1)  // 117
        #expect(grid.contentOffset == point(0, 200))
        try grid.step(0.1)  // starts again from the new page
        #expect(grid.contentOffset == point(0, 200))
        try grid.endDrag()
    }

    @Test func badDragCallsGiveClearErrors() throws {
        let data = ListDataSource([items(6)])
        data.fixed = [path(0, 1)]
        let grid = try laneGrid(data, options: [("animationDuration", .number(0.25))])
        #expect(throws: GridError.sortingOff) { try grid.beginDrag(at: point(50, 25)) }
        #expect(GridError.sortingOff.message() == "beginDrag: sorting is off (set the option 'sort' to true)")
        grid.configuration.sort = true
        #expect(throws: GridError.dragState(operation: .dragTo, dragging: false)) { try grid.drag(to: point(1, 1)) }
        #expect(GridError.dragState(operation: .dragTo, dragging: false).message() == "dragTo: no drag is in progress (call beginDrag first)")
        #expect(throws: GridError.dragState(operation: .endDrag, dragging: false)) { try grid.endDrag() }
        #expect(performing: { try grid.beginDrag(at: point(.nan, 0)) }, throws: { ($0 as? GridError)?.message() == "drag point (nan, 0) is invalid (expected finite numbers)" })
        #expect(GridError.invalidPoint(point(.infinity, 0)).message() == "drag point (inf, 0) is invalid (expected finite numbers)")
        #expect(try grid.beginDrag(at: point(105, 25)) == nil)  // between the lanes
        #expect(try grid.beginDrag(at: point(160, 25)) == nil)  // item 1 cannot move
        #expect(try grid.beginDrag(at: point(50, 25)) == path(0, 0))
        #expect(throws: GridError.dragState(operation: .beginDrag, dragging: true)) { try grid.beginDrag(at: point(50, 25)) }
        #expect(GridError.dragState(operation: .beginDrag, dragging: true).message() == "beginDrag: a drag is already in progress (call endDrag first)")
        #expect(throws: GridError.busyDragging(operation: .insert)) { try grid.insertItem(at: path(0, 0)) }
        #expect(GridError.busyDragging(operation: .remove).message() == "remove: not allowed during a drag (call endDrag first)")
        #expect(throws: GridError.invalidPoint(point(0, .infinity))) { try grid.drag(to: point(0, .infinity)) }
        try grid.endDrag()
        #expect(data.log.isEmpty)
    }

    @Test func dataReplacedWithoutAReloadIsAnErrorNotACrash() throws {
        // Found by the C ABI fuzzer: the bulk arrays were replaced, and beginDrag asked them for the
        // size of an item only the layout still had.
        let grid = try laneGrid(ListDataSource([items(6)]), options: options)
        grid.dataSource = ArrayDataSource(sizes: items(1))
        #expect(performing: { try grid.beginDrag(at: point(160, 25)) }, throws: { ($0 as? GridError)?.message() ==
            "data source 'size' failed for item (section 0, item 1): the data has no item 1 in section 0 (it has 1 item)" })
        #expect(grid.drag == nil)
    }

    @Test func aReloadCancelsTheDragAndADragFinishesRunningMutations() throws {
        let data = ListDataSource([items(6)])
        let grid = try laneGrid(data, options: options)
        let recorder = MutationRecorder(observing: grid)
        try grid.removeItem(at: path(0, 5))
        try grid.beginDrag(at: point(50, 25))  // the removal runs to its end first
        #expect(data.log == ["remove 0.5"])
        try grid.drag(to: point(160, 85))
        try grid.reload()
        #expect(grid.drag == nil)
        #expect(data.log == ["remove 0.5"])
        #expect(recorder.events == ["didRemove 0.5", "dragStarted 0.0", "dragEnded 0.0 0.0"])
        #expect(drawn(grid) == ["0 0,0", "1 110,0", "2 0,60", "3 110,60", "4 0,120"])
    }
}
