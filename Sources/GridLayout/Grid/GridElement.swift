/// Which element: an item, a section's header, footer or background, or the loader. Ordered as
/// elements are listed: by section, its background, its header, items ascending, then the footer;
/// the loader last.
public enum ElementID: Hashable, Comparable, Sendable, CustomStringConvertible {
    case item(GridIndexPath)
    case header(section: Int)
    case footer(section: Int)
    /// Beneath the section's other elements (`background`): listed and drawn before them.
    case background(section: Int)
    case loader

    @inlinable var order: (Int, Int) {
        switch self {
        case .header(let s): return (s, -1)
        case .item(let p): return (p.section, p.item)
        case .footer(let s): return (s, .max)
        case .background(let s): return (s, -2)
        case .loader: return (.max, .max)
        }
    }

    @inlinable public static func < (a: ElementID, b: ElementID) -> Bool { a.order < b.order }

    public var description: String {
        switch self {
        case .item(let p): return "item \(p.section).\(p.item)"
        case .header(let s): return "header \(s)"
        case .footer(let s): return "footer \(s)"
        case .background(let s): return "background \(s)"
        case .loader: return "loader"
        }
    }
}

/// An element and where it is drawn: its frame in content coordinates, and during a transition
/// its opacity and scale (an inserted item fades in, a removed one fades and shrinks).
///
/// The stored properties are declared largest first because Swift lays them out in declaration
/// order: the 17-byte `id` (an index path and the case) placed between the Doubles would pad the
/// element, and every query result, loaded set and copy of one would move the padding too.
public struct GridElement: Hashable, Sendable, CustomStringConvertible {
    public var frame: Rect
    /// Opacity, 0...1 (1 outside transitions).
    public var alpha: Double
    /// Scale about the frame's centre, 0...1 (1 outside transitions); the frame is the unscaled one.
    public var scale: Double
    public var id: ElementID
    /// True for a sticky header drawn pinned at the viewport's leading edge, or a sticky footer at its
    /// trailing edge, rather than in its place.
    public var pinned: Bool
    /// True for the item being dragged: its frame follows the drag point instead of its slot.
    public var dragged: Bool

    public init(id: ElementID, frame: Rect, pinned: Bool = false, alpha: Double = 1, scale: Double = 1, dragged: Bool = false) {
        self.id = id
        self.frame = frame
        self.pinned = pinned
        self.alpha = alpha
        self.scale = scale
        self.dragged = dragged
    }

    public var description: String {
        var text = "\(id) \(frame)"
        if pinned { text += " pinned" }
        if alpha != 1 { text += " alpha \(formatNumber(alpha))" }
        if scale != 1 { text += " scale \(formatNumber(scale))" }
        if dragged { text += " dragged" }
        return text
    }
}
