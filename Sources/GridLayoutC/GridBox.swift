import GridLayout
import GridLayoutCSupport

/// One C grid: the engine's grid, its data source, event handler and views.
/// A grid is used by one thread at a time (the engine is not thread-safe); only the registry,
/// which maps handles to boxes, is shared between threads.
final class GridBox: @unchecked Sendable {
    let grid = Grid()
    let handle: OpaquePointer
    /// The callback data source's struct, to release its context when replaced.
    var callbacks: gl_data_source?
    /// True while the engine runs a reload that calls the data source.
    var inDataSource = false
    /// The callback data source's answers in the current call (nil for bulk data).
    var answers: CountAnswers?
    var destroyed = false

    var handler: gl_event_fn?
    var handlerContext: UnsafeMutableRawPointer?
    /// Events the engine reported during the current call, delivered when it has done its work.
    var pending: [Pending] = []
    var delivering = false
    let relay = Relay()

    /// Views of loaded items, the reuse queue, and views dequeued but not attached yet.
    var views = ViewRecycler<UnsafeMutableRawPointer>()
    var dequeued: [UnsafeMutableRawPointer] = []

    enum Pending {
        case loaded(LoadedChange)
        case page(Int)
        /// The loaded items were renumbered: the views follow when it is delivered (in order
        /// with the loads and unloads around it, which name items as they were numbered then).
        case renumbered(IndexChange)
        /// An insert, removal or move ended, or a drag began or ended: the event's kind and the
        /// index paths as a change (a drag's start is a move from its item to itself).
        case mutation(gl_event_kind, IndexChange)
    }

    /// Hears the engine and queues what it heard (the grid holds its observer weakly).
    final class Relay: GridObserver {
        weak var box: GridBox?
        func grid(_ grid: Grid, didChangeLoaded change: LoadedChange) { box?.pending.append(.loaded(change)) }
        func grid(_ grid: Grid, didChangePage page: Int) { box?.pending.append(.page(page)) }
        func grid(_ grid: Grid, didRenumber change: IndexChange) {
            // A drag's retarget renumbers through its origin: a move of an item to itself renumbers nothing.
            if case .move(let from, let to) = change, from == to { return }
            box?.pending.append(.renumbered(change))
        }
        func grid(_ grid: Grid, didInsert path: GridIndexPath) { box?.pending.append(.mutation(GL_EVENT_INSERTED, .insert(path))) }
        func grid(_ grid: Grid, didRemove path: GridIndexPath) { box?.pending.append(.mutation(GL_EVENT_REMOVED, .remove(path))) }
        func grid(_ grid: Grid, didMove from: GridIndexPath, to: GridIndexPath) {
            box?.pending.append(.mutation(GL_EVENT_MOVED, .move(from: from, to: to)))
        }
        func grid(_ grid: Grid, didBeginDrag path: GridIndexPath) {
            box?.pending.append(.mutation(GL_EVENT_DRAG_STARTED, .move(from: path, to: path)))
        }
        func grid(_ grid: Grid, didEndDrag from: GridIndexPath, to: GridIndexPath) {
            box?.pending.append(.mutation(GL_EVENT_DRAG_ENDED, .move(from: from, to: to)))
        }
    }

    init(handle: OpaquePointer) {
        self.handle = handle
        relay.box = self
        grid.observer = relay
    }

    /// Replaces the data source, releasing the previous callback context.
    func setDataSource(_ source: (any GridDataSource)?, callbacks new: gl_data_source?) {
        let old = callbacks
        grid.dataSource = source
        answers = (source as? CallbackDataSource)?.answers
        callbacks = new
        if let old, let release = old.release { release(old.context) }
    }

    /// Runs an engine call that may ask the data source, then delivers the events it caused.
    func withDataSource<T>(_ body: () throws(GridError) -> T) throws(CFailure) -> T {
        inDataSource = true
        answers?.reset()  // a new call: the data may have changed since the last
        defer { answers?.reset() }
        let result: T
        do {
            result = try body()
        } catch {
            inDataSource = false
            deliver()
            throw CFailure(error)
        }
        inDataSource = false
        deliver()
        return result
    }

    /// Runs an engine call that only moves the viewport, then delivers its events.
    func moving<T>(_ body: () throws(GridError) -> T) throws(CFailure) -> T {
        let result = try engine(body)
        deliver()
        return result
    }

    /// Delivers the queued events in order; a handler's own scrolling queues more, delivered here
    /// too (a nested call does not deliver: this loop does).
    func deliver() {
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while !pending.isEmpty && !destroyed {
            switch pending.removeFirst() {
            case .page(let page):
                var event = gl_event()
                event.kind = Int32(GL_EVENT_PAGE_CHANGED.rawValue)
                event.page = Int64(page)
                emit(event)
            case .renumbered(let change):
                views.renumber(change)
                var event = gl_event()
                event.kind = Int32(GL_EVENT_RENUMBERED.rawValue)
                event.change = cChange(change)
                emit(event)
            case .mutation(let kind, let change):
                var event = gl_event()
                event.kind = Int32(kind.rawValue)
                event.change = cChange(change)
                emit(event)
            case .loaded(let change):
                for id in change.unloaded {
                    var event = gl_event()
                    event.element = cElement(GridElement(id: id, frame: .zero))
                    switch id {
                    case .item:
                        event.kind = Int32(GL_EVENT_UNLOADED.rawValue)
                        event.view = views.detach(id)
                    case .header:
                        event.kind = Int32(GL_EVENT_UNLOADED.rawValue)
                    case .loader:
                        event.kind = Int32(GL_EVENT_LOADER_HIDDEN.rawValue)
                    }
                    emit(event)
                }
                for element in change.loaded {
                    var event = gl_event()
                    event.element = cElement(element)
                    event.kind = Int32((element.id == .loader ? GL_EVENT_LOADER_SHOWN : GL_EVENT_LOADED).rawValue)
                    emit(event)
                }
            }
        }
        if destroyed { pending.removeAll() }
    }

    private func emit(_ event: gl_event) {
        guard let handler, !destroyed else { return }
        var event = event
        handler(handlerContext, handle, &event)
    }

    /// Inside the event handler, index paths are numbered as when the event being delivered
    /// happened; the renumberings still pending happened after it. `id` in the grid's numbering
    /// now, or nil when a later change removes it. (Outside a delivery, `id` itself.)
    func numberedNow(_ id: ElementID) -> ElementID? {
        guard delivering else { return id }
        var id = id
        for case .renumbered(let change) in pending {
            guard let next = change.after(id) else { return nil }
            id = next
        }
        return id
    }

    /// Whether the item is loaded, numbered as `numberedNow` takes it: inside the event handler,
    /// loaded when the event being delivered happened (an item that a pending event unloads is).
    func isLoadedForCaller(_ id: ElementID) -> Bool {
        guard delivering else { return isLoaded(id) }
        var id = id
        for event in pending {
            switch event {
            case .loaded(let change) where change.unloaded.contains(id): return true
            case .renumbered(let change):
                guard let next = change.after(id) else { return true }
                id = next
            default: break
            }
        }
        return isLoaded(id)
    }

    /// Whether the item is in the loaded set (a binary search: the set is in element order).
    func isLoaded(_ id: ElementID) -> Bool {
        let loaded = grid.loaded
        var low = 0, high = loaded.count
        while low < high {
            let mid = (low + high) >> 1
            if loaded[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < loaded.count && loaded[low].id == id
    }
}

/// The C form of an element.
func cElement(_ element: GridElement) -> gl_element {
    var e = gl_element()
    switch element.id {
    case .item(let path):
        e.kind = Int32(GL_KIND_ITEM.rawValue)
        e.section = Int64(path.section)
        e.item = Int64(path.item)
    case .header(let section):
        e.kind = Int32(GL_KIND_HEADER.rawValue)
        e.section = Int64(section)
        e.item = -1
    case .loader:
        e.kind = Int32(GL_KIND_LOADER.rawValue)
        e.section = -1
        e.item = -1
    }
    e.pinned = element.pinned ? 1 : 0
    e.x = element.frame.x
    e.y = element.frame.y
    e.w = element.frame.width
    e.h = element.frame.height
    e.alpha = element.alpha
    e.scale = element.scale
    e.dragged = element.dragged ? 1 : 0
    return e
}

/// The C form of an insert's, a removal's or a move's renumbering (an insert's or a removal's
/// `to` is its own index path).
func cChange(_ change: IndexChange) -> gl_change {
    let (kind, from, to): (gl_change_kind, GridIndexPath, GridIndexPath) = switch change {
    case .insert(let p): (GL_CHANGE_INSERT, p, p)
    case .remove(let p): (GL_CHANGE_REMOVE, p, p)
    case .move(let from, let to): (GL_CHANGE_MOVE, from, to)
    }
    return gl_change(kind: Int32(kind.rawValue), section: Int64(from.section), item: Int64(from.item),
                     to_section: Int64(to.section), to_item: Int64(to.item))
}
