/// Rebasing queued mutations on what actually happened.
///
/// A queued mutation's index paths mean what they would once every mutation asked for before it
/// had happened. When one of those fails, the data and the layout stay as they were before it, so
/// each later mutation is rewritten to act on the item its caller meant: its paths are taken back
/// through every change they assumed (the failed one included) and forward through the changes
/// that will happen instead. A mutation whose item exists only because of the failed change (an
/// item the failed insert would have added), or that no longer fits the counts, is cancelled with
/// an error naming it.
enum MutationRebase {
    /// `queue` rewritten for `failed` not having happened, checked against `counts` (every
    /// section's item count now); the cancelled mutations' errors in queue order.
    static func rebase(_ queue: [Mutation], after failed: IndexChange, counts: [Int]) -> (queue: [Mutation], cancelled: [GridError]) {
        // The queued paths assume `assumed` happened; `actual` is what will happen instead.
        var assumed: [IndexChange] = [failed]
        var actual: [IndexChange] = []
        var counts = counts
        var kept: [Mutation] = []
        var cancelled: [GridError] = []
        kept.reserveCapacity(queue.count)
        for mutation in queue {
            defer { assumed.append(mutation.change) }
            guard let change = rebase(mutation.change, assumed: assumed, actual: actual) else {
                cancelled.append(.mutationCancelled(mutation.change, reason: .itemNeverExisted(failed: failed)))
                continue
            }
            var rebased = mutation
            rebased.change = change
            do throws(GridError) {
                try Grid.apply(rebased, to: &counts)
            } catch {
                cancelled.append(.mutationCancelled(mutation.change, reason: .outOfRange(failed: failed, rebased: change)))
                continue
            }
            actual.append(change)
            kept.append(rebased)
        }
        return (kept, cancelled)
    }

    /// `change` taken back through `assumed` and forward through `actual`; nil when it names an
    /// item that exists only in the assumed history.
    private static func rebase(_ change: IndexChange, assumed: [IndexChange], actual: [IndexChange]) -> IndexChange? {
        switch change {
        case .insert(let at):
            return position(at, assumed: assumed, actual: actual).map(IndexChange.insert)
        case .remove(let at):
            return item(at, assumed: assumed, actual: actual).map(IndexChange.remove)
        case .move(let from, let to):
            // `to` is a position once the moved item has left: rebase it in those histories.
            guard let newFrom = item(from, assumed: assumed, actual: actual),
                  let newTo = position(to, assumed: assumed + [.remove(from)], actual: actual + [.remove(newFrom)]) else { return nil }
            return .move(from: newFrom, to: newTo)
        case .renumber:
            return change  // never queued: `apply` finishes the queue first
        }
    }

    private static func item(_ path: GridIndexPath, assumed: [IndexChange], actual: [IndexChange]) -> GridIndexPath? {
        guard case .item(let base)? = assumed.before(.item(path)),
              case .item(let now)? = actual.after(.item(base)) else { return nil }
        return now
    }

    /// A position to insert at: just after the item before it (the start stays the start), else
    /// where the item at it goes (the item before may be one that was never inserted).
    private static func position(_ path: GridIndexPath, assumed: [IndexChange], actual: [IndexChange]) -> GridIndexPath? {
        if path.item == 0 { return path }
        if let previous = item(GridIndexPath(section: path.section, item: path.item - 1), assumed: assumed, actual: actual) {
            return GridIndexPath(section: previous.section, item: previous.item + 1)
        }
        return item(path, assumed: assumed, actual: actual)
    }
}
