#if canImport(Glibc)
import Glibc
#endif
import GridLayoutC
import GridLayoutCSupport

/// The C ABI target: random sequences of `gl_` calls, as a careless C client makes them — on two
/// grids, a destroyed handle, NULL and a made-up one; with NULL out-parameters, NaN and huge
/// numbers, bulk sections and a callback data source whose callbacks fail, return bad values,
/// call back into the grid or lie (answers that change from call to call: `CFuzzSource.liar`); an event handler that attaches views and scrolls. Every call must
/// return a status in GL_OK...GL_ESTATE, with a message in `gl_last_error()` exactly when it
/// fails; nothing may crash or leak (the plain build runs under valgrind in `make sanitize`).
/// Then the pictures (`gl_grid_draw`, `gl_grid_svg`, with a style callback that misbehaves as
/// the others do) of whatever state the calls left; then, with plain sections, a reload must work and `gl_grid_visible` must equal
/// `gl_grid_elements_in` over the viewport.
func runCFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    guard let data, size > 0 else { return }
    var r = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))
    var grids: [OpaquePointer?] = [nil, nil]
    for k in 0..<2 {
        var config = gl_config()
        check(gl_config_defaults(&config, MemoryLayout<gl_config>.size), "gl_config_defaults")
        config.lanes = Int32(r.u8() % 4) + 1
        config.paging = Int32(r.u8() % 2)
        config.sort = 1
        config.animation_duration = Double(r.u8() % 3) / 8
        // The same byte's second bit: optimal justified rows.
        let sticky = r.u8()
        config.sticky_headers = Int32(sticky % 2)
        config.rows = Int32(sticky >> 1 & 1)
        // The regimes of sizes learnt late and of snapping: estimates from 1e-300 to 1e300, every
        // scale across its range and past it.
        let regime = r.u8()
        if regime & 1 != 0 {
            let e = [1e-300, 1e-9, 1, 40, 1e300, .leastNonzeroMagnitude][Int(regime >> 1) % 6]
            config.estimated_size = gl_size(w: 40, h: e)
        }
        if regime & 16 != 0 { config.scale = [1e300, 1e-300, 1024, 1.0 / 1024, 1025, .leastNonzeroMagnitude, 2][Int(regime >> 5) % 7] }
        var grid: OpaquePointer?
        check(gl_grid_create(&config, &grid), "gl_grid_create")
        grids[k] = grid
    }
    var stale: OpaquePointer?
    check(gl_grid_create(nil, &stale), "gl_grid_create(NULL config)")
    check(gl_grid_destroy(stale), "gl_grid_destroy")
    let source = CFuzzSource(&r)
    // A lying data source answers from the input's last 32 bytes, read round and round (they
    // are read again by the calls, which is fine: a lie need not be independent of them).
    source.lies = Array(UnsafeBufferPointer(start: data + max(0, size - 32), count: min(size, 32)))
    defer {
        for grid in grids { check(gl_grid_destroy(grid), "gl_grid_destroy") }
    }
    func handle() -> OpaquePointer? {
        switch r.u8() % 10 {
        case 0: return nil
        case 1: return stale
        case 2: return OpaquePointer(bitPattern: 0x1234)
        default: return grids[Int(r.u8() % 2)]
        }
    }
    func index() -> Int64 { [0, 1, 2, 3, -1, 5, 40, Int64.max, Int64.min][Int(r.u8() % 9)] }
    // Out-parameters, passed or replaced by NULL as the input says.
    let element = UnsafeMutablePointer<gl_element>.allocate(capacity: 8)
    let count = UnsafeMutablePointer<Int>.allocate(capacity: 1), found = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    let s = UnsafeMutablePointer<Int64>.allocate(capacity: 1), i = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    let rect = UnsafeMutablePointer<gl_rect>.allocate(capacity: 1), point = UnsafeMutablePointer<gl_point>.allocate(capacity: 1)
    let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1), view = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
    defer {
        element.deallocate(); count.deallocate(); found.deallocate(); s.deallocate(); i.deallocate()
        rect.deallocate(); point.deallocate(); flag.deallocate(); view.deallocate()
    }
    for _ in 0..<Int(r.u8() % 40) where !r.atEnd {
        let g = handle()
        let nullOut = r.u8() % 8 == 0  // pass NULL for one out-parameter
        func out<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T>? { nullOut ? nil : p }
        defer { for grid in grids { checkFinite(grid) } }
        switch r.u8() % 38 {
        case 0: check(gl_grid_reload(g), "gl_grid_reload")
        case 1: check(gl_grid_reload_new(g), "gl_grid_reload_new")
        case 2: check(gl_grid_reload_section(g, index()), "gl_grid_reload_section")
        case 3: check(gl_grid_set_sections(g, source.sections, source.sectionCount, Int32(r.u8() % 4)), "gl_grid_set_sections")
        case 4: check(gl_grid_set_data_source(g, r.bool() ? nil : source.pointer(for: g)), "gl_grid_set_data_source")
        case 5: check(gl_grid_scroll_to(g, r.number(), r.number()), "gl_grid_scroll_to")
        case 6: check(gl_grid_scroll_by(g, r.number(), r.number()), "gl_grid_scroll_by")
        case 7: check(gl_grid_scroll_to_item(g, index(), index(), gl_align(rawValue: UInt32(r.u8() % 5))), "gl_grid_scroll_to_item")
        case 8: check(gl_grid_resize(g, r.number(), r.number()), "gl_grid_resize")
        case 9: check(gl_grid_visible(g, out(element), nullOut ? 3 : 8, count), "gl_grid_visible")
        case 10: check(gl_grid_elements_in(g, gl_rect(x: r.number(), y: r.number(), w: r.number(), h: r.number()), element, 8, out(count)), "gl_grid_elements_in")
        case 11: check(gl_grid_frame(g, index(), index(), out(rect)), "gl_grid_frame")
        case 12: check(gl_grid_header_frame(g, index(), found, rect), "gl_grid_header_frame")
        case 13: check(gl_grid_index_path_at(g, gl_point(x: r.number(), y: r.number()), found, s, out(i)), "gl_grid_index_path_at")
        case 14: check(gl_grid_insert(g, index(), index(), Int32(r.u8() % 3), Int32(r.u8() % 2)), "gl_grid_insert")
        case 15: check(gl_grid_remove(g, index(), index(), Int32(r.u8() % 2)), "gl_grid_remove")
        case 16: check(gl_grid_move(g, index(), index(), index(), index(), Int32(r.u8() % 2)), "gl_grid_move")
        case 17: check(gl_grid_step(g, r.bool() ? Double(r.u8()) / 32 : r.number()), "gl_grid_step")
        case 18: check(gl_grid_begin_drag(g, Double(r.u8()), Double(r.u8()) * 2, found, out(s), i), "gl_grid_begin_drag")
        case 19: check(gl_grid_drag_to(g, Double(r.u8()) * 2, Double(r.u8()) * 2), "gl_grid_drag_to")
        case 20: check(gl_grid_end_drag(g), "gl_grid_end_drag")
        case 21: check(gl_grid_drag_state(g, flag, s, i, s, out(i)), "gl_grid_drag_state")
        case 22: check(gl_grid_set_option_number(g, ["lanes", "width", "sort", "nope", "paging"][Int(r.u8() % 5)], r.number()), "gl_grid_set_option_number")
        case 23:
            let name = r.bool() ? "layout" : "direction", b = r.u8()
            // `rows` (good and bad) from the value's byte when it is large: no byte more.
            if b >= 200 { check(gl_grid_set_option_string(g, "rows", ["optimal", "greedy", "best"][Int(b % 3)]), "gl_grid_set_option_string") }
            else { check(gl_grid_set_option_string(g, name, ["flow", "waterfall", "justified", "horizontal", "x"][Int(b % 5)]), "gl_grid_set_option_string") }
        case 24: check(gl_grid_set_event_handler(g, r.bool() ? cFuzzEvent : nil, nil), "gl_grid_set_event_handler")
        case 25: check(gl_grid_dequeue(g, out(view)), "gl_grid_dequeue")
        case 26: check(gl_grid_attach_view(g, index(), index(), UnsafeMutableRawPointer(bitPattern: 0x10 * (Int(r.u8()) + 1))), "gl_grid_attach_view")
        case 27: check(gl_grid_view(g, index(), index(), view), "gl_grid_view")
        case 28: check(gl_grid_data_index_path(g, index(), index(), s, i), "gl_grid_data_index_path")
        case 29: check(gl_grid_scroll_to_page(g, index()), "gl_grid_scroll_to_page")
        case 30: check(gl_grid_content_size(g, nil), "gl_grid_content_size")
        case 31: check(gl_grid_offset(g, point), "gl_grid_offset")
        case 32: check(gl_grid_is_animating(g, flag), "gl_grid_is_animating")
        case 33:
            let section = index()
            check(gl_grid_footer_frame(g, section, out(found), rect), "gl_grid_footer_frame")
            check(gl_grid_background_frame(g, section, out(found), rect), "gl_grid_background_frame")
        case 34:
            // Bulk composition: footers (NaN now and then), spans (0 and -3 too, or a NULL
            // array), options of any bits, and a struct_size too small now and then.
            let n = source.sectionCount
            let counts = (0..<n).map { max(source.sectionsStorage[$0].count, 1) }
            let spans = (0..<counts.reduce(0, +)).map { _ in [1, 2, -1, 0, 3, -3][Int(r.u8() % 6)] as Int64 }
            let options = (0..<n).map { _ in
                var o = gl_section_options()
                o.struct_size = MemoryLayout<gl_section_options>.size
                o.set = UInt32(r.u8()) | UInt32(r.u8() % 16) << 8
                o.layout = Int32(r.u8() % 5); o.lanes = Int32(r.u8() % 4); o.columns = Int32(r.u8() % 4)
                o.rows = o.layout % 3  // with GL_SECTION_ROWS (bit 12): greedy, optimal, or a bad 2
                // Backgrounds for a quarter of the sections: off, on, or a bad 2.
                if o.columns == 3 { o.set |= UInt32(GL_SECTION_BACKGROUND) }
                o.background = o.lanes % 3
                o.row_height = r.number(); o.line_spacing = r.number(); o.inset = gl_insets(top: r.number(), left: 0, bottom: 0, right: 0)
                return o
            }
            let flags = Int32(r.u8() % 4), small = r.u8() % 16 == 0
            let status = spans.withUnsafeBufferPointer { spanBuffer in
                options.withUnsafeBufferPointer { optionBuffer -> gl_status in
                    guard n > 0 else { return gl_grid_set_sections_composed(g, source.sections, 0, flags, nil, nil) }
                    var offset = 0
                    let composition = (0..<n).map { k -> gl_section_composition in
                        var c = gl_section_composition()
                        c.struct_size = small ? 8 : MemoryLayout<gl_section_composition>.size
                        c.has_footer = Int32(r.u8() % 2)
                        c.footer = gl_size(w: 0, h: r.number())
                        c.spans = r.bool() ? spanBuffer.baseAddress! + offset : nil
                        c.options = r.bool() ? optionBuffer.baseAddress! + k : nil
                        offset += counts[k]
                        return c
                    }
                    return composition.withUnsafeBufferPointer {
                        gl_grid_set_sections_composed(g, source.sections, n, flags, nil, $0.baseAddress)
                    }
                }
            }
            check(status, "gl_grid_set_sections_composed")
        case 35:
            // A measure anywhere, of any size: past the frontier and extreme ones included.
            var m = gl_measure(section: index(), item: r.bool() ? index() : Int64(r.u8()) * 97, size: gl_size(w: r.number(), h: r.number()))
            check(gl_grid_measure(g, &m, 1), "gl_grid_measure")
        case 36:
            check(gl_grid_set_option_number(g, r.bool() ? "scale" : "overscan", [1e300, 1e-300, 1024, 1025, 0, 3][Int(r.u8() % 6)]),
                  "gl_grid_set_option_number")
        default:
            var config = gl_config()
            check(gl_config_defaults(&config, MemoryLayout<gl_config>.size), "gl_config_defaults")
            config.width = r.number()
            let lanes = r.u8()
            config.lanes = Int32(truncatingIfNeeded: Int(lanes) - 3)
            // Flow alignment from the same byte, for its top values (past the enums included).
            if lanes >= 200 {
                config.justify = Int32(lanes % 7)
                config.align_items = Int32(lanes / 7 % 4)
            }
            check(gl_grid_set_config(g, &config), "gl_grid_set_config")
        }
    }
    // The pictures of whatever state the calls left (the style callback as the input's mode
    // says), into a short buffer and a sized one; they read no input, so the corpus keeps its meaning.
    for grid in grids {
        var needed = 0
        var options = gl_picture_options()
        options.struct_size = MemoryLayout<gl_picture_options>.size
        options.viewport = 1
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 64)
        defer { buffer.deallocate() }
        check(gl_grid_draw(grid, nil, buffer, 64, &needed), "gl_grid_draw")
        check(gl_grid_svg(grid, &options, nil, 0, &needed), "gl_grid_svg")
        check(gl_grid_svg(grid, &options, buffer, 64, &needed), "gl_grid_svg")
    }
    // Whatever state the calls left, scrolled to its end, then given ids twice: the first apply
    // names the items laid out, the second reverses each section (every kept item that changed
    // place moves); then a duplicate id. They read no input either.
    for grid in grids {
        check(gl_grid_scroll_to_end(grid), "gl_grid_scroll_to_end")
        checkFinite(grid)
        applyTwice(grid)
        checkFinite(grid)
    }
    // Still usable: plain sections lay out, and the visible elements are those in the viewport.
    for grid in grids {
        check(gl_grid_end_drag(grid), "gl_grid_end_drag")
        check(gl_grid_set_option_number(grid, "stickyHeaders", 0), "stickyHeaders")
        var sizes = [gl_size](repeating: gl_size(w: 30, h: 20), count: 12)
        let status = sizes.withUnsafeMutableBufferPointer { buffer -> gl_status in
            var section = gl_section(sizes: buffer.baseAddress, count: 12, has_header: 0, header: gl_size(), lanes: 0)
            return gl_grid_set_sections(grid, &section, 1, 0)
        }
        check(status, "gl_grid_set_sections")
        guard gl_grid_reload(grid) == GL_OK else { continue }
        var offset = gl_point(), config = gl_config()
        check(gl_config_defaults(&config, MemoryLayout<gl_config>.size), "gl_config_defaults")  // sets struct_size
        check(gl_grid_offset(grid, &offset), "gl_grid_offset")
        check(gl_grid_get_config(grid, &config), "gl_grid_get_config")
        var visible = [gl_element](repeating: gl_element(), count: 64), inRect = visible
        var n1 = 0, n2 = 0
        check(gl_grid_visible(grid, &visible, 64, &n1), "gl_grid_visible")
        check(gl_grid_elements_in(grid, gl_rect(x: offset.x, y: offset.y, w: config.width, h: config.height), &inRect, 64, &n2), "gl_grid_elements_in")
        let same = n1 == n2 && (0..<min(n1, 64)).allSatisfy { k in
            visible[k].kind == inRect[k].kind && visible[k].item == inRect[k].item && visible[k].x == inRect[k].x && visible[k].y == inRect[k].y
        }
        if !same { fatalError("gridfuzz: \(currentInput): gl_grid_visible (\(n1)) differs from gl_grid_elements_in over the viewport (\(n2))") }
    }
}

/// A status must be a gl_status, and gl_last_error() must say something exactly when it failed.
/// The invariant after every call: the content finite and within the largest extent (2^40), and
/// every visible frame finite.
private func checkFinite(_ grid: OpaquePointer?) {
    var content = gl_size()
    guard gl_grid_content_size(grid, &content) == GL_OK else { return }
    let limit = 1_099_511_627_776.0
    guard content.w.isFinite && content.h.isFinite && content.w <= limit && content.h <= limit else {
        fatalError("gridfuzz: \(currentInput): content size \(content.w) x \(content.h) not finite within 2^40")
    }
    var elements = [gl_element](repeating: gl_element(), count: 64)
    var count = 0
    guard gl_grid_visible(grid, &elements, 64, &count) == GL_OK else { return }
    for e in elements.prefix(min(count, 64)) {
        guard e.x.isFinite && e.y.isFinite && e.w.isFinite && e.h.isFinite && (e.x + e.w).isFinite && (e.y + e.h).isFinite else {
            fatalError("gridfuzz: \(currentInput): a visible frame \(e.x), \(e.y), \(e.w) x \(e.h) is not finite")
        }
    }
}

/// `gl_grid_apply` on whatever the grid lays out (at most 4096 items in 64 sections): ids 1…n
/// section after section, then each section reversed, into a diff too small for what it counts
/// (the needed-size convention), then a duplicate id (refused, GL_EINVAL). A refusal of the data
/// source's counts or during a drag is fine; what succeeds is checked.
private func applyTwice(_ grid: OpaquePointer?) {
    var sectionCount: Int64 = 0
    guard gl_grid_section_count(grid, &sectionCount) == GL_OK, sectionCount <= 64 else { return }
    var counts: [Int] = []
    for s in 0..<sectionCount {
        var n: Int64 = 0
        guard gl_grid_item_count(grid, s, &n) == GL_OK else { return }
        counts.append(Int(n))
    }
    guard counts.reduce(0, +) <= 4096 else { return }
    var next: Int64 = 1
    let first = counts.map { n in (0..<n).map { _ -> Int64 in defer { next += 1 }; return next } }
    func apply(_ snapshot: [[Int64]], _ diff: UnsafeMutablePointer<gl_diff>?) -> gl_status {
        let buffers = snapshot.map { ids -> UnsafeMutableBufferPointer<Int64> in
            let b = UnsafeMutableBufferPointer<Int64>.allocate(capacity: Swift.max(1, ids.count))
            _ = b.initialize(from: ids)
            return b
        }
        defer { for b in buffers { b.deallocate() } }
        var sections = buffers.indices.map { gl_ids(ids: UnsafePointer(buffers[$0].baseAddress), count: snapshot[$0].count) }
        return gl_grid_apply(grid, &sections, sections.count, 0, diff)
    }
    let named = apply(first, nil)
    check(named, "gl_grid_apply")
    var moved = [gl_move](repeating: gl_move(), count: 2)
    var diff = gl_diff()
    let reversed = moved.withUnsafeMutableBufferPointer { m -> gl_status in
        diff.moved = m.baseAddress
        diff.moved_size = 2
        return apply(first.map { $0.reversed() }, &diff)
    }
    check(reversed, "gl_grid_apply")
    guard reversed == GL_OK else { return }
    // Against the ids the first apply named, a reversed section of n keeps one item in place.
    let expected = named == GL_OK ? counts.reduce(0) { $0 + Swift.max(0, $1 - 1) } : 0
    if diff.moved_count != expected || diff.removed_count != 0 || diff.inserted_count != 0 {
        fatalError("gridfuzz: \(currentInput): gl_grid_apply of reversed sections gave \(diff.removed_count) removed, \(diff.inserted_count) inserted, \(diff.moved_count) moved (expected \(expected) moved)")
    }
    if let section = first.firstIndex(where: { $0.count >= 2 }) {
        var duplicate = first
        duplicate[section][1] = duplicate[section][0]
        let status = apply(duplicate, nil)
        if status != GL_EINVAL && status != GL_EDATA { fatalError("gridfuzz: \(currentInput): gl_grid_apply of a duplicate id gave \(status.rawValue)") }
        check(status, "gl_grid_apply")
    }
}

private func check(_ status: gl_status, _ call: String) {
    guard status.rawValue <= GL_ESTATE.rawValue else { fatalError("gridfuzz: \(currentInput): \(call) returned status \(status.rawValue)") }
    let message = String(cString: gl_last_error())
    if (status == GL_OK) != message.isEmpty {
        fatalError("gridfuzz: \(currentInput): \(call) returned \(String(cString: gl_status_name(status))) with gl_last_error() '\(message)'")
    }
}

/// The style callback's strings (static: the library copies them after the callback returns).
private let goodLabel: StaticString = "photo <&> \u{e9}"
private let badLabel: StaticString = "a\u{1}\u{7f}b"
private let goodFill: StaticString = "rgba(1, 2, 3, 0.5)"
private let badFill: StaticString = "#12345"
private func cText(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// The event handler: attaches a view to loaded items and sometimes scrolls from inside.
private let cFuzzEvent: gl_event_fn = { _, grid, event in
    guard let event = event?.pointee else { return }
    if event.kind == Int32(GL_EVENT_LOADED.rawValue) && event.element.kind == Int32(GL_KIND_ITEM.rawValue) {
        var view: UnsafeMutableRawPointer?
        _ = gl_grid_dequeue(grid, &view)
        _ = gl_grid_attach_view(grid, event.element.section, event.element.item, view ?? UnsafeMutableRawPointer(bitPattern: 0x40))
        if event.element.item == 3 { _ = gl_grid_scroll_by(grid, 0, 1) }
    }
}

/// Sections for gl_grid_set_sections and a callback data source over the same sizes, whose
/// callbacks misbehave as the input says.
private final class CFuzzSource {
    var sizes: [[gl_size]]
    var sectionsStorage: [gl_section] = []
    /// What the callbacks do: 0 fine, 1 fail, 2 bad values, 3 call back into the grid.
    var mode: UInt8
    /// A lying data source: counts, sizes, sections and same_size that change from one call to the
    /// next, within one reload, mutation or drag; `item_sizes` and `same_size` are given too, and
    /// `item_size` only sometimes.
    var liar = false
    var lies: [UInt8] = []
    var lieIndex = 0

    var lieCount = 0

    /// The next lie: a byte of the input's tail, round and round; after 4096 of them, 0 for good
    /// (a data source that changes forever could keep a re-entrant handler busy forever).
    func lie() -> Int {
        lieCount += 1
        guard !lies.isEmpty, lieCount <= 4096 else { return 0 }
        lieIndex = (lieIndex + 1) % lies.count
        return Int(lies[lieIndex])
    }

    /// A count near the truth (or 0, or a bad one now and then).
    func lyingCount(_ truth: Int) -> Int64 {
        let k = lie()
        switch k % 8 {
        case 0: return 0
        case 1: return Int64(truth) + 1
        case 2: return Int64(max(truth - 1, 0))
        case 3: return Int64(k / 8)
        case 4: return k == 4 ? -1 : Int64(truth)
        default: return Int64(truth)
        }
    }

    /// A size: mostly the truth, else tiny, huge, zero or denormal.
    func lyingSize(_ truth: gl_size) -> gl_size {
        let k = lie()
        switch k % 8 {
        case 0: return gl_size(w: 40, h: 1e-300)
        case 1: return gl_size(w: 1e-300, h: 40)
        case 2: return gl_size(w: 0, h: 0)
        case 3: return gl_size(w: .leastNonzeroMagnitude, h: Double(k))
        case 4: return gl_size(w: Double(k) * 1e13, h: Double(k))
        default: return gl_size(w: 10 + Double(k % 40), h: 10 + Double(k / 4))
        }
    }
    var grid: OpaquePointer?
    var source = gl_data_source()

    var sections: UnsafePointer<gl_section>? { sectionsStorage.withUnsafeBufferPointer { $0.baseAddress } }
    var sectionCount: Int { sectionsStorage.count }

    init(_ r: inout ByteReader) {
        sizes = (0..<Int(r.u8() % 4)).map { _ in (0..<Int(r.u8() % 30)).map { _ in gl_size(w: r.number(), h: r.number()) } }
        let m = r.u8()
        mode = m % 4
        liar = m / 4 % 4 == 3
        sectionsStorage = sizes.indices.map { k in
            gl_section(sizes: sizes[k].withUnsafeBufferPointer { $0.baseAddress }, count: sizes[k].count,
                       has_header: Int32(k % 2), header: gl_size(w: 10, h: 10), lanes: Int32(k % 3))
        }
    }

    func pointer(for grid: OpaquePointer?) -> UnsafePointer<gl_data_source> {
        self.grid = grid
        source = gl_data_source()
        source.struct_size = MemoryLayout<gl_data_source>.size
        source.context = Unmanaged.passUnretained(self).toOpaque()
        if liar { return lyingPointer() }
        source.section_count = { ctx, count in
            let me = CFuzzSource.from(ctx)
            if me.mode == 1 { return GL_ECALLBACK }
            count?.pointee = me.mode == 2 ? -5 : Int64(me.sizes.count)
            return GL_OK
        }
        source.item_count = { ctx, section, count in
            let me = CFuzzSource.from(ctx)
            if me.mode == 3 { _ = gl_grid_reload(me.grid) }  // GL_EBUSY inside a callback
            count?.pointee = me.sizes.indices.contains(Int(section)) ? Int64(me.sizes[Int(section)].count) : 0
            return GL_OK
        }
        source.item_size = { ctx, section, item, size in
            let me = CFuzzSource.from(ctx)
            guard me.sizes.indices.contains(Int(section)), me.sizes[Int(section)].indices.contains(Int(item)) else { return GL_ERANGE }
            size?.pointee = me.sizes[Int(section)][Int(item)]
            return me.mode == 1 && item == 2 ? GL_EINVAL : GL_OK
        }
        source.remove_item = { ctx, section, item in
            let me = CFuzzSource.from(ctx)
            guard me.sizes.indices.contains(Int(section)), me.sizes[Int(section)].indices.contains(Int(item)) else { return GL_ERANGE }
            if me.mode != 2 { me.sizes[Int(section)].remove(at: Int(item)) }
            return GL_OK
        }
        source.move_item = { ctx, fs, fi, ts, ti in
            let me = CFuzzSource.from(ctx)
            guard me.sizes.indices.contains(Int(fs)), me.sizes[Int(fs)].indices.contains(Int(fi)), me.sizes.indices.contains(Int(ts)) else { return GL_ERANGE }
            let size = me.sizes[Int(fs)].remove(at: Int(fi))
            me.sizes[Int(ts)].insert(size, at: min(Int(ti), me.sizes[Int(ts)].count))
            return GL_OK
        }
        source.can_move_to_section = { ctx, _, _, can in
            can?.pointee = CFuzzSource.from(ctx).mode == 0 ? 1 : 0
            return GL_OK
        }
        // The pictures' style: labels and fills; a failure, a bad colour and invalid UTF-8; a
        // picture of the grid from inside (GL_EBUSY).
        source.style = { ctx, section, item, style in
            let me = CFuzzSource.from(ctx)
            switch me.mode {
            case 1: return item == 2 ? GL_EINVAL : GL_OK
            case 2:
                style?.pointee.label = cText(badLabel)
                style?.pointee.fill = cText(item % 2 == 0 ? badFill : goodFill)
            case 3:
                var needed = 0
                _ = gl_grid_draw(me.grid, nil, nil, 0, &needed)
                style?.pointee.label = cText(goodLabel)
            default:
                style?.pointee.label = cText(section % 2 == 0 ? goodLabel : badLabel)
                style?.pointee.fill = cText(goodFill)
            }
            return GL_OK
        }
        // Composition with good answers (1.2), so that mutations and drags meet footers, spans
        // and a section of its own layout: a footer under odd sections, items 2 and 7 of every
        // ten across 2 lanes or columns and items 3 of every ten across all, section 2 a waterfall
        // of 3 columns with an inset.
        source.footer_size = { _, section, has, size in
            has?.pointee = Int32(section % 2)
            size?.pointee = gl_size(w: 0, h: 15)
            return GL_OK
        }
        source.span = { _, _, item, span in
            span?.pointee = item % 5 == 2 ? 2 : item % 10 == 3 ? Int64(GL_SPAN_ALL) : 1
            return GL_OK
        }
        source.section_options = { _, section, options in
            guard section == 2, let o = options else { return GL_OK }
            o.pointee.set = UInt32(GL_SECTION_LAYOUT | GL_SECTION_COLUMNS | GL_SECTION_INSET)
            o.pointee.layout = Int32(GL_LAYOUT_WATERFALL.rawValue)
            o.pointee.columns = 3
            o.pointee.inset = gl_insets(top: 4, left: 4, bottom: 4, right: 4)
            return GL_OK
        }
        return withUnsafePointer(to: &source) { $0 }
    }

    /// The lying data source's callbacks (`source` has its size and context already).
    private func lyingPointer() -> UnsafePointer<gl_data_source> {
        let flags = lie()
        source.section_count = { ctx, count in
            let me = CFuzzSource.from(ctx)
            count?.pointee = me.lie() % 5 == 0 ? Int64(me.lie() % 4) : Int64(me.sizes.count)
            return GL_OK
        }
        source.item_count = { ctx, section, count in
            let me = CFuzzSource.from(ctx)
            let truth = me.sizes.indices.contains(Int(section)) ? me.sizes[Int(section)].count : 0
            count?.pointee = me.lyingCount(truth)
            return GL_OK
        }
        if flags & 1 == 0 {
            source.item_size = { ctx, section, item, size in
                let me = CFuzzSource.from(ctx)
                let truth = me.sizes.indices.contains(Int(section)) && me.sizes[Int(section)].indices.contains(Int(item))
                    ? me.sizes[Int(section)][Int(item)] : gl_size(w: 30, h: 20)
                size?.pointee = me.lyingSize(truth)
                return me.lie() == 255 ? GL_ERANGE : GL_OK
            }
        }
        if flags & 3 != 0 {
            source.item_sizes = { ctx, section, sizes, count in
                let me = CFuzzSource.from(ctx)
                guard let sizes, count >= 0 else { return GL_EINVAL }
                for k in 0..<Int(count) {  // exactly `count`, as the header promises the library
                    let truth = me.sizes.indices.contains(Int(section)) && me.sizes[Int(section)].indices.contains(k)
                        ? me.sizes[Int(section)][k] : gl_size(w: 30, h: 20)
                    sizes[k] = me.lyingSize(truth)
                }
                return GL_OK
            }
        }
        source.same_size = { ctx, same in
            same?.pointee = Int32(CFuzzSource.from(ctx).lie() % 3 == 0 ? 0 : 1)
            return GL_OK
        }
        source.header_size = { ctx, _, has, size in
            let k = CFuzzSource.from(ctx).lie()
            has?.pointee = Int32(k % 2)
            size?.pointee = gl_size(w: 10, h: k % 4 == 1 ? 1e300 : Double(k % 16))
            return GL_OK
        }
        source.show_loader = { ctx, show in
            show?.pointee = Int32(CFuzzSource.from(ctx).lie() % 2)
            return GL_OK
        }
        source.lanes = { ctx, _, lanes in
            lanes?.pointee = Int32(CFuzzSource.from(ctx).lie() % 4)
            return GL_OK
        }
        source.insert_item = { ctx, section, item in
            let me = CFuzzSource.from(ctx)
            if me.sizes.indices.contains(Int(section)), me.lie() % 3 != 0 {
                me.sizes[Int(section)].insert(gl_size(w: 30, h: 20), at: min(max(Int(item), 0), me.sizes[Int(section)].count))
            }
            return GL_OK
        }
        source.remove_item = { ctx, section, item in
            let me = CFuzzSource.from(ctx)
            if me.sizes.indices.contains(Int(section)), me.sizes[Int(section)].indices.contains(Int(item)), me.lie() % 3 != 0 {
                me.sizes[Int(section)].remove(at: Int(item))
            }
            return GL_OK
        }
        source.move_item = { ctx, fs, fi, ts, ti in
            let me = CFuzzSource.from(ctx)
            guard me.lie() % 3 != 0, me.sizes.indices.contains(Int(fs)), me.sizes[Int(fs)].indices.contains(Int(fi)),
                  me.sizes.indices.contains(Int(ts)) else { return GL_OK }
            let size = me.sizes[Int(fs)].remove(at: Int(fi))
            me.sizes[Int(ts)].insert(size, at: min(max(Int(ti), 0), me.sizes[Int(ts)].count))
            return GL_OK
        }
        source.can_move = { ctx, _, _, can in
            can?.pointee = Int32(CFuzzSource.from(ctx).lie() % 4 == 0 ? 0 : 1)
            return GL_OK
        }
        source.can_move_to_section = { ctx, _, _, can in
            can?.pointee = Int32(CFuzzSource.from(ctx).lie() % 2)
            return GL_OK
        }
        // Composition (1.2): footers that come and go (NaN now and then), spans one by one or in
        // bulk (GL_SPAN_ALL, and 0 or -7 now and then), section options with any bits set (an
        // unknown one too) and values in and out of range.
        if flags & 4 != 0 {
            source.footer_size = { ctx, _, has, size in
                let k = CFuzzSource.from(ctx).lie()
                has?.pointee = Int32(k % 3 == 0 ? 0 : 1)
                size?.pointee = gl_size(w: 0, h: k % 7 == 3 ? .nan : Double(k % 32))
                return GL_OK
            }
        }
        if flags & 8 != 0 {
            source.span = { ctx, _, _, span in
                let k = CFuzzSource.from(ctx).lie()
                span?.pointee = k % 5 == 0 ? Int64(GL_SPAN_ALL) : k == 255 ? 0 : Int64(k % 4 + 1)
                return GL_OK
            }
            if flags & 16 != 0 {
                source.spans = { ctx, _, _, count, spans in
                    guard let spans, count >= 0 else { return GL_EINVAL }
                    let me = CFuzzSource.from(ctx)
                    for k in 0..<Int(count) {  // exactly `count`, as the header promises
                        let v = me.lie()
                        spans[k] = v % 5 == 0 ? Int64(GL_SPAN_ALL) : v == 255 ? -7 : Int64(v % 3 + 1)
                    }
                    return GL_OK
                }
            }
        }
        if flags & 32 != 0 {
            source.section_options = { ctx, _, options in
                guard let o = options else { return GL_EINVAL }
                let me = CFuzzSource.from(ctx)
                let k = me.lie()
                // Bit 15 is no option (refused); rows and the flow alignment bits come with some of the answers.
                o.pointee.set = UInt32(me.lie()) | UInt32(me.lie() % 8) << 8 | (k == 255 ? 1 << 15 : 0)
                    | (k % 7 == 3 ? UInt32(GL_SECTION_ROWS) : 0)
                    | (k % 3 == 1 ? UInt32(GL_SECTION_JUSTIFY | GL_SECTION_ALIGN_ITEMS) : 0)
                o.pointee.rows = Int32(k % 3)
                o.pointee.justify = Int32(k % 7)  // 6: no gl_justify
                o.pointee.align_items = Int32(k / 7 % 4)  // 3: no gl_align_items
                o.pointee.layout = Int32(k % 5)
                o.pointee.lanes = Int32(k % 4)
                o.pointee.columns = Int32(k / 4 % 4)
                o.pointee.order = Int32(k % 4)
                o.pointee.row_height = Double(k % 3) * 50
                o.pointee.tolerance = Double(k % 3) / 2
                o.pointee.widow = Int32(k / 2 % 4)
                o.pointee.spacing = k % 11 == 1 ? .nan : Double(k % 5)
                o.pointee.line_spacing = Double(k % 7)
                o.pointee.item_spacing = k % 13 == 1 ? 1e300 : Double(k % 3)
                o.pointee.inset = gl_insets(top: Double(k % 3), left: k % 17 == 2 ? -1 : Double(k % 4), bottom: 1, right: 0)
                return GL_OK
            }
        }
        return withUnsafePointer(to: &source) { $0 }
    }

    static func from(_ ctx: UnsafeMutableRawPointer?) -> CFuzzSource { Unmanaged<CFuzzSource>.fromOpaque(ctx!).takeUnretainedValue() }
}
