import GridLayout
import GridLayoutCSupport

// The C ABI of inserts, removals, moves, the animation clock and drag reordering
// (bindings/c/gridlayout.h, "mutations and animation"). Every call that may run the data source
// runs under `withDataSource` (GL_EBUSY from inside a callback; events delivered afterwards).

/// A 0/1 argument.
private func boolean(_ value: Int32, _ name: String) throws(CFailure) -> Bool {
    guard value == 0 || value == 1 else { throw CFailure(GL_EINVAL, "\(name): \(value) is invalid (expected 0 or 1)") }
    return value == 1
}

private func indexPath(_ section: Int64, _ item: Int64) -> GridIndexPath {
    GridIndexPath(section: Int(section), item: Int(item))
}

/// Runs an engine call that may ask the data source, on a grid not inside one of its callbacks.
private func mutating(_ handle: OpaquePointer?, _ what: String, _ body: (Grid) throws(GridError) -> Void) throws(CFailure) {
    let box = try lookup(handle)
    try requireIdle(box, what)
    try box.withDataSource { () throws(GridError) in try body(box.grid) }
}

@_cdecl("gl_grid_insert")
public func gl_grid_insert(_ handle: OpaquePointer?, _ section: Int64, _ item: Int64, _ animated: Int32, _ scroll: Int32) -> gl_status {
    cCall { () throws(CFailure) in
        let animated = try boolean(animated, "animated"), scroll = try boolean(scroll, "scroll")
        try mutating(handle, "gl_grid_insert") { grid throws(GridError) in
            try grid.insertItem(at: indexPath(section, item), animated: animated, scroll: scroll)
        }
    }
}

@_cdecl("gl_grid_remove")
public func gl_grid_remove(_ handle: OpaquePointer?, _ section: Int64, _ item: Int64, _ animated: Int32) -> gl_status {
    cCall { () throws(CFailure) in
        let animated = try boolean(animated, "animated")
        try mutating(handle, "gl_grid_remove") { grid throws(GridError) in
            try grid.removeItem(at: indexPath(section, item), animated: animated)
        }
    }
}

@_cdecl("gl_grid_move")
public func gl_grid_move(_ handle: OpaquePointer?, _ fromSection: Int64, _ fromItem: Int64, _ toSection: Int64, _ toItem: Int64,
                         _ animated: Int32) -> gl_status {
    cCall { () throws(CFailure) in
        let animated = try boolean(animated, "animated")
        try mutating(handle, "gl_grid_move") { grid throws(GridError) in
            try grid.moveItem(from: indexPath(fromSection, fromItem), to: indexPath(toSection, toItem), animated: animated)
        }
    }
}

@_cdecl("gl_grid_step")
public func gl_grid_step(_ handle: OpaquePointer?, _ dt: Double) -> gl_status {
    cCall { () throws(CFailure) in
        try mutating(handle, "gl_grid_step") { grid throws(GridError) in try grid.step(dt) }
    }
}

@_cdecl("gl_grid_is_animating")
public func gl_grid_is_animating(_ handle: OpaquePointer?, _ animating: UnsafeMutablePointer<Int32>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try output(animating, "animating").pointee = box.grid.isAnimating ? 1 : 0
    }
}

// MARK: - Drag

@_cdecl("gl_grid_begin_drag")
public func gl_grid_begin_drag(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ found: UnsafeMutablePointer<Int32>?,
                               _ section: UnsafeMutablePointer<Int64>?, _ item: UnsafeMutablePointer<Int64>?) -> gl_status {
    cCall { () throws(CFailure) in
        let found = try output(found, "found")
        let section = try output(section, "section")
        let item = try output(item, "item")
        var picked: GridIndexPath?
        try mutating(handle, "gl_grid_begin_drag") { grid throws(GridError) in picked = try grid.beginDrag(at: Point(x: x, y: y)) }
        found.pointee = picked == nil ? 0 : 1
        if let picked {
            section.pointee = Int64(picked.section)
            item.pointee = Int64(picked.item)
        }
    }
}

@_cdecl("gl_grid_drag_to")
public func gl_grid_drag_to(_ handle: OpaquePointer?, _ x: Double, _ y: Double) -> gl_status {
    cCall { () throws(CFailure) in
        try mutating(handle, "gl_grid_drag_to") { grid throws(GridError) in try grid.drag(to: Point(x: x, y: y)) }
    }
}

@_cdecl("gl_grid_end_drag")
public func gl_grid_end_drag(_ handle: OpaquePointer?) -> gl_status {
    cCall { () throws(CFailure) in
        try mutating(handle, "gl_grid_end_drag") { grid throws(GridError) in try grid.endDrag() }
    }
}

@_cdecl("gl_grid_drag_state")
public func gl_grid_drag_state(_ handle: OpaquePointer?, _ dragging: UnsafeMutablePointer<Int32>?,
                               _ fromSection: UnsafeMutablePointer<Int64>?, _ fromItem: UnsafeMutablePointer<Int64>?,
                               _ toSection: UnsafeMutablePointer<Int64>?, _ toItem: UnsafeMutablePointer<Int64>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let outputs = (try output(dragging, "dragging"), try output(fromSection, "from_section"), try output(fromItem, "from_item"),
                       try output(toSection, "to_section"), try output(toItem, "to_item"))
        guard let drag = box.grid.drag else {
            outputs.0.pointee = 0
            return
        }
        outputs.0.pointee = 1
        outputs.1.pointee = Int64(drag.from.section)
        outputs.2.pointee = Int64(drag.from.item)
        outputs.3.pointee = Int64(drag.to.section)
        outputs.4.pointee = Int64(drag.to.item)
    }
}

@_cdecl("gl_grid_data_index_path")
public func gl_grid_data_index_path(_ handle: OpaquePointer?, _ section: Int64, _ item: Int64,
                                    _ dataSection: UnsafeMutablePointer<Int64>?, _ dataItem: UnsafeMutablePointer<Int64>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let dataSection = try output(dataSection, "data_section")
        let dataItem = try output(dataItem, "data_item")
        guard case .item(let shown)? = box.numberedNow(.item(indexPath(section, item))) else {
            throw CFailure(GL_ERANGE, "item (section \(section), item \(item)) is removed by a later event")
        }
        _ = try engine { () throws(GridError) in try box.grid.frame(of: shown) }  // GL_ERANGE for no such item
        let path = box.grid.dataIndexPath(shown)
        dataSection.pointee = Int64(path.section)
        dataItem.pointee = Int64(path.item)
    }
}

// MARK: - Snapshots

@_cdecl("gl_grid_apply")
public func gl_grid_apply(_ handle: OpaquePointer?, _ sections: UnsafePointer<gl_ids>?, _ sectionCount: Int, _ animated: Int32,
                          _ diff: UnsafeMutablePointer<gl_diff>?) -> gl_status {
    cCall { () throws(CFailure) in
        let animated = try boolean(animated, "animated")
        guard sectionCount >= 0 else {
            throw CFailure(GL_EINVAL, "section_count: \(UInt(bitPattern: sectionCount)) is invalid (expected at most \(Int.max))")
        }
        guard sectionCount == 0 || sections != nil else { throw CFailure(GL_EINVAL, "sections is NULL") }
        var counts: [Int] = []
        counts.reserveCapacity(sectionCount)
        var total = 0
        for s in 0..<sectionCount {
            let section = sections![s]
            let count = section.count
            guard count >= 0 && count <= Int.max - total else {
                throw CFailure(GL_EINVAL, "sections[\(s)].count: \(UInt(bitPattern: count)) is invalid (expected at most \(Int.max - total))")
            }
            guard count == 0 || section.ids != nil else { throw CFailure(GL_EINVAL, "sections[\(s)].ids is NULL") }
            counts.append(count)
            total += count
        }
        // One array of every id, section after section: what the engine keeps.
        let ids = [Int64](unsafeUninitializedCapacity: total) { buffer, initialized in
            for s in 0..<sectionCount where counts[s] > 0 {
                (buffer.baseAddress! + initialized).initialize(from: sections![s].ids!, count: counts[s])
                initialized += counts[s]
            }
        }
        if let diff {
            let d = diff.pointee
            for (missing, size, name) in [(d.removed == nil, d.removed_size, "removed"), (d.inserted == nil, d.inserted_size, "inserted"),
                                          (d.moved == nil, d.moved_size, "moved")] where size != 0 && (missing || size < 0) {
                throw CFailure(GL_EINVAL, missing ? "diff.\(name) is NULL with diff.\(name)_size \(UInt(bitPattern: size))"
                                                  : "diff.\(name)_size: \(UInt(bitPattern: size)) is invalid (expected at most \(Int.max))")
            }
        }
        var result = SnapshotDiff()
        try mutating(handle, "gl_grid_apply") { grid throws(GridError) in result = try grid.apply(ids: ids, counts: counts, animated: animated) }
        guard let diff else { return }
        func cPath(_ p: GridIndexPath) -> gl_index_path { gl_index_path(section: Int64(p.section), item: Int64(p.item)) }
        func write(_ paths: [GridIndexPath], _ buffer: UnsafeMutablePointer<gl_index_path>?, _ size: Int) {
            for (k, p) in paths.prefix(size).enumerated() { buffer![k] = cPath(p) }
        }
        write(result.removed, diff.pointee.removed, diff.pointee.removed_size)
        diff.pointee.removed_count = result.removed.count
        write(result.inserted, diff.pointee.inserted, diff.pointee.inserted_size)
        diff.pointee.inserted_count = result.inserted.count
        for (k, move) in result.moved.prefix(diff.pointee.moved_size).enumerated() {
            diff.pointee.moved![k] = gl_move(from: cPath(move.from), to: cPath(move.to))
        }
        diff.pointee.moved_count = result.moved.count
    }
}
