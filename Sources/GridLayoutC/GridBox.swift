import GridHost
import GridLayout
import GridLayoutCSupport

/// One C grid: the engine's grid in its host (events, views, the re-entrancy guard: `GridHost`),
/// its data source and event handler.
/// A grid is used by one thread at a time (the engine is not thread-safe); only the registry,
/// which maps handles to boxes, is shared between threads.
final class GridBox: @unchecked Sendable {
    let host = GridHost<UnsafeMutableRawPointer>()
    var grid: Grid { host.grid }
    let handle: OpaquePointer
    /// The callback data source's struct, to release its context when replaced.
    var callbacks: gl_data_source?
    /// The callback data source's answers in the current call (nil for bulk data).
    var answers: CountAnswers?
    var destroyed = false

    var handler: gl_event_fn?
    var handlerContext: UnsafeMutableRawPointer?

    /// Views dequeued but not attached yet.
    var dequeued: [UnsafeMutableRawPointer] = []

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// True while the engine runs a call that asks the data source.
    var inDataSource: Bool { host.busy != nil }

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
        answers?.reset()  // a new call: the data may have changed since the last
        defer { answers?.reset() }
        let result: T
        do {
            result = try host.asking("a C call", body)
        } catch {
            deliver()
            throw CFailure(error)
        }
        deliver()
        return result
    }

    /// Runs a query: with a lazy layout (`estimatedSize`) it may move the frontier, which asks the
    /// data source, so it runs as a call that does (`withDataSource`).
    func query<T>(_ body: () throws(GridError) -> T) throws(CFailure) -> T {
        if grid.isEstimated { return try withDataSource(body) }
        return try engine(body)
    }

    /// Runs an engine call that only moves the viewport, then delivers its events (a lazy
    /// layout's frontier may move with it: then as a call that asks the data source).
    func moving<T>(_ body: () throws(GridError) -> T) throws(CFailure) -> T {
        if grid.isEstimated { return try withDataSource(body) }
        let result = try engine(body)
        deliver()
        return result
    }

    /// Delivers the queued events to the handler, in order (`GridHost.deliver`).
    func deliver() {
        var delivery = CEvents(box: self)
        try? host.deliver(to: &delivery)  // a C handler cannot fail
        if destroyed { host.dropPending() }
    }

    func numberedNow(_ id: ElementID) -> ElementID? { host.numberedNow(id) }
    func isLoadedForCaller(_ id: ElementID) -> Bool { host.isLoadedForCaller(id) }

    /// Each event as a `gl_event` to the handler.
    struct CEvents: HostDelivery {
        let box: GridBox
        var isClosed: Bool { box.destroyed }

        private func emit(_ event: gl_event) {
            guard let handler = box.handler, !box.destroyed else { return }
            var event = event
            handler(box.handlerContext, box.handle, &event)
        }

        private func emit(_ kind: gl_event_kind, _ fill: (inout gl_event) -> Void = { _ in }) {
            var event = gl_event()
            event.kind = Int32(kind.rawValue)
            fill(&event)
            emit(event)
        }

        func unloadedItem(_ path: GridIndexPath, view: UnsafeMutableRawPointer?) {
            emit(GL_EVENT_UNLOADED) {
                $0.element = cElement(GridElement(id: .item(path), frame: .zero))
                $0.view = view
            }
        }
        func unloadedHeader(_ section: Int) {
            emit(GL_EVENT_UNLOADED) { $0.element = cElement(GridElement(id: .header(section: section), frame: .zero)) }
        }
        func unloadedFooter(_ section: Int) {
            emit(GL_EVENT_UNLOADED) { $0.element = cElement(GridElement(id: .footer(section: section), frame: .zero)) }
        }
        func loadedFooter(_ element: GridElement, section: Int) { emit(GL_EVENT_LOADED) { $0.element = cElement(element) } }
        func unloadedBackground(_ section: Int) {
            emit(GL_EVENT_UNLOADED) { $0.element = cElement(GridElement(id: .background(section: section), frame: .zero)) }
        }
        func loadedBackground(_ element: GridElement, section: Int) { emit(GL_EVENT_LOADED) { $0.element = cElement(element) } }
        func loaderHidden() {
            emit(GL_EVENT_LOADER_HIDDEN) { $0.element = cElement(GridElement(id: .loader, frame: .zero)) }
        }
        func loadedItem(_ element: GridElement, data: GridIndexPath) { emit(GL_EVENT_LOADED) { $0.element = cElement(element) } }
        func loadedHeader(_ element: GridElement, section: Int) { emit(GL_EVENT_LOADED) { $0.element = cElement(element) } }
        func loaderShown(_ element: GridElement) { emit(GL_EVENT_LOADER_SHOWN) { $0.element = cElement(element) } }
        func pageChanged(_ page: Int) { emit(GL_EVENT_PAGE_CHANGED) { $0.page = Int64(page) } }
        func renumbered(_ change: IndexChange) { emit(GL_EVENT_RENUMBERED) { $0.change = cChange(change) } }
        func ended(_ event: MotionEvent) {
            let (kind, change): (gl_event_kind, IndexChange) = switch event {
            case .inserted(let p): (GL_EVENT_INSERTED, .insert(p))
            case .removed(let p): (GL_EVENT_REMOVED, .remove(p))
            case .moved(let from, let to): (GL_EVENT_MOVED, .move(from: from, to: to))
            case .dragStarted(let p): (GL_EVENT_DRAG_STARTED, .move(from: p, to: p))
            case .dragEnded(let from, let to): (GL_EVENT_DRAG_ENDED, .move(from: from, to: to))
            }
            emit(kind) { $0.change = cChange(change) }
        }
        func released(_ view: UnsafeMutableRawPointer) { emit(GL_EVENT_VIEW_RELEASED) { $0.view = view } }
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
    case .footer(let section):
        e.kind = Int32(GL_KIND_FOOTER.rawValue)
        e.section = Int64(section)
        e.item = -1
    case .background(let section):
        e.kind = Int32(GL_KIND_BACKGROUND.rawValue)
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
/// `to` is its own index path); an `apply`'s has no index paths (-1: its diff says them).
func cChange(_ change: IndexChange) -> gl_change {
    let (kind, from, to): (gl_change_kind, GridIndexPath, GridIndexPath) = switch change {
    case .insert(let p): (GL_CHANGE_INSERT, p, p)
    case .remove(let p): (GL_CHANGE_REMOVE, p, p)
    case .move(let from, let to): (GL_CHANGE_MOVE, from, to)
    case .renumber: (GL_CHANGE_APPLY, GridIndexPath(section: -1, item: -1), GridIndexPath(section: -1, item: -1))
    }
    return gl_change(kind: Int32(kind.rawValue), section: Int64(from.section), item: Int64(from.item),
                     to_section: Int64(to.section), to_item: Int64(to.item))
}
