/// How a flow line shares its free C space among its items (`justify`; docs/layout.md, "Flow
/// alignment"), as CSS `justify-content` on a wrapping flex row. The free space is the line's C
/// range less its items' C sizes and the `itemSpacing` between them; a line without free space
/// (one item wider than the range) is laid out as `start`.
public enum FlowJustification: String, CaseIterable, Sendable {
    /// Items from the line's start.
    case start
    /// Half the free space before the first item.
    case center
    /// All of it before the first item.
    case end
    /// Shared equally between neighbours; a line of one item is laid out as `start`.
    case spaceBetween
    /// An equal share around each item: half a share at either end of the line.
    case spaceAround
    /// Equal gaps before, between and after the items.
    case spaceEvenly
}
