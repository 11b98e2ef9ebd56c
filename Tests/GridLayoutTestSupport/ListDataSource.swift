import GridLayout

/// A data source held in arrays that performs the grid's inserts, removals and moves, and logs
/// every mutating call ("insert 0.2", "remove 0.2", "move 0.1 0.3") in order.
public final class ListDataSource: GridDataSource {
    public var sections: [[Size]]
    public var headers: [Size?]
    public var log: [String] = []
    /// Sizes `insertItem` adds, first first; when empty, `insertItem` adds nothing (the caller put
    /// the item into `sections` before asking for the insert).
    public var incoming: [Size] = []
    /// Whether `removeItem` drops the item (false: a data source that forgets to).
    public var dropsRemoved = true
    /// Items `canMoveItem` refuses, and whether items may change sections.
    public var fixed: Set<GridIndexPath> = []
    public var acrossSections = false

    public init(_ sections: [[Size]], headers: [Size?]? = nil) {
        self.sections = sections
        self.headers = headers ?? Array(repeating: nil, count: sections.count)
    }

    public func numberOfSections() -> Int { sections.count }
    public func numberOfItems(inSection section: Int) -> Int { sections[section].count }
    public func sizeForItem(at path: GridIndexPath) -> Size { sections[path.section][path.item] }
    public func headerSize(inSection section: Int) -> Size? { headers[section] }

    public func insertItem(at path: GridIndexPath) {
        log.append("insert \(path.section).\(path.item)")
        if !incoming.isEmpty { sections[path.section].insert(incoming.removeFirst(), at: path.item) }
    }

    public func removeItem(at path: GridIndexPath) {
        log.append("remove \(path.section).\(path.item)")
        if dropsRemoved { sections[path.section].remove(at: path.item) }
    }

    public func moveItem(from: GridIndexPath, to: GridIndexPath) {
        log.append("move \(from.section).\(from.item) \(to.section).\(to.item)")
        let size = sections[from.section].remove(at: from.item)
        sections[to.section].insert(size, at: to.item)
    }

    public func canMoveItem(at path: GridIndexPath) -> Bool { !fixed.contains(path) }
    public func canMoveItem(fromSection from: Int, toSection to: Int) -> Bool { acrossSections }
}
