/// View reuse, as SMGridView does it: only loaded elements have views; a departing element's view
/// goes to a FIFO pool, from which views for newly loaded elements are taken first.
/// `View` is whatever the host draws with (a Lua table, a C pointer, a UIView…).
public struct ViewRecycler<View> {
    /// The views of the loaded elements.
    public private(set) var live: [ElementID: View] = [:]
    private var pool: [View] = []
    private var poolStart = 0
    /// Views made new, and views taken from the pool.
    public private(set) var created = 0
    public private(set) var reused = 0

    public init() {}

    /// Views waiting in the pool.
    public var pooled: Int { pool.count - poolStart }

    /// The oldest queued view, or nil when the pool is empty.
    public mutating func dequeue() -> View? {
        guard poolStart < pool.count else { return nil }
        let view = pool[poolStart]
        poolStart += 1
        if poolStart > 64 && poolStart * 2 > pool.count {
            pool.removeFirst(poolStart)
            poolStart = 0
        }
        return view
    }

    /// Records `view` as the view of the loaded element `id`: `isNew` when it was made for it,
    /// false when it came from `dequeue()` (counted as reused).
    public mutating func attach(_ view: View, to id: ElementID, isNew: Bool) {
        live[id] = view
        if isNew { created += 1 } else { reused += 1 }
    }

    /// Removes the departing element's view from the live ones and queues it; returns it.
    @discardableResult
    public mutating func detach(_ id: ElementID) -> View? {
        guard let view = live.removeValue(forKey: id) else { return nil }
        pool.append(view)
        return view
    }

    /// Forgets every view (live and pooled) and the counts.
    public mutating func removeAll() {
        self = ViewRecycler()
    }
}
