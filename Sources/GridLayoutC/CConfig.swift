import GridLayout
import GridLayoutCSupport

/// The C configuration from the engine's.
func cConfig(_ c: GridConfiguration) -> gl_config {
    var g = gl_config()
    g.struct_size = MemoryLayout<gl_config>.size
    g.layout = Int32(LayoutKind.allCases.firstIndex(of: c.layout)!)
    g.direction = Int32(ScrollDirection.allCases.firstIndex(of: c.direction)!)
    g.width = c.viewport.width
    g.height = c.viewport.height
    g.padding = gl_insets(top: c.padding.top, left: c.padding.left, bottom: c.padding.bottom, right: c.padding.right)
    g.spacing = c.spacing
    g.lanes = Int32(c.lanes)
    g.columns = Int32(c.columns)
    g.order = Int32(WaterfallOrder.allCases.firstIndex(of: c.order)!)
    g.widow = Int32(WidowStyle.allCases.firstIndex(of: c.widow)!)
    g.row_height = c.rowHeight
    g.tolerance = c.tolerance
    g.loader_size = gl_size(w: c.loaderSize.width, h: c.loaderSize.height)
    g.sticky_headers = c.stickyHeaders ? 1 : 0
    g.paging = c.paging ? 1 : 0
    g.paging_inverse_order = c.pagingInverseOrder ? 1 : 0
    g.overscan = c.overscan
    g.animation_duration = c.animationDuration
    g.sort = c.sort ? 1 : 0
    g.drag_hysteresis = c.dragHysteresis
    g.auto_scroll_margin = c.autoScrollMargin
    g.auto_scroll_speed = c.autoScrollSpeed
    g.max_pooled_views = Int64(c.maxPooledViews)
    g.line_spacing = c.lineSpacing
    g.item_spacing = c.itemSpacing
    g.rtl = c.rtl ? 1 : 0
    g.scale = c.scale
    g.estimated_size = gl_size(w: c.estimatedSize.width, h: c.estimatedSize.height)
    g.inset = gl_insets(top: c.inset.top, left: c.inset.left, bottom: c.inset.bottom, right: c.inset.right)
    return g
}

/// The engine's configuration from the C one, checked. Fields beyond the caller's struct_size
/// come from `base`.
func swiftConfig(_ p: UnsafePointer<gl_config>?, base: GridConfiguration = GridConfiguration()) throws(CFailure) -> GridConfiguration {
    guard let p else { throw CFailure(GL_EINVAL, "config is NULL") }
    let g = try readVersioned(p, size: p.pointee.struct_size, minimum: configMinimumSize,
                              defaults: cConfig(base), "gl_config")
    func choice<T: CaseIterable>(_ value: Int32, _ field: String, _: T.Type) throws(CFailure) -> T {
        let all = Array(T.allCases)
        guard value >= 0 && Int(value) < all.count else {
            throw CFailure(GL_EINVAL, "gl_config.\(field): \(value) is invalid (expected 0...\(all.count - 1))")
        }
        return all[Int(value)]
    }
    func flag(_ value: Int32, _ field: String) throws(CFailure) -> Bool {
        guard value == 0 || value == 1 else { throw CFailure(GL_EINVAL, "gl_config.\(field): \(value) is invalid (expected 0 or 1)") }
        return value == 1
    }
    var c = GridConfiguration()
    c.layout = try choice(g.layout, "layout", LayoutKind.self)
    c.direction = try choice(g.direction, "direction", ScrollDirection.self)
    c.order = try choice(g.order, "order", WaterfallOrder.self)
    c.widow = try choice(g.widow, "widow", WidowStyle.self)
    c.viewport = Size(width: g.width, height: g.height)
    c.padding = Insets(top: g.padding.top, left: g.padding.left, bottom: g.padding.bottom, right: g.padding.right)
    // Each field the caller changed (from what `base` reads) does what it says: a changed
    // `spacing` sets both spacings, then a changed line_spacing or item_spacing sets its own.
    // NaN in `spacing` (what it reads while they differ) changes nothing.
    c.lineSpacing = base.lineSpacing
    c.itemSpacing = base.itemSpacing
    if !g.spacing.isNaN && !(g.spacing == base.spacing) {
        guard let spacing = GridConfiguration.option(named: "spacing") else { preconditionFailure("the spacing option") }
        _ = try engine { () throws(GridError) in try spacing.checked(.number(g.spacing)) }
        c.spacing = g.spacing
    }
    if !(g.line_spacing == base.lineSpacing) { c.lineSpacing = g.line_spacing }
    if !(g.item_spacing == base.itemSpacing) { c.itemSpacing = g.item_spacing }
    c.lanes = Int(g.lanes)
    c.columns = Int(g.columns)
    c.rowHeight = g.row_height
    c.tolerance = g.tolerance
    c.loaderSize = Size(width: g.loader_size.w, height: g.loader_size.h)
    c.stickyHeaders = try flag(g.sticky_headers, "sticky_headers")
    c.paging = try flag(g.paging, "paging")
    c.pagingInverseOrder = try flag(g.paging_inverse_order, "paging_inverse_order")
    c.overscan = g.overscan
    c.animationDuration = g.animation_duration
    c.sort = try flag(g.sort, "sort")
    c.dragHysteresis = g.drag_hysteresis
    c.autoScrollMargin = g.auto_scroll_margin
    c.autoScrollSpeed = g.auto_scroll_speed
    guard (0...Int64(GridLimits.maxPooledViews)).contains(g.max_pooled_views) else {
        throw CFailure(GL_EINVAL, "gl_config.max_pooled_views: \(g.max_pooled_views) is invalid (expected 0...\(GridLimits.maxPooledViews))")
    }
    c.maxPooledViews = Int(g.max_pooled_views)
    c.rtl = try flag(g.rtl, "rtl")
    c.scale = g.scale
    c.estimatedSize = Size(width: g.estimated_size.w, height: g.estimated_size.h)
    c.inset = Insets(top: g.inset.top, left: g.inset.left, bottom: g.inset.bottom, right: g.inset.right)
    try engine { () throws(GridError) in try c.validate() }
    return c
}
