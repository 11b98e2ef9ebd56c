/// One element as the view draws it: what `grid:visible()` (or `grid:elements()`) reports.
/// Sections and items count from 1, as in Lua.
public struct ViewElement: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case item, header, footer, background, loader
    }

    public var kind: Kind
    public var section: Int
    public var item: Int
    /// Where it is drawn, in content points.
    public var frame: ViewRect
    /// Below 1 while it fades in or out.
    public var alpha: Double
    /// A sticky header or footer drawn where it is pinned.
    public var pinned: Bool
    /// The item a drag carries.
    public var dragged: Bool
    /// The item the keyboard's focus is on (the view's `f` mode), drawn with `$` corners.
    public var focused = false
    /// Outside the viewport: shown for context when the view is zoomed out.
    public var context: Bool
    /// The label the data source's `style` gives the item, shown instead of its index path.
    public var title: String?

    public init(kind: Kind, section: Int = 0, item: Int = 0, frame: ViewRect, alpha: Double = 1,
                pinned: Bool = false, dragged: Bool = false, context: Bool = false) {
        self.kind = kind
        self.section = section
        self.item = item
        self.frame = frame
        self.alpha = alpha
        self.pinned = pinned
        self.dragged = dragged
        self.context = context
    }

    /// The label inside its box: the `style` label, else `section.item`, `header s`, `loader` (as
    /// `grid:draw()` labels them). The canvas holds a byte a cell: a character of the style label
    /// that is not printable ASCII shows as `?`.
    public var label: String {
        if let title {
            return String(String.UnicodeScalarView(title.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
        }
        return switch kind {
        case .item: "\(section).\(item)"
        case .header: "header \(section)"
        case .footer: "footer \(section)"
        case .background: "background \(section)"
        case .loader: "loader"
        }
    }

    /// What a click on it reports: its name and frame.
    public var description: String {
        let f = frame
        let name = switch kind {
        case .item: "item \(section).\(item)"
        case .header: pinned ? "header \(section) (pinned)" : "header \(section)"
        case .footer: pinned ? "footer \(section) (pinned)" : "footer \(section)"
        case .background: "background \(section)"
        case .loader: "loader"
        }
        return "\(name)  x=\(ViewFormat.number(f.x)) y=\(ViewFormat.number(f.y)) w=\(ViewFormat.number(f.width)) h=\(ViewFormat.number(f.height))"
    }

    /// The same element (kind and index path), wherever it is drawn.
    public func isSame(as other: ViewElement) -> Bool {
        kind == other.kind && section == other.section && item == other.item
    }

    /// What a zoomed-out view draws for context among `around` (the elements of the window,
    /// marked `context`): each one not among `visible`, and each visible one that crosses the
    /// viewport's edge, whose part outside it the visible copy (clipped to the viewport) would
    /// leave out; the visible copy draws over it. A pinned element is drawn where it is pinned,
    /// not also where it lies.
    public static func context(_ around: [ViewElement], visible: [ViewElement], viewport: ViewRect) -> [ViewElement] {
        around.filter { e in
            guard let shown = visible.first(where: { $0.isSame(as: e) }) else { return true }
            let f = shown.frame
            let inside = f.x >= viewport.x && f.y >= viewport.y && f.maxX <= viewport.maxX && f.maxY <= viewport.maxY
            return !inside && !shown.pinned
        }
    }
}
