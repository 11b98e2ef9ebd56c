/// What the live view's `+` (zoom in: larger items) and `-` (zoom out: more of them) change in the
/// viewed grid's layout, which the view then animates with `grid:animateTo`:
///
/// - `waterfall`: one column fewer / more (`columns`);
/// - `lanes`: one lane fewer / more (`lanes`);
/// - either of them with `minColumnWidth` set (it wins over `columns` and `lanes`): that width
///   ×1.25 / ÷1.25, within a sixteenth of the viewport's cross size and the whole of it;
/// - `justified`: `rowHeight` ×1.25 / ÷1.25, within a sixteenth of the viewport's scroll-axis size
///   and the whole of it (a row thicker than the viewport never shows whole);
/// - `flow`: its items keep their own sizes, so no option makes them larger: the view's scale
///   zooms instead.
///
/// A step past a limit changes nothing and says which limit it met. Limits the engine keeps
/// itself (columns that no longer fit the width, the most lanes) are its to refuse: its error is
/// the message.
public struct LayoutZoom: Equatable, Sendable {
    /// The grid's options that zooming reads (nil where the grid has none: no `minColumnWidth`).
    public var layout: String
    public var columns: Int
    public var lanes: Int
    public var rowHeight: Double
    public var minColumnWidth: Double?
    /// The viewport's size along the scroll axis and across it.
    public var scrollExtent: Double
    public var crossExtent: Double

    public enum Step: Equatable, Sendable {
        /// `animateTo({[option] = to})`; `from` is the option's value now, for the message.
        case animate(option: String, from: Double, to: Double)
        /// Nothing changes: the message says why.
        case limit(String)
        /// The layout has no option that zooms it: the view's own scale zooms.
        case scaleView
    }

    /// The factor of a zoom step on a length (`rowHeight`, `minColumnWidth`).
    public static let factor = 1.25

    public init(layout: String, columns: Int, lanes: Int, rowHeight: Double, minColumnWidth: Double?,
                scrollExtent: Double, crossExtent: Double) {
        self.layout = layout
        self.columns = columns
        self.lanes = lanes
        self.rowHeight = rowHeight
        self.minColumnWidth = minColumnWidth
        self.scrollExtent = scrollExtent
        self.crossExtent = crossExtent
    }

    /// The step of one press: `zoomIn` for `+`.
    public func step(zoomIn: Bool) -> Step {
        switch layout {
        case "waterfall", "lanes":
            if let width = minColumnWidth, width > 0 {
                return length("minColumnWidth", width, zoomIn: zoomIn, within: crossExtent / 16...crossExtent)
            }
            let (option, count) = layout == "waterfall" ? ("columns", columns) : ("lanes", lanes)
            if zoomIn && count <= 1 { return .limit("zoom: already 1 \(option == "columns" ? "column" : "lane"), the fewest") }
            return .animate(option: option, from: Double(count), to: Double(count + (zoomIn ? -1 : 1)))
        case "justified":
            return length("rowHeight", rowHeight, zoomIn: zoomIn, within: scrollExtent / 16...scrollExtent)
        default:
            return .scaleView
        }
    }

    /// A length ×`factor` in, ÷`factor` out, refused when it would leave `range`.
    private func length(_ option: String, _ value: Double, zoomIn: Bool, within range: ClosedRange<Double>) -> Step {
        let next = zoomIn ? value * LayoutZoom.factor : value / LayoutZoom.factor
        if zoomIn && next > range.upperBound {
            return .limit("zoom: \(option) \(ViewFormat.number(value)) at its limit (at most the viewport's \(ViewFormat.number(range.upperBound)))")
        }
        if !zoomIn && next < range.lowerBound {
            return .limit("zoom: \(option) \(ViewFormat.number(value)) at its limit (at least 1/16 of the viewport's \(ViewFormat.number(range.upperBound)))")
        }
        return .animate(option: option, from: value, to: next)
    }
}
