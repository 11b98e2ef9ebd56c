/// How the loaded set changed: the elements that left it and those that joined it, each in
/// `visibleElements()` order. An element that stayed (even if it moved) is in neither.
public struct LoadedChange: Sendable {
    public var unloaded: [ElementID]
    public var loaded: [GridElement]

    public var isEmpty: Bool { unloaded.isEmpty && loaded.isEmpty }

    init(unloaded: [ElementID], loaded: [GridElement]) {
        self.unloaded = unloaded
        self.loaded = loaded
    }

    /// The difference between two loaded sets, both in element order.
    init(from old: [GridElement], to new: [GridElement]) {
        self.init(unloaded: [], loaded: [])
        setDifference(from: old, to: new)
    }

    /// Makes this the difference between two loaded sets, both in element order: one merge pass
    /// over the arrays' buffers (indexing the arrays copied each element to read its id). The
    /// arrays keep their capacity, so that a grid that reuses one change allocates nothing per step.
    mutating func setDifference(from old: [GridElement], to new: [GridElement]) {
        unloaded.removeAll(keepingCapacity: true)
        loaded.removeAll(keepingCapacity: true)
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                var i = 0, j = 0
                // The old elements before the new first cannot be new (both lists are sorted), and
                // they are what a scroll step unloads at the leading edge: found by binary search
                // rather than compared one by one.
                if let first = new.first?.id.order {
                    var high = old.count
                    while i < high {
                        let mid = (i + high) >> 1
                        if old[mid].id.order < first { i = mid + 1 } else { high = mid }
                    }
                    for k in 0..<i { unloaded.append(old[k].id) }
                }
                while i < old.count && j < new.count {
                    let a = old[i].id.order, b = new[j].id.order
                    if a == b {
                        i += 1
                        j += 1
                    } else if a < b {
                        unloaded.append(old[i].id)
                        i += 1
                    } else {
                        loaded.append(new[j])
                        j += 1
                    }
                }
                for k in i..<old.count { unloaded.append(old[k].id) }
                loaded.append(contentsOf: new[j...])
            }
        }
    }
}
