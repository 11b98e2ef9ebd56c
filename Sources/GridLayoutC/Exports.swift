import GridHost
import GridLayout
import GridLayoutCSupport

// The C ABI: every function of bindings/c/gridlayout.h, exported under its C name.
// Each one checks its arguments, runs under `cCall` (a status and gl_last_error), and never traps
// on a caller's input.

// MARK: - Configuration

@_cdecl("gl_config_defaults")
public func gl_config_defaults(_ config: UnsafeMutablePointer<gl_config>?, _ structSize: Int) -> gl_status {
    cCall { () throws(CFailure) in
        let config = try output(config, "config")
        guard structSize >= configMinimumSize else {
            throw structSizeFailure("gl_config_defaults: struct_size", structSize, minimum: configMinimumSize)
        }
        var defaults = cConfig(GridConfiguration())
        defaults.struct_size = structSize
        // Bytes beyond the ones this library knows (a newer header) are zeroed.
        let raw = UnsafeMutableRawPointer(config)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: structSize)
        withUnsafeBytes(of: &defaults) { raw.copyMemory(from: $0.baseAddress!, byteCount: min(structSize, $0.count)) }
    }
}

// MARK: - Grids

@_cdecl("gl_grid_create")
public func gl_grid_create(_ config: UnsafePointer<gl_config>?, _ result: UnsafeMutablePointer<OpaquePointer?>?) -> gl_status {
    cCall { () throws(CFailure) in
        let result = try output(result, "grid")
        let configuration = config == nil ? GridConfiguration() : try swiftConfig(config)
        let box: GridBox = registry.withLock { r in
            let handle = OpaquePointer(bitPattern: handleValue(r.next))!
            r.next += 1
            let box = GridBox(handle: handle)
            r.grids[UInt(bitPattern: handle)] = box
            return box
        }
        box.grid.configuration = configuration
        result.pointee = box.handle
    }
}

@_cdecl("gl_grid_require_idle")
public func gl_grid_require_idle(_ handle: OpaquePointer?, _ call: UnsafePointer<CChar>?) -> gl_status {
    cCall { () throws(CFailure) in
        guard let call else { throw CFailure(GL_EINVAL, "call is NULL") }
        try requireIdle(try lookup(handle), String(cString: call))
    }
}

@_cdecl("gl_grid_destroy")
public func gl_grid_destroy(_ handle: OpaquePointer?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_destroy")
        registry.withLock { _ = $0.grids.removeValue(forKey: UInt(bitPattern: box.handle)) }
        box.destroyed = true
        box.setDataSource(nil, callbacks: nil)
        box.handler = nil
    }
}

@_cdecl("gl_grid_set_config")
public func gl_grid_set_config(_ handle: OpaquePointer?, _ config: UnsafePointer<gl_config>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_set_config")
        box.grid.configuration = try swiftConfig(config, base: box.grid.configuration)
    }
}

@_cdecl("gl_grid_get_config")
public func gl_grid_get_config(_ handle: OpaquePointer?, _ config: UnsafeMutablePointer<gl_config>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let config = try output(config, "config")
        let size = config.pointee.struct_size
        guard size >= configMinimumSize else {
            throw structSizeFailure("gl_config.struct_size", size, minimum: configMinimumSize, use: "gl_config_init")
        }
        var value = cConfig(box.grid.configuration)
        value.struct_size = size
        withUnsafeBytes(of: &value) { UnsafeMutableRawPointer(config).copyMemory(from: $0.baseAddress!, byteCount: min(size, $0.count)) }
    }
}

private func optionName(_ name: UnsafePointer<CChar>?) throws(CFailure) -> String {
    guard let name else { throw CFailure(GL_EINVAL, "option name is NULL") }
    return String(cString: name)
}

/// How a message names option `name` (an engine name): in the words of `gl_last_error()`, as the
/// engine's own messages about it do (C's are the `gl_config` fields: `estimated_size`). An
/// unknown name is shown as given.
private func optionWord(_ name: String) -> String {
    errorWords.withLock { $0 }.option(name)
}

/// Sets option `name`, the failure's message naming the nearest option (an unknown name) or
/// choice (a misspelt string value), as every face's messages do.
private func setOption(_ box: GridBox, _ name: String, _ option: OptionValue) throws(CFailure) {
    do {
        try engine { () throws(GridError) in try box.grid.configuration.set(name, to: option) }
    } catch {
        var failure = error
        if let kind = GridConfiguration.option(named: name)?.kind {
            if case .choice(let cases) = kind, case .string(let given) = option {
                failure.message += Suggestion.didYouMean(given, among: cases)
            }
        } else {
            failure.message += Suggestion.didYouMean(name, among: GridConfiguration.optionNames)
        }
        throw failure
    }
}

@_cdecl("gl_grid_set_option_number")
public func gl_grid_set_option_number(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ value: Double) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_set_option_number")
        let name = try optionName(name)
        var option = OptionValue.number(value)
        let kind = GridConfiguration.option(named: name)?.kind
        if case .choice(let cases)? = kind, value == value.rounded(), value >= 0, value < Double(cases.count) {
            option = .string(cases[Int(value)])  // a gl_layout, gl_order, … value
        } else if kind == .flag {
            guard value == 0 || value == 1 else {
                let shown = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
                throw CFailure(GL_EINVAL, "option '\(optionWord(name))': \(shown) is invalid (expected 0 or 1)")
            }
            option = .bool(value == 1)
        }
        try setOption(box, name, option)
    }
}

@_cdecl("gl_grid_set_option_string")
public func gl_grid_set_option_string(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_set_option_string")
        let name = try optionName(name)
        guard let value else { throw CFailure(GL_EINVAL, "option '\(optionWord(name))': value is NULL") }
        try setOption(box, name, .string(String(cString: value)))
    }
}

@_cdecl("gl_grid_get_option_number")
public func gl_grid_get_option_number(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ value: UnsafeMutablePointer<Double>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let name = try optionName(name)
        let value = try output(value, "value")
        guard GridConfiguration.option(named: name) != nil else {
            throw CFailure(GL_EINVAL, "unknown option '\(name)'" + Suggestion.didYouMean(name, among: GridConfiguration.optionNames))
        }
        switch try engine({ () throws(GridError) in try box.grid.configuration.value(of: name) }) {
        case .number(let n): value.pointee = n
        case .bool(let b): value.pointee = b ? 1 : 0
        case .insets(let i): value.pointee = i.top
        case .string(let s):
            // A choice: its case's C value.
            guard case .choice(let cases)? = GridConfiguration.option(named: name)?.kind, let k = cases.firstIndex(of: s) else {
                throw CFailure(GL_EINVAL, "option '\(optionWord(name))' is not a number (read it with gl_grid_get_config)")
            }
            value.pointee = Double(k)
        case .size:
            throw CFailure(GL_EINVAL, "option '\(optionWord(name))' is not a number (read it with gl_grid_get_config)")
        }
    }
}

// MARK: - Data

@_cdecl("gl_grid_set_sections")
public func gl_grid_set_sections(_ handle: OpaquePointer?, _ sections: UnsafePointer<gl_section>?, _ count: Int,
                                 _ flags: Int32) -> gl_status {
    setSections(handle, sections, count, flags, uniform: nil, "gl_grid_set_sections")
}

@_cdecl("gl_grid_set_sections_composed")
public func gl_grid_set_sections_composed(_ handle: OpaquePointer?, _ sections: UnsafePointer<gl_section>?, _ count: Int,
                                          _ flags: Int32, _ uniform: UnsafePointer<Int32>?,
                                          _ composition: UnsafePointer<gl_section_composition>?) -> gl_status {
    setSections(handle, sections, count, flags, uniform: uniform, composition: composition, "gl_grid_set_sections_composed")
}

/// The smallest `gl_section_composition` (its first version's): what its struct_size must cover.
private let compositionMinimumSize = MemoryLayout<gl_section_composition>.size

/// Section `s`'s composition, read into `section`: its footer, spans (`count` of them) and options,
/// each checked. `stride` is the caller's struct_size.
private func compose(_ section: inout ArrayDataSource.Section, _ s: Int, count: Int, sameSize: Bool,
                     _ composition: UnsafePointer<gl_section_composition>, stride: Int) throws(CFailure) {
    let raw = UnsafeRawPointer(composition) + s * stride
    let c = try readVersioned(raw.assumingMemoryBound(to: gl_section_composition.self), size: stride,
                              minimum: compositionMinimumSize, defaults: gl_section_composition(), "gl_section_composition")
    guard c.has_footer == 0 || c.has_footer == 1 else {
        throw CFailure(.invalidGiven(at: .section(s), what: "gl_section_composition.has_footer", value: String(c.has_footer), expected: "0 or 1"))
    }
    if c.has_footer == 1 {
        let f = Size(width: c.footer.w, height: c.footer.h)
        guard f.isValid else { throw CFailure(.invalidGiven(at: .footer(s), what: "size", value: f.description, expected: Size.validRule)) }
        section.footer = f
    }
    if let spans = c.spans {
        guard !sameSize else {
            throw CFailure(GL_EINVAL, "section \(s): spans with GL_SAME_SIZE (its items are not stored one by one)")
        }
        var read: [ItemSpan?] = []
        read.reserveCapacity(count)
        for i in 0..<count {
            let k = spans[i]
            guard k >= 1 || k == Int64(GL_SPAN_ALL) else {
                throw CFailure(.invalidGiven(at: .item(GridIndexPath(section: s, item: i)), what: "span", value: String(k),
                                             expected: "an integer >= 1, or GL_SPAN_ALL"))
            }
            read.append(itemSpan(k))
        }
        section.spans = read
    }
    if let p = c.options {
        let o = try readVersioned(p, size: p.pointee.struct_size, minimum: sectionOptionsMinimumSize,
                                  defaults: gl_section_options(), "gl_section_options")
        let unknown = o.set & ~sectionOptionBits.reduce(UInt32(0)) { $0 | $1.bit }
        guard unknown == 0 else {
            throw CFailure(.invalidGiven(at: .section(s), what: "gl_section_options.set bit", value: String(unknown.trailingZeroBitCount),
                                         expected: "a GL_SECTION_* bit"))
        }
        guard let options = try engine({ () throws(GridError) in try sectionOptions(o, section: s) }) else { return }
        // Checked now, as gl_grid_set_config checks the grid's, so that a bad value is refused here.
        for entry in options.entries {
            do {
                _ = try GridConfiguration.option(named: entry.name)!.checked(entry.value)
            } catch {
                guard case let .invalidOption(_, value, expected) = error else { throw CFailure(error) }
                let name = errorWords.withLock { $0 }.option(entry.name)
                throw CFailure(.invalidGiven(at: .section(s), what: "option '\(name)'", value: value, expected: expected))
            }
        }
        section.options = options
    }
}

/// Both bulk entry points. A section with `uniform[s] != 0` gives one size for all its items: it is
/// read once and, without GL_SAME_SIZE, repeated only after the counts passed the stored-items limit.
private func setSections(_ handle: OpaquePointer?, _ sections: UnsafePointer<gl_section>?, _ count: Int,
                         _ flags: Int32, uniform: UnsafePointer<Int32>?,
                         composition: UnsafePointer<gl_section_composition>? = nil, _ function: String) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, function)
        let known = Int32(GL_SHOW_LOADER | GL_SAME_SIZE)
        guard flags & ~known == 0 else {
            throw CFailure(GL_EINVAL, "flags \(flags) are invalid (expected GL_SHOW_LOADER | GL_SAME_SIZE)")
        }
        let sameSize = flags & Int32(GL_SAME_SIZE) != 0
        guard count >= 0 && count <= GridLimits.maxSections else {
            throw CFailure(GL_EINVAL, "section count \(UInt(bitPattern: count)) is invalid (expected 0...\(GridLimits.maxSections))")
        }
        guard count == 0 || sections != nil else { throw CFailure(GL_EINVAL, "sections is NULL with count \(UInt(bitPattern: count))") }
        var total = 0
        for s in 0..<count {
            let n = sections![s].count
            if sameSize {
                guard n >= 0 && n <= GridLimits.maxItemsPerSection else {
                    throw CFailure(GL_EINVAL, "section \(s): \(UInt(bitPattern: n)) items is more than the engine's \(GridLimits.maxItemsPerSection)")
                }
                continue
            }
            guard n >= 0 && n <= GridLimits.maxStoredItems && total + n <= GridLimits.maxStoredItems else {
                throw CFailure(GL_ENOMEM, "section \(s): \(UInt(bitPattern: n)) items make more than the engine's \(GridLimits.maxStoredItems) stored items (GL_SAME_SIZE stores none)")
            }
            total += n
        }
        // Every entry has the caller's struct_size (one struct type): the array's stride.
        let stride = composition?.pointee.struct_size ?? 0
        if composition != nil && stride < compositionMinimumSize {
            throw structSizeFailure("gl_section_composition.struct_size", stride, minimum: compositionMinimumSize)
        }
        var result: [ArrayDataSource.Section] = []
        var counts: [Int] = []
        result.reserveCapacity(count)
        for s in 0..<count {
            let section = sections![s]
            guard section.count == 0 || section.sizes != nil else {
                throw CFailure(GL_EINVAL, "section \(s): sizes is NULL with count \(UInt(bitPattern: section.count))")
            }
            guard section.lanes >= 0 && Int(section.lanes) <= GridLimits.maxLanes else {
                throw CFailure(GL_EINVAL, "section \(s): lanes \(section.lanes) is invalid (expected 0...\(GridLimits.maxLanes), 0 for the configuration's)")
            }
            let isUniform = uniform.map { $0[s] != 0 } ?? false
            let stored = sameSize || isUniform ? min(section.count, 1) : section.count
            var sizes: [Size] = []
            sizes.reserveCapacity(stored)
            for i in 0..<stored {
                let size = Size(width: section.sizes![i].w, height: section.sizes![i].h)
                guard size.isValid else {
                    throw CFailure(.invalidGiven(at: .item(GridIndexPath(section: s, item: i)), what: "size", value: size.description,
                                                 expected: Size.validRule))
                }
                sizes.append(size)
            }
            if isUniform && !sameSize && section.count > 1 {
                // The total passed maxStoredItems above, so this allocation is bounded.
                sizes = Array(repeating: sizes[0], count: section.count)
            }
            var header: Size?
            if section.has_header != 0 {
                let h = Size(width: section.header.w, height: section.header.h)
                guard h.isValid else {
                    throw CFailure(.invalidGiven(at: .header(s), what: "size", value: h.description, expected: Size.validRule))
                }
                header = h
            }
            var entry = ArrayDataSource.Section(sizes: sizes, header: header, lanes: section.lanes == 0 ? nil : Int(section.lanes))
            if let composition { try compose(&entry, s, count: section.count, sameSize: sameSize, composition, stride: stride) }
            result.append(entry)
            counts.append(section.count)
        }
        let showLoader = flags & Int32(GL_SHOW_LOADER) != 0
        let arrays = ArrayDataSource(sections: result, showLoader: showLoader)
        box.setDataSource(sameSize ? SameSizeDataSource(arrays: arrays, counts: counts) : arrays, callbacks: nil)
    }
}

@_cdecl("gl_grid_set_data_source")
public func gl_grid_set_data_source(_ handle: OpaquePointer?, _ source: UnsafePointer<gl_data_source>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_set_data_source")
        guard let source else {
            box.setDataSource(nil, callbacks: nil)
            return
        }
        let s = try readVersioned(source, size: source.pointee.struct_size, minimum: dataSourceMinimumSize,
                                  defaults: gl_data_source(), "gl_data_source")
        guard s.item_count != nil else { throw CFailure(GL_EINVAL, "gl_data_source.item_count is NULL (it is required)") }
        guard s.item_size != nil || s.item_sizes != nil else {
            throw CFailure(GL_EINVAL, "gl_data_source has neither item_size nor item_sizes (one is required)")
        }
        box.setDataSource(CallbackDataSource(source: s), callbacks: s)
    }
}

// MARK: - Layout

@_cdecl("gl_grid_reload")
public func gl_grid_reload(_ handle: OpaquePointer?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_reload")
        try box.withDataSource { () throws(GridError) in try box.grid.reload() }
    }
}

@_cdecl("gl_grid_reload_new")
public func gl_grid_reload_new(_ handle: OpaquePointer?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_reload_new")
        try box.withDataSource { () throws(GridError) in try box.grid.reloadNew() }
    }
}

@_cdecl("gl_grid_reload_section")
public func gl_grid_reload_section(_ handle: OpaquePointer?, _ section: Int64) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_reload_section")
        try box.withDataSource { () throws(GridError) in try box.grid.reloadSection(Int(section)) }
    }
}

@_cdecl("gl_grid_measure")
public func gl_grid_measure(_ handle: OpaquePointer?, _ items: UnsafePointer<gl_measure>?, _ count: Int) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        guard count >= 0 else { throw CFailure(GL_EINVAL, "count: \(UInt(bitPattern: count)) is invalid (expected at most \(Int.max))") }
        guard count == 0 || items != nil else { throw CFailure(GL_EINVAL, "items is NULL") }
        try requireIdle(box, "gl_grid_measure")
        var measures: [(GridIndexPath, Size)] = []
        measures.reserveCapacity(count)
        for k in 0..<count {
            let m = items![k]
            measures.append((GridIndexPath(section: Int(truncatingIfNeeded: m.section), item: Int(truncatingIfNeeded: m.item)),
                             Size(width: m.size.w, height: m.size.h)))
        }
        try box.withDataSource { () throws(GridError) in try box.grid.measure(measures) }
    }
}

// MARK: - Queries

@_cdecl("gl_grid_content_size")
public func gl_grid_content_size(_ handle: OpaquePointer?, _ size: UnsafeMutablePointer<gl_size>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let size = try output(size, "size")
        let s = box.grid.contentSize
        size.pointee = gl_size(w: s.width, h: s.height)
    }
}

@_cdecl("gl_grid_offset")
public func gl_grid_offset(_ handle: OpaquePointer?, _ offset: UnsafeMutablePointer<gl_point>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let offset = try output(offset, "offset")
        let p = box.grid.contentOffset
        offset.pointee = gl_point(x: p.x, y: p.y)
    }
}

private func writeElements(_ elements: [GridElement], _ buffer: UnsafeMutablePointer<gl_element>?, _ capacity: Int,
                           _ count: UnsafeMutablePointer<Int>?) throws(CFailure) {
    let count = try output(count, "count")
    guard capacity >= 0 else { throw CFailure(GL_EINVAL, "capacity \(UInt(bitPattern: capacity)) is invalid") }
    guard capacity == 0 || buffer != nil else { throw CFailure(GL_EINVAL, "buffer is NULL with capacity \(UInt(bitPattern: capacity))") }
    for i in 0..<min(capacity, elements.count) { buffer![i] = cElement(elements[i]) }
    count.pointee = elements.count
}

@_cdecl("gl_grid_visible")
public func gl_grid_visible(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<gl_element>?, _ capacity: Int,
                            _ count: UnsafeMutablePointer<Int>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try writeElements(box.grid.visibleElements(), buffer, capacity, count)
    }
}

@_cdecl("gl_grid_elements_in")
public func gl_grid_elements_in(_ handle: OpaquePointer?, _ rect: gl_rect, _ buffer: UnsafeMutablePointer<gl_element>?,
                                _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        guard !rect.x.isNaN && !rect.y.isNaN && !rect.w.isNaN && !rect.h.isNaN else {
            throw CFailure(GL_EINVAL, "rect (\(rect.x), \(rect.y), \(rect.w), \(rect.h)) is invalid (NaN)")
        }
        let found = try box.query { () throws(GridError) in try box.grid.elements(in: Rect(x: rect.x, y: rect.y, width: rect.w, height: rect.h)) }
        try writeElements(found, buffer, capacity, count)
    }
}

private func cRect(_ r: Rect) -> gl_rect { gl_rect(x: r.x, y: r.y, w: r.width, h: r.height) }

@_cdecl("gl_grid_frame")
public func gl_grid_frame(_ handle: OpaquePointer?, _ section: Int64, _ item: Int64, _ frame: UnsafeMutablePointer<gl_rect>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let frame = try output(frame, "frame")
        let r = try box.query { () throws(GridError) in try box.grid.frame(of: GridIndexPath(section: Int(section), item: Int(item))) }
        frame.pointee = cRect(r)
    }
}

@_cdecl("gl_grid_header_frame")
public func gl_grid_header_frame(_ handle: OpaquePointer?, _ section: Int64, _ hasHeader: UnsafeMutablePointer<Int32>?,
                                 _ frame: UnsafeMutablePointer<gl_rect>?) -> gl_status {
    sectionFrame(handle, hasHeader, "has_header", frame) { (grid) throws(GridError) in try grid.headerFrame(inSection: Int(section)) }
}

@_cdecl("gl_grid_footer_frame")
public func gl_grid_footer_frame(_ handle: OpaquePointer?, _ section: Int64, _ hasFooter: UnsafeMutablePointer<Int32>?,
                                 _ frame: UnsafeMutablePointer<gl_rect>?) -> gl_status {
    sectionFrame(handle, hasFooter, "has_footer", frame) { (grid) throws(GridError) in try grid.footerFrame(inSection: Int(section)) }
}

@_cdecl("gl_grid_background_frame")
public func gl_grid_background_frame(_ handle: OpaquePointer?, _ section: Int64, _ hasBackground: UnsafeMutablePointer<Int32>?,
                                     _ frame: UnsafeMutablePointer<gl_rect>?) -> gl_status {
    sectionFrame(handle, hasBackground, "has_background", frame) { (grid) throws(GridError) in
        try grid.backgroundFrame(inSection: Int(section))
    }
}

/// A header's, footer's or background's frame: *has = 0 for none. A query like `frame` (a lazy grid's frontier
/// may move for it, asking the data source).
private func sectionFrame(_ handle: OpaquePointer?, _ has: UnsafeMutablePointer<Int32>?, _ hasName: String,
                          _ frame: UnsafeMutablePointer<gl_rect>?, _ body: (Grid) throws(GridError) -> Rect?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let has = try output(has, hasName)
        let frame = try output(frame, "frame")
        let r = try box.query { () throws(GridError) in try body(box.grid) }
        has.pointee = r == nil ? 0 : 1
        if let r { frame.pointee = cRect(r) }
    }
}

@_cdecl("gl_grid_loader_frame")
public func gl_grid_loader_frame(_ handle: OpaquePointer?, _ shown: UnsafeMutablePointer<Int32>?,
                                 _ frame: UnsafeMutablePointer<gl_rect>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let shown = try output(shown, "shown")
        let frame = try output(frame, "frame")
        let r = box.grid.loaderFrame
        shown.pointee = r == nil ? 0 : 1
        if let r { frame.pointee = cRect(r) }
    }
}

@_cdecl("gl_grid_index_path_at")
public func gl_grid_index_path_at(_ handle: OpaquePointer?, _ point: gl_point, _ found: UnsafeMutablePointer<Int32>?,
                                  _ section: UnsafeMutablePointer<Int64>?, _ item: UnsafeMutablePointer<Int64>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let found = try output(found, "found")
        let section = try output(section, "section")
        let item = try output(item, "item")
        guard !point.x.isNaN && !point.y.isNaN else { throw CFailure(GL_EINVAL, "point (\(point.x), \(point.y)) is invalid (NaN)") }
        if let path = try box.query({ () throws(GridError) in try box.grid.indexPath(at: Point(x: point.x, y: point.y)) }) {
            found.pointee = 1
            section.pointee = Int64(path.section)
            item.pointee = Int64(path.item)
        } else {
            found.pointee = 0
        }
    }
}

@_cdecl("gl_grid_neighbor")
public func gl_grid_neighbor(_ handle: OpaquePointer?, _ section: Int64, _ item: Int64, _ direction: gl_navigation,
                             _ found: UnsafeMutablePointer<Int32>?, _ sectionOut: UnsafeMutablePointer<Int64>?,
                             _ itemOut: UnsafeMutablePointer<Int64>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let found = try output(found, "found")
        let sectionOut = try output(sectionOut, "section_out")
        let itemOut = try output(itemOut, "item_out")
        let all = NavigationDirection.allCases
        guard Int(direction.rawValue) < all.count else {
            throw CFailure(GL_EINVAL, "direction \(direction.rawValue) is invalid (expected 0...\(all.count - 1): "
                                      + all.map { "GL_NAV_\($0.rawValue.uppercased())" }.joined(separator: ", ") + ")")
        }
        let chosen = all[Int(direction.rawValue)]
        let path = GridIndexPath(section: Int(section), item: Int(item))
        if let next = try box.query({ () throws(GridError) in try box.grid.neighbor(of: path, chosen) }) {
            found.pointee = 1
            sectionOut.pointee = Int64(next.section)
            itemOut.pointee = Int64(next.item)
        } else {
            found.pointee = 0
        }
    }
}

@_cdecl("gl_grid_section_count")
public func gl_grid_section_count(_ handle: OpaquePointer?, _ count: UnsafeMutablePointer<Int64>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try output(count, "count").pointee = Int64(box.grid.layout.sectionCount)
    }
}

@_cdecl("gl_grid_item_count")
public func gl_grid_item_count(_ handle: OpaquePointer?, _ section: Int64, _ count: UnsafeMutablePointer<Int64>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let count = try output(count, "count")
        count.pointee = Int64(try engine { () throws(GridError) in try box.grid.layout.itemCount(inSection: Int(section)) })
    }
}

// MARK: - Scrolling

@_cdecl("gl_grid_scroll_to")
public func gl_grid_scroll_to(_ handle: OpaquePointer?, _ x: Double, _ y: Double) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_scroll_to")
        try box.moving { () throws(GridError) in try box.grid.scroll(to: Point(x: x, y: y)) }
    }
}

@_cdecl("gl_grid_scroll_by")
public func gl_grid_scroll_by(_ handle: OpaquePointer?, _ dx: Double, _ dy: Double) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_scroll_by")
        try box.moving { () throws(GridError) in try box.grid.scroll(by: dx, dy) }
    }
}

@_cdecl("gl_grid_scroll_to_item")
public func gl_grid_scroll_to_item(_ handle: OpaquePointer?, _ section: Int64, _ item: Int64, _ align: gl_align) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_scroll_to_item")
        let all = ScrollAlignment.allCases
        guard Int(align.rawValue) < all.count else {
            throw CFailure(GL_EINVAL, "alignment \(align.rawValue) is invalid (expected 0...\(all.count - 1))")
        }
        let alignment = all[all.index(all.startIndex, offsetBy: Int(align.rawValue))]
        try box.moving { () throws(GridError) in
            try box.grid.scrollToItem(GridIndexPath(section: Int(section), item: Int(item)), alignment: alignment)
        }
    }
}

@_cdecl("gl_grid_resize")
public func gl_grid_resize(_ handle: OpaquePointer?, _ width: Double, _ height: Double) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_resize")
        try box.withDataSource { () throws(GridError) in try box.grid.resize(to: Size(width: width, height: height)) }
    }
}

@_cdecl("gl_grid_page")
public func gl_grid_page(_ handle: OpaquePointer?, _ page: UnsafeMutablePointer<Int64>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try output(page, "page").pointee = Int64(box.grid.currentPage)
    }
}

@_cdecl("gl_grid_page_count")
public func gl_grid_page_count(_ handle: OpaquePointer?, _ count: UnsafeMutablePointer<Int64>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try output(count, "count").pointee = Int64(box.grid.pageCount)
    }
}

@_cdecl("gl_grid_scroll_to_page")
public func gl_grid_scroll_to_page(_ handle: OpaquePointer?, _ page: Int64) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_scroll_to_page")
        let clamped = Int(max(min(page, Int64(Int32.max) * 65536), -1))
        try box.moving { () throws(GridError) in try box.grid.scroll(toPage: clamped) }
    }
}

@_cdecl("gl_grid_scroll_to_end")
public func gl_grid_scroll_to_end(_ handle: OpaquePointer?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_scroll_to_end")
        try box.moving { () throws(GridError) in try box.grid.scrollToEnd() }
    }
}

@_cdecl("gl_grid_section_offset")
public func gl_grid_section_offset(_ handle: OpaquePointer?, _ section: Int64, _ offset: UnsafeMutablePointer<Double>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let offset = try output(offset, "offset")
        offset.pointee = try box.query { () throws(GridError) in try box.grid.sectionOffset(Int(section)) }
    }
}

@_cdecl("gl_grid_scroll_section")
public func gl_grid_scroll_section(_ handle: OpaquePointer?, _ section: Int64, _ offset: Double) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        try requireIdle(box, "gl_grid_scroll_section")
        try box.moving { () throws(GridError) in try box.grid.scrollSection(Int(section), to: offset) }
    }
}

// MARK: - Events and views

@_cdecl("gl_grid_set_event_handler")
public func gl_grid_set_event_handler(_ handle: OpaquePointer?, _ handler: gl_event_fn?, _ context: UnsafeMutableRawPointer?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        box.handler = handler
        box.handlerContext = context
    }
}

@_cdecl("gl_grid_dequeue")
public func gl_grid_dequeue(_ handle: OpaquePointer?, _ view: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let view = try output(view, "view")
        let v = box.host.views.dequeue()
        if let v { box.dequeued.append(v) }
        view.pointee = v
    }
}

private func loadedItem(_ box: GridBox, _ section: Int64, _ item: Int64) throws(CFailure) -> ElementID {
    let id = ElementID.item(GridIndexPath(section: Int(section), item: Int(item)))
    guard box.isLoadedForCaller(id) else {
        throw CFailure(GL_ERANGE, "item (section \(section), item \(item)) is not loaded (only loaded items have views)")
    }
    return id
}

@_cdecl("gl_grid_attach_view")
public func gl_grid_attach_view(_ handle: OpaquePointer?, _ section: Int64, _ item: Int64, _ view: UnsafeMutableRawPointer?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        guard let view else { throw CFailure(GL_EINVAL, "view is NULL") }
        let id = try loadedItem(box, section, item)
        if let k = box.dequeued.firstIndex(of: view) {
            box.dequeued.remove(at: k)
            box.host.views.attach(view, to: id, isNew: false)
        } else {
            box.host.views.attach(view, to: id, isNew: true)
        }
    }
}

@_cdecl("gl_grid_view")
public func gl_grid_view(_ handle: OpaquePointer?, _ section: Int64, _ item: Int64, _ view: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let view = try output(view, "view")
        view.pointee = box.host.views.view(for: .item(GridIndexPath(section: Int(section), item: Int(item))))
    }
}

@_cdecl("gl_grid_stats")
public func gl_grid_stats(_ handle: OpaquePointer?, _ stats: UnsafeMutablePointer<gl_stats>?) -> gl_status {
    cCall { () throws(CFailure) in
        let box = try lookup(handle)
        let stats = try output(stats, "stats")
        stats.pointee = gl_stats(created: Int64(box.host.views.created), reused: Int64(box.host.views.reused),
                                 live: Int64(box.host.views.liveCount), queued: Int64(box.host.views.pooled))
    }
}

// MARK: - Library

@_cdecl("gl_nearest_name")
public func gl_nearest_name(_ name: UnsafePointer<CChar>?, _ candidates: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int64,
                            _ index: UnsafeMutablePointer<Int64>?) -> gl_status {
    cCall { () throws(CFailure) in
        let index = try output(index, "index")
        guard let name else { throw CFailure(GL_EINVAL, "gl_nearest_name: name is NULL") }
        guard count >= 0 else { throw CFailure(GL_EINVAL, "gl_nearest_name: count \(count) is invalid (expected >= 0)") }
        guard count == 0 || candidates != nil else { throw CFailure(GL_EINVAL, "gl_nearest_name: candidates is NULL") }
        var names: [String] = []
        for k in 0..<Int(count) {
            guard let candidate = candidates![k] else { throw CFailure(GL_EINVAL, "gl_nearest_name: candidates[\(k)] is NULL") }
            names.append(String(cString: candidate))
        }
        let found = Suggestion.nearest(String(cString: name), among: names)
        index.pointee = found.flatMap { names.firstIndex(of: $0) }.map(Int64.init) ?? -1
    }
}

// gl_version, gl_version_string, gl_check_version, gl_last_error and gl_status_name are C
// (Sources/GridLayoutCSupport/support.c): they read the header's macros.
