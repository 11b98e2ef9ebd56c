/// Told what a grid's viewport does. Every method has an empty default.
public protocol GridObserver: AnyObject {
    /// The loaded set changed (after a scroll, a reload or a resize).
    func grid(_ grid: Grid, didChangeLoaded change: LoadedChange)
    /// With paging, the page under the offset changed (pages count from 0).
    func grid(_ grid: Grid, didChangePage page: Int)
    /// An insert, removal or move (or a drag's new target) renumbered the items: the loaded
    /// elements now have the ids `change.after` gives (a removed item was unloaded just before).
    func grid(_ grid: Grid, didRenumber change: IndexChange)
    /// An insert finished (its animation ended, or at once when not animated).
    func grid(_ grid: Grid, didInsert path: GridIndexPath)
    /// A removal finished: the item faded out, the data source dropped it, the rest slid.
    func grid(_ grid: Grid, didRemove path: GridIndexPath)
    /// A `moveItem` finished.
    func grid(_ grid: Grid, didMove from: GridIndexPath, to: GridIndexPath)
    /// A drag began on the item at `path`.
    func grid(_ grid: Grid, didBeginDrag path: GridIndexPath)
    /// A drag ended: the item dropped at `to` (equal to `from` when it did not move).
    func grid(_ grid: Grid, didEndDrag from: GridIndexPath, to: GridIndexPath)
}

extension GridObserver {
    public func grid(_ grid: Grid, didChangeLoaded change: LoadedChange) {}
    public func grid(_ grid: Grid, didChangePage page: Int) {}
    public func grid(_ grid: Grid, didRenumber change: IndexChange) {}
    public func grid(_ grid: Grid, didInsert path: GridIndexPath) {}
    public func grid(_ grid: Grid, didRemove path: GridIndexPath) {}
    public func grid(_ grid: Grid, didMove from: GridIndexPath, to: GridIndexPath) {}
    public func grid(_ grid: Grid, didBeginDrag path: GridIndexPath) {}
    public func grid(_ grid: Grid, didEndDrag from: GridIndexPath, to: GridIndexPath) {}
}
