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
    }

    /// Hears the engine and queues what it heard (the grid holds its observer weakly).
    final class Relay: GridObserver {
        weak var box: GridBox?
        func grid(_ grid: Grid, didChangeLoaded change: LoadedChange) { box?.pending.append(.loaded(change)) }
        func grid(_ grid: Grid, didChangePage page: Int) { box?.pending.append(.page(page)) }
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
        callbacks = new
        if let old, let release = old.release { release(old.context) }
    }

    /// Runs an engine call that may ask the data source, then delivers the events it caused.
    func withDataSource<T>(_ body: () throws(GridError) -> T) throws(CFailure) -> T {
        inDataSource = true
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
    return e
}
