import Testing
import GridLayout

/// Every failure has a kind a host can act on without reading its message: real failures of the
/// engine for the common ones, and one value of each remaining case.
@Suite struct ErrorKindTests {
    func failure(_ body: () throws -> Void) -> GridError? {
        do { try body() } catch { return error as? GridError }
        return nil
    }

    func grid(sort: Bool = false) throws -> Grid {
        let grid = Grid()
        grid.dataSource = ArrayDataSource(sizes: Array(repeating: Size(width: 100, height: 100), count: 4))
        try grid.configuration.set("sort", to: .bool(sort))
        try grid.resize(to: Size(width: 210, height: 400))
        try grid.reload()
        return grid
    }

    @Test func theEngineFailuresAHostMeetsFirstHaveTheirKinds() throws {
        var config = GridConfiguration()
        #expect(failure { try config.set("lanes", to: .number(0)) }?.kind == .invalidArgument)
        #expect(failure { try config.set("lanez", to: .number(2)) }?.kind == .invalidArgument)
        let plain = try grid()
        #expect(failure { try plain.scroll(to: Point(x: .nan, y: 0)) }?.kind == .invalidArgument)
        #expect(failure { try plain.step(-1) }?.kind == .invalidArgument)
        #expect(failure { _ = try plain.frame(of: GridIndexPath(section: 0, item: 9)) }?.kind == .outOfRange)
        #expect(failure { _ = try plain.beginDrag(at: Point(x: 10, y: 10)) } == .sortingOff)
        #expect(GridError.sortingOff.kind == .wrongState)
        let sorting = try grid(sort: true)
        #expect(failure { try sorting.endDrag() }?.kind == .wrongState)
        #expect(failure { try Grid().reload() }?.kind == .wrongState)
    }

    @Test func everyOtherCaseHasItsKind() {
        let p = GridIndexPath(section: 0, item: 0), size = Size(width: 1, height: 1)
        let kinds: [(GridError, GridError.Kind)] = [
            (.invalidPoint(Point(x: .nan, y: 0)), .invalidArgument),
            (.invalidMeasure(p, size), .invalidArgument),
            (.sectionOutOfRange(3, sectionCount: 1), .outOfRange),
            (.mutationOutOfRange(operation: .insert, p, itemCount: nil, sectionCount: 0), .outOfRange),
            (.measureOutOfRange(p, size, itemCount: 0, sectionCount: 1), .outOfRange),
            (.busyDragging(operation: .insert), .wrongState),
            (.notAppended(callback: .itemCount, at: .section(0), value: "1", previous: "2"), .wrongState),
            (.measureSameSize(p, size), .wrongState),
            (.mutationCancelled(.insert(p), reason: .itemNeverExisted(failed: .insert(p))), .wrongState),
            (.invalidSize(callback: .itemSize, at: .item(p), size), .dataSource),
            (.invalidCount(callback: .sections, at: .grid, value: -1, allowed: 0...1), .dataSource),
            (.callbackFailed(callback: .itemSize, at: .item(p), message: "boom"), .dataSource),
            (.updateMismatch(operation: .insert, at: p, section: 0, count: 1, expected: 2), .dataSource),
            (.sectionsChanged(operation: .insert, count: 1, expected: 2), .dataSource),
            (.inconsistent(callback: .itemCount, at: .section(0), value: 1, earlier: .sameCall(2)), .dataSource),
            (.invalidSpan(p, value: 0), .dataSource),
            (.invalidSectionOption(section: 0, key: "lanes", value: "0", expected: "1...10000"), .dataSource),
            (.invalidStyle(callback: .style, at: .item(p), field: "fill", value: "'x'", expected: "a colour"), .dataSource),
            (.columnsDoNotFit(columns: 3, spacing: 10, length: 5), .noRoom),
            (.noRoomForRows(length: -1), .noRoom),
            (.noRoomForItems(length: -1, section: 0), .noRoom),
            (.noAspectRatio(p, Size(width: 1, height: 0)), .noRoom),
            (.tooManyStoredItems(section: 0, count: 1 << 40), .limit),
            (.extentTooLarge(at: .grid, end: 1e13), .limit),
            (.tooManyShown(section: 0, items: 1e9, window: 100), .limit),
            (.overBudget(at: .section(0), items: 10, bytes: 100, available: 10, limit: "--max-memory"), .limit),
            (.interrupted("timeout"), .interrupted),
            (.reentered(call: "reload"), .wrongState),
            (.notReloaded(at: .item(p)), .wrongState),
            (.invalidGiven(at: .item(p), what: "size", value: "1xnan", expected: "finite sides >= 0"), .invalidArgument),
        ]
        for (error, kind) in kinds { #expect(error.kind == kind, "\(error)") }
    }

    @Test func severalFailuresTakeTheFirstOnesKind() {
        let several = GridError.combining([.noRoomForRows(length: -1), .sortingOff])
        #expect(several?.kind == .noRoom)
    }
}
