/// Which way a section's items scroll (`scroll`; docs/layout.md, "Sections that scroll sideways").
public enum SectionScroll: String, CaseIterable, Sendable {
    /// With the grid, along S: the section's layout places its items.
    case main
    /// Sideways, along C, by the section's own offset: its items stand in `lanes` lines that run
    /// along C (`CrossLayout`), and the section is as thick along S as its lines.
    case cross
}
