/// How an insert, a removal, a move or an `apply` renumbers the items: it maps an index path from before the
/// change to after it (`after`), and back (`before`). Headers and the loader keep their ids.
public enum IndexChange: Hashable, Sendable, CustomStringConvertible {
    /// An item was inserted at this path: the later items of its section move up by one.
    case insert(GridIndexPath)
    /// The item at this path was removed: the later items of its section move down by one.
    case remove(GridIndexPath)
    /// The item at `from` now is at `to` (in its own or another section): a removal, then an insertion.
    case move(from: GridIndexPath, to: GridIndexPath)
    /// `Grid.apply` removed, inserted and moved items at once: every item's new index path is the
    /// renumbering's (and its sections may have changed in number).
    case renumber(Renumbering)

    /// Where the item at `path` before the change is after it; nil for a removed item.
    ///
    /// - Complexity: O(1).
    public func after(_ path: GridIndexPath) -> GridIndexPath? {
        switch self {
        case .insert(let at):
            return path.section == at.section && path.item >= at.item ? GridIndexPath(section: path.section, item: path.item + 1) : path
        case .remove(let at):
            if path == at { return nil }
            return path.section == at.section && path.item > at.item ? GridIndexPath(section: path.section, item: path.item - 1) : path
        case .move(let from, let to):
            if path == from { return to }
            return IndexChange.insert(to).after(IndexChange.remove(from).after(path)!)
        case .renumber(let renumbering):
            return renumbering.after(path)
        }
    }

    /// Where the item at `path` after the change was before it; nil for an inserted item.
    ///
    /// - Complexity: O(1).
    public func before(_ path: GridIndexPath) -> GridIndexPath? {
        switch self {
        case .insert(let at): return IndexChange.remove(at).after(path)
        case .remove(let at): return IndexChange.insert(at).after(path)
        case .move(let from, let to): return IndexChange.move(from: to, to: from).after(path)
        case .renumber(let renumbering): return renumbering.before(path)
        }
    }

    /// `after(_:)` for any element.
    ///
    /// - Complexity: O(1).
    public func after(_ id: ElementID) -> ElementID? {
        guard case .item(let path) = id else { return id }
        return after(path).map(ElementID.item)
    }

    /// `before(_:)` for any element.
    ///
    /// - Complexity: O(1).
    public func before(_ id: ElementID) -> ElementID? {
        guard case .item(let path) = id else { return id }
        return before(path).map(ElementID.item)
    }

    /// The data source callback that makes it in the data. An `apply` makes nothing (the data has
    /// it already): its callback is the one whose answers it checks, `itemCount`.
    var callback: DataSourceCallback {
        switch self {
        case .insert: return .insertItem
        case .remove: return .removeItem
        case .move: return .moveItem
        case .renumber: return .itemCount
        }
    }

    /// The operation that makes it.
    public var operation: GridOperation {
        switch self {
        case .insert: return .insert
        case .remove: return .remove
        case .move: return .move
        case .renumber: return .apply
        }
    }

    /// The inserted or removed item, or the moved item where it was (an `apply`'s first item).
    var path: GridIndexPath {
        switch self {
        case .insert(let p), .remove(let p), .move(let p, _): return p
        case .renumber: return GridIndexPath(section: 0, item: 0)
        }
    }

    /// The sections whose items it changes, ascending.
    var sections: [Int] {
        switch self {
        case .insert(let p), .remove(let p): return [p.section]
        case .move(let from, let to): return from.section == to.section ? [from.section] : [from.section, to.section].sorted()
        case .renumber(let renumbering): return Array(0..<renumbering.newSectionCount)
        }
    }

    /// Changes every section's item count (`counts`) as it does.
    func adjust(_ counts: inout [Int]) {
        switch self {
        case .insert(let p): counts[p.section] += 1
        case .remove(let p): counts[p.section] -= 1
        case .move(let from, let to):
            counts[from.section] -= 1
            counts[to.section] += 1
        case .renumber(let renumbering): counts = renumbering.newCounts
        }
    }

    /// "remove item (section 1, item 4)" in a face's words.
    public func describe(_ words: ErrorVocabulary) -> String {
        switch self {
        case .insert(let p), .remove(let p):
            return "\(words.operation(operation)) \(ElementLocation.item(p).describe(base: words.base))"
        case .move(let from, let to):
            return "\(words.operation(.move)) \(ElementLocation.item(from).describe(base: words.base)) to \(ElementLocation.item(to).describe(base: words.base))"
        case .renumber(let renumbering):
            let diff = renumbering.diff
            return "\(words.operation(.apply)) (\(diff.removed.count) removed, \(diff.inserted.count) inserted, \(diff.moved.count) moved)"
        }
    }

    public var description: String {
        switch self {
        case .insert(let p): return "insert \(p.section).\(p.item)"
        case .remove(let p): return "remove \(p.section).\(p.item)"
        case .move(let from, let to): return "move \(from.section).\(from.item) to \(to.section).\(to.item)"
        case .renumber(let renumbering): return renumbering.description
        }
    }
}

extension Array where Element == IndexChange {
    /// Applies the changes in order.
    func after(_ id: ElementID) -> ElementID? {
        var id = id
        for change in self {
            guard let next = change.after(id) else { return nil }
            id = next
        }
        return id
    }

    /// Undoes the changes, last first.
    func before(_ id: ElementID) -> ElementID? {
        var id = id
        for change in reversed() {
            guard let previous = change.before(id) else { return nil }
            id = previous
        }
        return id
    }
}
