import GridLayout

/// How every face labels an element — `draw()`, `svg()`, gridrepl's live view and browser view:
/// an item by its `style` label, else by its index path; a header, footer or background by its kind and
/// section, the loader by its kind. An item's `style` also gives its fill (`svg()` and the
/// browser view colour its box with it).
public struct ElementLabel: Equatable, Sendable {
    public var text: String
    /// The item's fill from `style` (a CSS colour), or nil for the default colour.
    public var fill: String?

    public init(text: String, fill: String? = nil) {
        self.text = text
        self.fill = fill
    }

    /// The label of `element` as `grid` draws it, sections and items counted from `base`. An
    /// item's `style` is asked with the item's index path in the data, which during a drag is not
    /// the slot it is drawn in (the preview shows the dragged item in its target slot and the
    /// others shifted around it); only items are asked. Throws what `style` throws, and
    /// `GridError.invalidStyle` for a fill that is not a CSS colour.
    public static func of(_ element: GridElement, in grid: Grid, base: Int, style: StyleSource?) throws -> ElementLabel {
        guard case .item(let path) = element.id else { return ElementLabel(text: standard(element.id, base: base)) }
        let answer = try ItemStyle.asking(style, grid.dataIndexPath(path))
        return ElementLabel(text: answer?.label ?? standard(element.id, base: base), fill: answer?.fill)
    }

    /// The label of an element its style does not label: `2.5` for an item, `header 2`,
    /// `footer 2`, `background 2`, `loader`, counted from `base`.
    public static func standard(_ id: ElementID, base: Int) -> String {
        switch id {
        case .item(let p): "\(p.section + base).\(p.item + base)"
        case .header(let s): "header \(s + base)"
        case .footer(let s): "footer \(s + base)"
        case .background(let s): "background \(s + base)"
        case .loader: "loader"
        }
    }
}
