import GridLayout

/// What every face that drives a grid for a host language shares (the C face's `GridBox`, the Lua
/// face's `ScriptGrid`): the events the engine reports during a call, queued and delivered in
/// order once the call's work is done; view reuse and renumbering; the guard against re-entering
/// the grid from its own data source; and the numbering of index paths inside an event handler.
///
/// A face owns one `GridHost` per grid and says what each event means in its language through a
/// `HostDelivery`. Two faces on one host cannot drift apart in the order of events, in which
/// views are reused or released, or in what a callback may do.
public final class GridHost<View> {
    public let grid = Grid()
    /// Views of loaded items and the reuse pool.
    public var views = ViewRecycler<View>()
    /// What the engine reported during the current call and is not delivered yet, oldest first.
    public var pending: ArraySlice<HostEvent> { queue[head...] }
    /// Every event since the queue was last emptied; those before `head` are delivered. Taken
    /// from the front by moving `head`, so that delivering p events costs O(p), not O(p²).
    fileprivate var queue: [HostEvent] = []
    private var head = 0
    /// Whether `deliver` is running its loop: a nested call queues its events for that loop.
    public private(set) var delivering = false
    /// The operation running a reload or a mutation that asks the data source, or nil: the data
    /// source's callbacks may not reload, reconfigure or mutate the grid meanwhile.
    public private(set) var busy: String?
    private let relay = Relay()

    /// A host of a new, empty grid, observing it.
    ///
    /// - Complexity: O(1).
    public init() {
        relay.host = self
        grid.observer = relay
    }

    /// Throws `reentered` when `call` (the face's name for it) is made from inside one of this
    /// grid's data source callbacks: the one guard every face asks before it reloads,
    /// reconfigures, mutates, scrolls or draws the grid.
    ///
    /// - Complexity: O(1).
    public func requireIdle(_ call: String) throws(GridError) {
        if busy != nil { throw .reentered(call: call) }
    }

    /// Runs `body`, an engine call that may ask the data source, marking the grid busy with
    /// `operation` meanwhile (the events it causes wait in `pending` for `deliver`).
    ///
    /// - Complexity: O(1) besides `body`'s own cost.
    public func asking<T>(_ operation: String, _ body: () throws(GridError) -> T) throws(GridError) -> T {
        let outer = busy
        busy = operation
        defer { busy = outer }
        return try body()
    }

    /// Delivers the pending events in order to `delivery`. A handler's own grid calls queue more,
    /// delivered by this same loop after the one in hand; a nested `deliver` delivers nothing.
    /// Every event is delivered even when a handler fails; the first failure is thrown at the end.
    ///
    /// - Complexity: O(p) to take the p pending events from the front of the queue, plus, per
    ///   loaded-set change, a `ViewRecycler.detach` for each unloaded item and a handler call for each element; per
    ///   renumbering, `ViewRecycler.renumber`, O(V log V) for the V live views; after either, the views released from the
    ///   pool. The handlers' own work comes on top.
    public func deliver<D: HostDelivery>(to delivery: inout D) throws where D.View == View {
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        var failure: (any Error)?
        func attempt(_ body: () throws -> Void) {
            do { try body() } catch { if failure == nil { failure = error } }
        }
        while head < queue.count && !delivery.isClosed {
            let event = queue[head]
            head += 1
            switch event {
            case .page(let page):
                attempt { try delivery.pageChanged(page) }
            case .renumbered(let change):
                views.renumber(change)
                attempt { try delivery.renumbered(change) }
                releaseOverflow(&delivery, attempt)
            case .ended(let event):
                attempt { try delivery.ended(event) }
            case .loaded(let change, let data):
                for id in change.unloaded {
                    switch id {
                    case .item(let path):
                        let view = views.detach(id)
                        attempt { try delivery.unloadedItem(path, view: view) }
                    case .header(let section):
                        attempt { try delivery.unloadedHeader(section) }
                    case .footer(let section):
                        attempt { try delivery.unloadedFooter(section) }
                    case .background(let section):
                        attempt { try delivery.unloadedBackground(section) }
                    case .loader:
                        attempt { try delivery.loaderHidden() }
                    }
                }
                for (k, element) in change.loaded.enumerated() {
                    switch element.id {
                    case .item(let shown):
                        attempt { try delivery.loadedItem(element, data: data?[k] ?? shown) }
                    case .header(let section):
                        attempt { try delivery.loadedHeader(element, section: section) }
                    case .footer(let section):
                        attempt { try delivery.loadedFooter(element, section: section) }
                    case .background(let section):
                        attempt { try delivery.loadedBackground(element, section: section) }
                    case .loader:
                        attempt { try delivery.loaderShown(element) }
                    }
                }
                // After the loads, whose handlers take the views the unloads queued.
                releaseOverflow(&delivery, attempt)
            }
        }
        // Everything is delivered, or nothing more will be.
        queue.removeAll(keepingCapacity: queue.count <= 256)
        head = 0
        if let failure { throw failure }
    }

    /// Hands the views queued beyond the configuration's `maxPooledViews` to the face, oldest first.
    private func releaseOverflow<D: HostDelivery>(_ delivery: inout D, _ attempt: (() throws -> Void) -> Void) where D.View == View {
        views.poolLimit = grid.configuration.maxPooledViews
        var released: [View] = []
        views.trimPool { released.append($0) }
        for view in released { attempt { try delivery.released(view) } }
    }

    /// Inside a handler, index paths are numbered as when the event being delivered happened; the
    /// renumberings still pending happened after it. `id` in the grid's numbering now, or nil
    /// when a later change removes it. (Outside a delivery, `id` itself.)
    ///
    /// - Complexity: O(p), p the pending events; O(1) outside a delivery.
    public func numberedNow(_ id: ElementID) -> ElementID? {
        guard delivering else { return id }
        var id = id
        for case .renumbered(let change) in pending {
            guard let next = change.after(id) else { return nil }
            id = next
        }
        return id
    }

    /// Whether the item is loaded, numbered as `numberedNow` takes it: inside a handler, loaded
    /// when the event being delivered happened (an item that a pending event unloads is).
    ///
    /// - Complexity: O(p + u + log k), p the pending events, u the ids their loaded-set changes unload (searched one by
    ///   one) and k the loaded elements; O(log k) outside a delivery.
    public func isLoadedForCaller(_ id: ElementID) -> Bool {
        guard delivering else { return isLoaded(id) }
        var id = id
        for event in pending {
            switch event {
            case .loaded(let change, _) where change.unloaded.contains(id): return true
            case .renumbered(let change):
                guard let next = change.after(id) else { return true }
                id = next
            default: break
            }
        }
        return isLoaded(id)
    }

    /// Whether the element is in the loaded set (a binary search: the set is in element order).
    ///
    /// - Complexity: O(log k), k the loaded elements.
    public func isLoaded(_ id: ElementID) -> Bool {
        let loaded = grid.loaded
        var low = 0, high = loaded.count
        while low < high {
            let mid = (low + high) >> 1
            if loaded[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < loaded.count && loaded[low].id == id
    }

    /// Forgets every queued event (a grid being destroyed).
    ///
    /// - Complexity: O(p), p the pending events.
    public func dropPending() {
        queue.removeAll()
        head = 0
    }

    /// Hears the engine and queues what it heard (the grid holds its observer weakly).
    private final class Relay: GridObserver {
        weak var host: GridHost?
        func grid(_ grid: Grid, didChangeLoaded change: LoadedChange) {
            // During a drag, the data's index path of each loaded item, taken now: the drag may
            // retarget before the change is delivered. Otherwise the two are the same (nil: no
            // array on every scroll step).
            let data = grid.drag == nil ? nil : change.loaded.map { element -> GridIndexPath? in
                if case .item(let path) = element.id { return grid.dataIndexPath(path) }
                return nil
            }
            host?.queue.append(.loaded(change, data: data))
        }
        func grid(_ grid: Grid, didChangePage page: Int) { host?.queue.append(.page(page)) }
        func grid(_ grid: Grid, didRenumber change: IndexChange) {
            // A drag's retarget renumbers through its origin: a move of an item to itself renumbers nothing.
            if case .move(let from, let to) = change, from == to { return }
            host?.queue.append(.renumbered(change))
        }
        func grid(_ grid: Grid, didInsert path: GridIndexPath) { host?.queue.append(.ended(.inserted(path))) }
        func grid(_ grid: Grid, didRemove path: GridIndexPath) { host?.queue.append(.ended(.removed(path))) }
        func grid(_ grid: Grid, didMove from: GridIndexPath, to: GridIndexPath) {
            host?.queue.append(.ended(.moved(from: from, to: to)))
        }
        func grid(_ grid: Grid, didBeginDrag path: GridIndexPath) { host?.queue.append(.ended(.dragStarted(path))) }
        func grid(_ grid: Grid, didEndDrag from: GridIndexPath, to: GridIndexPath) {
            host?.queue.append(.ended(.dragEnded(from: from, to: to)))
        }
    }
}

/// What the engine reported, as a host queues it.
public enum HostEvent {
    /// Elements left and joined the loaded set, with the data's index path of each loaded item
    /// during a drag (nil otherwise: then they are the shown ones).
    case loaded(LoadedChange, data: [GridIndexPath?]?)
    /// The page changed (from 0).
    case page(Int)
    /// An insert, removal or move (or a drag's retarget) renumbered the items; the views follow.
    case renumbered(IndexChange)
    /// A mutation or a drag ended.
    case ended(MotionEvent)
}

/// A mutation or a drag that ended (index paths from 0).
public enum MotionEvent: Equatable {
    case inserted(GridIndexPath)
    case removed(GridIndexPath)
    case moved(from: GridIndexPath, to: GridIndexPath)
    case dragStarted(GridIndexPath)
    /// From the dragged item's index path in the data to where it was dropped.
    case dragEnded(from: GridIndexPath, to: GridIndexPath)
}

/// What a face does with each event `GridHost.deliver` hands it, in its own language. A method
/// that throws does not stop the delivery: the host delivers the rest and throws the first error.
public protocol HostDelivery<View> {
    associatedtype View
    /// True once the grid is gone (a handler destroyed it): the rest is dropped.
    var isClosed: Bool { get }
    /// An item left the loaded set; its view (nil when it had none) is now in the reuse pool.
    mutating func unloadedItem(_ path: GridIndexPath, view: View?) throws
    mutating func unloadedHeader(_ section: Int) throws
    mutating func loaderHidden() throws
    /// An item joined the loaded set (`data`: its index path in the data): the face may give it a
    /// view (`GridHost.views.attach`).
    mutating func loadedItem(_ element: GridElement, data: GridIndexPath) throws
    mutating func loadedHeader(_ element: GridElement, section: Int) throws
    mutating func loaderShown(_ element: GridElement) throws
    mutating func unloadedFooter(_ section: Int) throws
    mutating func loadedFooter(_ element: GridElement, section: Int) throws
    /// A section's background left or joined the loaded set (`background`): it has no view of its
    /// own from the data source; faces with events report it.
    mutating func unloadedBackground(_ section: Int) throws
    mutating func loadedBackground(_ element: GridElement, section: Int) throws
    mutating func pageChanged(_ page: Int) throws
    /// The views have followed `change` already.
    mutating func renumbered(_ change: IndexChange) throws
    mutating func ended(_ event: MotionEvent) throws
    /// The pool held more than `maxPooledViews`: `view` left it and is the face's to release.
    mutating func released(_ view: View) throws
}
