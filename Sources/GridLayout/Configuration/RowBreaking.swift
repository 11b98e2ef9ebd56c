/// Where a justified section breaks its items into rows (`rows`; docs/layout.md, "Optimal rows").
public enum RowBreaking: String, CaseIterable, Sendable {
    /// Flickr's rule: each row closes as soon as it fits the tolerance (`JustifiedLayout`).
    case greedy
    /// The breaks that keep the rows' heights nearest `rowHeight` over the whole section
    /// (`OptimalRowBreaks`): the section is laid out whole.
    case optimal
}
