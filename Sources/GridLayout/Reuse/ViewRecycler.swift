/// View reuse, as SMGridView does it: only loaded elements have views; a departing element's view
/// goes to a FIFO pool, from which views for newly loaded elements are taken first.
/// `View` is whatever the host draws with (a Lua table, a C pointer, a UIView…).
///
/// The live views are kept sorted by element, like the grid's loaded set: a scroll step changes a
/// few dozen of them, and a binary search and a short move in one small array cost far less than
/// hashing the element into a dictionary. Its methods are `@inlinable` so that a host's
/// `ViewRecycler<MyView>` is specialized for its view type: unspecialized generic code across the
/// module boundary is several times slower.
///
/// A scroll step detaches elements at one end of the sorted list and attaches elements at the
/// other. So the list has room at its front: the live elements are `ids[start...]` (their views
/// `views[start...]`), and detaching the first or attaching before it moves `start` instead of every
/// element after it (removing at an array's front would shift the whole list on every step). The free slots before `start` hold stale copies of departed elements and
/// views until they are reused or dropped.
public struct ViewRecycler<View> {
    @usableFromInline var ids: [ElementID] = []
    @usableFromInline var views: [View] = []
    /// Where the live elements start in `ids` and `views`.
    @usableFromInline var start = 0
    @usableFromInline var pool: [View] = []
    @usableFromInline var poolStart = 0
    /// Views made new, and views taken from the pool.
    @usableFromInline var createdCount = 0
    @usableFromInline var reusedCount = 0
    /// The most views the pool keeps (`GridConfiguration.maxPooledViews`): `trimPool` and
    /// `recycle` release the oldest queued views beyond it.
    public var poolLimit = GridConfiguration().maxPooledViews
    @inlinable public var created: Int { createdCount }
    @inlinable public var reused: Int { reusedCount }

    /// No views, live or pooled.
    ///
    /// - Complexity: O(1).
    @inlinable public init() {}

    /// How many loaded elements have a view.
    @inlinable public var liveCount: Int { ids.count - start }

    /// Views waiting in the pool.
    @inlinable public var pooled: Int { pool.count - poolStart }

    /// The view of the loaded element `id`, if it has one.
    ///
    /// - Complexity: O(log V), V the live views: a binary search (O(1) for the first).
    @inlinable public func view(for id: ElementID) -> View? {
        let i = position(of: id)
        return i < ids.count && ids[i] == id ? views[i] : nil
    }

    /// The oldest queued view, or nil when the pool is empty.
    ///
    /// - Complexity: amortized O(1): the pool's taken front is dropped once it outgrows the views still queued.
    @inlinable public mutating func dequeue() -> View? {
        guard poolStart < pool.count else { return nil }
        let view = pool[poolStart]
        poolStart += 1
        dropUsedPool()
        return view
    }

    /// Records `view` as the view of the loaded element `id` (replacing any it had): `isNew` when it
    /// was made for it, false when it came from `dequeue()` (counted as reused).
    ///
    /// - Complexity: O(log V) to find its place among the V live views, and O(V) to open a gap there: amortized O(1)
    ///   before the first or after the last, where a scroll step attaches.
    @inlinable public mutating func attach(_ view: View, to id: ElementID, isNew: Bool) {
        let i = position(of: id)
        if i < ids.count && ids[i] == id {
            views[i] = view
        } else if i == ids.count {
            ids.append(id)
            views.append(view)
        } else if i == start {
            if start == 0 {
                // Room at the front, as much as the list holds, so that attaching before the
                // first element stays O(1) on average (the filler is overwritten before use).
                let room = Swift.max(16, ids.count)
                ids.insert(contentsOf: repeatElement(id, count: room), at: 0)
                views.insert(contentsOf: repeatElement(view, count: room), at: 0)
                start = room
            }
            start -= 1
            ids[start] = id
            views[start] = view
        } else {
            ids.insert(id, at: i)
            views.insert(view, at: i)
        }
        if isNew { createdCount += 1 } else { reusedCount += 1 }
    }

    /// A host's usual step for a loaded-set change, in one access to the recycler: every unloaded
    /// element's view is queued, then every loaded element takes the oldest queued view, or a new
    /// one from `make` when none is queued. (A host that calls `detach`, `dequeue` and `attach` on
    /// a recycler held in a class pays Swift's exclusivity check on every call.)
    ///
    /// A scroll step's change is handled in bulk: the departures that are the first live elements
    /// leave in one step and the arrivals after the last live element join in one step, rather
    /// than a `detach` and an `attach` (each a search and a move) per element.
    ///
    /// Then the pool is trimmed to `poolLimit`: `release` gets each view that leaves it.
    ///
    /// - Complexity: O(u + l + r) for u departures that are the first live views, l arrivals after the last and r views
    ///   released, as in a forward scroll step; every other departure costs what `detach` does and every other arrival
    ///   what `dequeue` and `attach` do: O(log V) at the ends of the V live views, O(V) in the middle.
    @inlinable public mutating func recycle(_ change: LoadedChange, make: () -> View, release: (View) -> Void = { _ in }) {
        var leading = 0
        while leading < change.unloaded.count && start + leading < ids.count && ids[start + leading] == change.unloaded[leading] {
            leading += 1
        }
        pool.append(contentsOf: views[start..<start + leading])
        start += leading
        dropFreeFront()
        for id in change.unloaded[leading...] { detach(id) }

        // The arrivals after the last live element (all of them when none is live) start at `after`.
        var after = change.loaded.count
        while after > 0 && (liveCount == 0 || ids[ids.count - 1] < change.loaded[after - 1].id) { after -= 1 }
        for element in change.loaded[..<after] {
            if let view = dequeue() {
                attach(view, to: element.id, isNew: false)
            } else {
                attach(make(), to: element.id, isNew: true)
            }
        }
        let arriving = change.loaded.count - after
        let reused = Swift.min(arriving, pooled)
        ids.append(contentsOf: change.loaded[after...].lazy.map(\.id))
        views.append(contentsOf: pool[poolStart..<poolStart + reused])
        poolStart += reused
        dropUsedPool()
        for _ in reused..<arriving { views.append(make()) }
        reusedCount += reused
        createdCount += arriving - reused
        if pooled > poolLimit { trimPool(release) }
    }

    /// Releases the oldest queued views until at most `poolLimit` are left, handing each to
    /// `release` (the host frees it: it is no longer the recycler's). A host that queues views one
    /// by one (`detach`, `renumber`) calls this once its step is done, so that a step that departs
    /// many elements and loads as many reuses them all first.
    ///
    /// - Complexity: amortized O(r), r the views released.
    @inlinable public mutating func trimPool(_ release: (View) -> Void) {
        while pooled > poolLimit {
            release(pool[poolStart])
            poolStart += 1
        }
        dropUsedPool()
    }

    /// Removes the departing element's view from the live ones and queues it; returns it.
    ///
    /// - Complexity: O(log V) to find it among the V live views (O(1) for the first), and O(V) to close the gap unless it
    ///   is the first or the last.
    @discardableResult
    @inlinable public mutating func detach(_ id: ElementID) -> View? {
        let i = position(of: id)
        guard i < ids.count && ids[i] == id else { return nil }
        let view: View
        if i == start {
            view = views[i]
            start += 1
            dropFreeFront()
        } else {
            ids.remove(at: i)
            view = views.remove(at: i)
        }
        pool.append(view)
        return view
    }

    /// Gives the live views the ids an insert, removal or move gave their elements (a removed
    /// item's view is queued, like a departing one's).
    ///
    /// - Complexity: O(V log V), V the live views: every one is renumbered and the list sorted again.
    @inlinable public mutating func renumber(_ change: IndexChange) {
        var pairs: [(ElementID, View)] = []
        pairs.reserveCapacity(liveCount)
        for (id, view) in zip(ids[start...], views[start...]) {
            if let next = change.after(id) { pairs.append((next, view)) } else { pool.append(view) }
        }
        pairs.sort { $0.0 < $1.0 }
        ids = pairs.map(\.0)
        views = pairs.map(\.1)
        start = 0
    }

    /// Forgets every view (live and pooled) and the counts.
    ///
    /// - Complexity: O(V + P), V the live and P the pooled views, each released.
    @inlinable public mutating func removeAll() {
        self = ViewRecycler()
    }

    /// Drops the free front once it outgrows the list, so that scrolling on and on does not grow
    /// the arrays.
    @inlinable mutating func dropFreeFront() {
        if start > 64 && start > 2 * liveCount {
            ids.removeFirst(start)
            views.removeFirst(start)
            start = 0
        }
    }

    /// Drops the pool's taken views once they outnumber the queued ones.
    @inlinable mutating func dropUsedPool() {
        if poolStart > 64 && poolStart * 2 > pool.count {
            pool.removeFirst(poolStart)
            poolStart = 0
        }
    }

    /// The index of the first live element not before `id`. The ends are tried first: a scroll
    /// step detaches and attaches there, where a binary search would cost the most of the call.
    @inlinable func position(of id: ElementID) -> Int {
        guard start < ids.count, ids[start] < id else { return start }
        guard !(ids[ids.count - 1] < id) else { return ids.count }
        var low = start + 1, high = ids.count - 1
        while low < high {
            let mid = (low + high) >> 1
            if ids[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
