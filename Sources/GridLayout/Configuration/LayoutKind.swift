/// Which algorithm places the items (see docs/layout.md, "Layouts").
public enum LayoutKind: String, CaseIterable, Sendable {
    /// SMGridView: each item into the lane whose next item starts first, ties to the lowest lane.
    case lanes
    /// Columns of equal width; items scaled to the column width, content S = tallest column.
    case waterfall
    /// CSS flex-wrap: items along C, wrapping onto a new line when the next one does not fit.
    case flow
    /// Flickr justified rows: rows scaled by aspect ratio to fill the width.
    case justified
}
