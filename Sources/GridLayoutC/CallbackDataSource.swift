import GridLayout
import GridLayoutCSupport

/// A data source callback returned a status other than GL_OK; the engine reports it as
/// `GridError.callbackFailed` naming the callback and the index path.
struct CallbackStatus: Error, CustomStringConvertible {
    var function: String
    var status: gl_status
    var description: String { "\(function) returned \(String(cString: gl_status_name(status)))" }
}

/// The `section_count` and `item_count` answers a C data source gave during one C call (GridBox
/// clears them when a call begins, and the adapter when the data changes: `insert_item`,
/// `remove_item`, `move_item`). Nothing else changes the data in the middle of a call, so a
/// different answer to the same question is a lie; and the adapter sizes its `item_sizes` buffer
/// from the answer the engine got, never from a new question.
final class CountAnswers {
    var sections: Int?
    var items: [Int: Int] = [:]

    func reset() {
        sections = nil
        items.removeAll()
    }
}

/// The engine's data source over a `gl_data_source`'s function pointers.
struct CallbackDataSource: GridDataSource {
    let source: gl_data_source
    let answers = CountAnswers()

    @inline(__always)
    private func check(_ status: gl_status, _ function: String) throws {
        if status != GL_OK { throw CallbackStatus(function: function, status: status) }
    }

    private func count(_ value: Int64) -> Int {
        // Counts beyond Int (none on 64-bit) would be rejected by the engine's limits anyway.
        Int(truncatingIfNeeded: value)
    }

    /// `answer` unless it disagrees with `earlier`, an answer to the same question in this call.
    private func consistent(_ answer: Int, _ earlier: Int?, _ callback: DataSourceCallback, _ at: ElementLocation) throws -> Int {
        if let earlier, earlier != answer {
            throw GridError.inconsistent(callback: callback, at: at, value: answer, earlier: .sameCall(earlier))
        }
        return answer
    }

    func numberOfSections() throws -> Int {
        guard let f = source.section_count else { return 1 }
        var n: Int64 = 0
        try check(f(source.context, &n), "section_count")
        answers.sections = try consistent(count(n), answers.sections, .sections, .grid)
        return count(n)
    }

    func numberOfItems(inSection section: Int) throws -> Int {
        var n: Int64 = 0
        try check(source.item_count!(source.context, Int64(section), &n), "item_count")
        answers.items[section] = try consistent(count(n), answers.items[section], .itemCount, .section(section))
        return count(n)
    }

    /// The section's count as answered in this call (asked now only if it was not yet).
    private func itemCount(_ section: Int) throws -> Int {
        if let n = answers.items[section] { return n }
        return try numberOfItems(inSection: section)
    }

    func sizeForItem(at indexPath: GridIndexPath) throws -> Size {
        var size = gl_size()
        if let f = source.item_size {
            try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item), &size), "item_size")
        } else {
            // Only item_sizes is given: the engine asks item by item only for item 0 of a same-size
            // section (and a drag for the item it picks up).
            guard let sizes = try sizesForItems(inSection: indexPath.section), indexPath.item >= 0 && indexPath.item < sizes.count else {
                throw CallbackStatus(function: "item_size", status: GL_ERANGE)
            }
            return sizes[indexPath.item]
        }
        return Size(width: size.w, height: size.h)
    }

    func sizesForItems(inSection section: Int) throws -> [Size]? {
        guard let f = source.item_sizes else { return nil }
        let n = try itemCount(section)
        guard n >= 0 && n <= GridLimits.maxStoredItems else { return nil }  // the engine rejects the count
        let buffer = UnsafeMutableBufferPointer<gl_size>.allocate(capacity: max(n, 1))
        defer { buffer.deallocate() }
        buffer.initialize(repeating: gl_size(w: .nan, h: .nan))
        try check(f(source.context, Int64(section), buffer.baseAddress!, Int64(n)), "item_sizes")
        return (0..<n).map { Size(width: buffer[$0].w, height: buffer[$0].h) }
    }

    func headerSize(inSection section: Int) throws -> Size? {
        guard let f = source.header_size else { return nil }
        var has: Int32 = 0
        var size = gl_size()
        try check(f(source.context, Int64(section), &has, &size), "header_size")
        return has != 0 ? Size(width: size.w, height: size.h) : nil
    }

    func showsLoader() throws -> Bool {
        guard let f = source.show_loader else { return false }
        var show: Int32 = 0
        try check(f(source.context, &show), "show_loader")
        return show != 0
    }

    func itemsHaveSameSize() throws -> Bool {
        guard let f = source.same_size else { return false }
        var same: Int32 = 0
        try check(f(source.context, &same), "same_size")
        return same != 0
    }

    func lanes(inSection section: Int) throws -> Int? {
        guard let f = source.lanes else { return nil }
        var lanes: Int32 = 0
        try check(f(source.context, Int64(section), &lanes), "lanes")
        return lanes == 0 ? nil : Int(lanes)
    }

    func footerSize(inSection section: Int) throws -> Size? {
        guard let f = source.footer_size else { return nil }
        var has: Int32 = 0
        var size = gl_size()
        try check(f(source.context, Int64(section), &has, &size), "footer_size")
        return has != 0 ? Size(width: size.w, height: size.h) : nil
    }

    var providesSpans: Bool { source.span != nil || source.spans != nil }

    /// One item's span: from `span`, or from `spans` for a batch of one when only it is given (a
    /// drag asks item by item).
    func span(at indexPath: GridIndexPath) throws -> ItemSpan? {
        var span: Int64 = 1
        if let f = source.span {
            try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item), &span), "span")
        } else if let f = source.spans {
            try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item), 1, &span), "spans")
        }
        return itemSpan(span)
    }

    /// The bulk `spans` when given; else `span` item by item, a failure naming its item.
    func spansForItems(_ items: Range<Int>, inSection section: Int, into spans: UnsafeMutableBufferPointer<ItemSpan?>) throws {
        if let f = source.spans {
            let buffer = UnsafeMutableBufferPointer<Int64>.allocate(capacity: max(items.count, 1))
            defer { buffer.deallocate() }
            buffer.initialize(repeating: 1)
            try check(f(source.context, Int64(section), Int64(items.lowerBound), Int64(items.count), buffer.baseAddress!), "spans")
            for k in 0..<items.count { spans[k] = itemSpan(buffer[k]) }
            return
        }
        for item in items {
            let path = GridIndexPath(section: section, item: item)
            do {
                spans[item - items.lowerBound] = try span(at: path)
            } catch let error as CallbackStatus {
                throw GridError.callbackFailed(callback: .span, at: .item(path), message: error.description)
            }
        }
    }

    func options(forSection section: Int) throws -> SectionOptions? {
        guard let f = source.section_options else { return nil }
        var o = gl_section_options()
        o.struct_size = MemoryLayout<gl_section_options>.size
        try check(f(source.context, Int64(section), &o), "section_options")
        return try sectionOptions(o, section: section)
    }

    // The data changes here: the counts answered before no longer hold.
    func insertItem(at indexPath: GridIndexPath) throws {
        answers.reset()
        guard let f = source.insert_item else { return }
        try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item)), "insert_item")
    }

    func removeItem(at indexPath: GridIndexPath) throws {
        answers.reset()
        guard let f = source.remove_item else { return }
        try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item)), "remove_item")
    }

    func moveItem(from: GridIndexPath, to: GridIndexPath) throws {
        answers.reset()
        guard let f = source.move_item else { return }
        try check(f(source.context, Int64(from.section), Int64(from.item), Int64(to.section), Int64(to.item)), "move_item")
    }

    func canMoveItem(at indexPath: GridIndexPath) throws -> Bool {
        guard let f = source.can_move else { return true }
        var can: Int32 = 1
        try check(f(source.context, Int64(indexPath.section), Int64(indexPath.item), &can), "can_move")
        return can != 0
    }

    func canMoveItem(fromSection from: Int, toSection to: Int) throws -> Bool {
        guard let f = source.can_move_to_section else { return false }
        var can: Int32 = 0
        try check(f(source.context, Int64(from), Int64(to), &can), "can_move_to_section")
        return can != 0
    }
}
