import Testing
@testable import GridLayout
import GridLayoutTestSupport

private func path(_ section: Int, _ item: Int) -> GridIndexPath { GridIndexPath(section: section, item: item) }

/// Fault 7 of the reliability pass: a queued mutation acts on the item its caller meant when one
/// before it fails, or is cancelled with an error naming it; no failure is swallowed.
@Suite struct QueuedMutationRebaseTests {
    /// A ListDataSource whose `removeItem` fails for the items in `refused` (by their size's height).
    final class Refusing: GridDataSource {
        let list: ListDataSource
        var refused: Set<Double>
        init(_ list: ListDataSource, refusing refused: Set<Double>) { self.list = list; self.refused = refused }
        struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }
        func numberOfSections() -> Int { list.numberOfSections() }
        func numberOfItems(inSection section: Int) -> Int { list.numberOfItems(inSection: section) }
        func sizeForItem(at path: GridIndexPath) -> Size { list.sizeForItem(at: path) }
        func headerSize(inSection section: Int) -> Size? { nil }
        func insertItem(at path: GridIndexPath) throws {
            if refused.contains(-1) { throw Refused() }
            list.insertItem(at: path)
        }
        func removeItem(at path: GridIndexPath) throws {
            if refused.contains(list.sections[path.section][path.item].height) { throw Refused() }
            list.removeItem(at: path)
        }
        func moveItem(from: GridIndexPath, to: GridIndexPath) { list.moveItem(from: from, to: to) }
    }

    /// Items "a"…"f" as heights 1…6.
    func letters() -> ListDataSource { ListDataSource([(1...6).map { size(100, Double($0)) }]) }
    func heights(_ data: ListDataSource) -> [Double] { data.sections[0].map(\.height) }

    @Test func aFailedRemovalLeavesTheNextRemovalOnTheItemMeant() throws {
        let data = letters()
        let source = Refusing(data, refusing: [1])            // "a" cannot be removed
        let grid = Grid(configuration: try configuration([("width", .number(210)), ("height", .number(200))]), dataSource: source)
        try grid.reload()
        try grid.removeItem(at: path(0, 0))                  // "a"
        try grid.removeItem(at: path(0, 3))                  // "e", once "a" is gone
        let failed = GridError.callbackFailed(callback: .removeItem, at: .item(path(0, 0)), message: "refused")
        #expect(throws: failed) { try grid.step(10) }
        #expect(heights(data) == [1, 2, 3, 4, 6])            // "e" went, "d" stayed
        #expect(grid.layout.itemCounts == [5])
        #expect(!grid.isAnimating)
    }

    @Test func unanimatedQueuedMutationsAreRebasedToo() throws {
        let data = letters()
        let source = Refusing(data, refusing: [2])            // "b" cannot be removed
        let grid = Grid(configuration: try configuration([("width", .number(210)), ("height", .number(200))]), dataSource: source)
        try grid.reload()
        try grid.moveItem(from: path(0, 5), to: path(0, 0))  // f a b c d e, animated: the rest queue
        try grid.removeItem(at: path(0, 2), animated: false) // "b": fails
        try grid.moveItem(from: path(0, 3), to: path(0, 4), animated: false)  // "d" (f a c d e) to the end
        #expect(throws: GridError.callbackFailed(callback: .removeItem, at: .item(path(0, 2)), message: "refused")) { try grid.step(1) }
        #expect(heights(data) == [6, 1, 2, 3, 5, 4])         // "d" went after "e", "b" stayed
        #expect(data.log == ["move 0.5 0.0", "move 0.4 0.5"])
    }

    @Test func aMutationOnAnItemThatWasNeverInsertedIsCancelledAndNamed() throws {
        let data = letters()
        let source = Refusing(data, refusing: [-1])           // every insert fails
        let grid = Grid(configuration: try configuration([("width", .number(210)), ("height", .number(200))]), dataSource: source)
        try grid.reload()
        try grid.removeItem(at: path(0, 5))                  // "f", animated: the rest queue
        try grid.insertItem(at: path(0, 2))                  // fails when it starts
        try grid.removeItem(at: path(0, 2))                  // the new item: cannot exist
        try grid.removeItem(at: path(0, 3))                  // "d" (a b c d e once the new one is gone)
        let insertFailed = GridError.callbackFailed(callback: .insertItem, at: .item(path(0, 2)), message: "refused")
        let cancelled = GridError.mutationCancelled(.remove(path(0, 2)), reason: .itemNeverExisted(failed: .insert(path(0, 2))))
        do {
            try grid.step(10)
            Issue.record("expected an error")
        } catch {
            #expect(error == .several([insertFailed, cancelled]))
            #expect(error.message(base: 1) == "2 errors: data source 'insert' failed for item (section 1, item 3): refused; remove item (section 1, item 3): cancelled: it names an item that exists only if the earlier insert item (section 1, item 3) had succeeded")
        }
        #expect(!grid.isAnimating)
        #expect(heights(data) == [1, 2, 3, 5])               // "f" and "d" went
    }

    @Test func rebasingIsExactForEveryKindOfFailure() {
        let counts = [6, 3]
        let queue = [Mutation(change: .remove(path(0, 3)), animated: true, scroll: false),
                     Mutation(change: .insert(path(0, 0)), animated: true, scroll: false),
                     Mutation(change: .move(from: path(0, 4), to: path(1, 0)), animated: true, scroll: false)]
        // A failed removal of item 1: the queued paths past it move up by one.
        let (afterRemove, none) = MutationRebase.rebase(queue, after: .remove(path(0, 1)), counts: counts)
        #expect(none.isEmpty)
        #expect(afterRemove.map(\.change) == [.remove(path(0, 4)), .insert(path(0, 0)), .move(from: path(0, 5), to: path(1, 0))])
        // A failed move of item 0 to the other section: item 0 is still in section 0.
        let (afterMove, _) = MutationRebase.rebase(queue, after: .move(from: path(0, 0), to: path(1, 3)), counts: counts)
        #expect(afterMove.map(\.change) == [.remove(path(0, 4)), .insert(path(0, 0)), .move(from: path(0, 5), to: path(1, 0))])
        // Out of range once rebased: cancelled, named as asked and as it would have become.
        // (a queue planned on counts the layout no longer has)
        let (kept, cancelled) = MutationRebase.rebase([Mutation(change: .remove(path(0, 9)), animated: true, scroll: false)],
                                                      after: .insert(path(0, 0)), counts: [4])
        #expect(kept.isEmpty)
        #expect(cancelled == [.mutationCancelled(.remove(path(0, 9)), reason: .outOfRange(failed: .insert(path(0, 0)), rebased: .remove(path(0, 8))))])
        // A failed insert: a queued insert at its place goes there, one after it moves down.
        let inserts = [Mutation(change: .insert(path(0, 2)), animated: true, scroll: false),
                       Mutation(change: .insert(path(0, 5)), animated: true, scroll: false)]
        #expect(MutationRebase.rebase(inserts, after: .insert(path(0, 2)), counts: [6]).queue.map(\.change) == [.insert(path(0, 2)), .insert(path(0, 4))])
    }

    @Test func severalErrorsAreFlatAndBounded() {
        let one = GridError.noDataSource
        #expect(GridError.combining([]) == nil)
        #expect(GridError.combining([one]) == one)
        #expect(GridError.combining([.several([one, one]), one]) == .several([one, one, one]))
        let many = GridError.several(Array(repeating: one, count: 20))
        #expect(many.message() == "20 errors: " + Array(repeating: "no data source is set", count: 8).joined(separator: "; ") + "; and 12 more")
    }
}
