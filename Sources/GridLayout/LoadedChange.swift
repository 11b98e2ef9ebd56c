/// How the loaded set changed: the elements that left it and those that joined it, each in
/// `visibleElements()` order. An element that stayed (even if it moved) is in neither.
public struct LoadedChange: Sendable {
    public var unloaded: [ElementID]
    public var loaded: [GridElement]

    public var isEmpty: Bool { unloaded.isEmpty && loaded.isEmpty }

    /// The difference between two loaded sets, both in element order: one merge pass.
    init(from old: [GridElement], to new: [GridElement]) {
        unloaded = []
        loaded = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && old[i].id < new[j].id) {
                unloaded.append(old[i].id)
                i += 1
            } else if i == old.count || new[j].id < old[i].id {
                loaded.append(new[j])
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
    }
}

/// Told what a grid's viewport does. Every method has an empty default.
public protocol GridObserver: AnyObject {
    /// The loaded set changed (after a scroll, a reload or a resize).
    func grid(_ grid: Grid, didChangeLoaded change: LoadedChange)
    /// With paging, the page under the offset changed (pages count from 0).
    func grid(_ grid: Grid, didChangePage page: Int)
}

extension GridObserver {
    public func grid(_ grid: Grid, didChangeLoaded change: LoadedChange) {}
    public func grid(_ grid: Grid, didChangePage page: Int) {}
}
