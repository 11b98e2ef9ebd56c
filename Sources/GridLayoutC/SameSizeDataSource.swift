import GridLayout
import GridLayoutCSupport

/// The bulk data source with GL_SAME_SIZE: per section a count and one size (item 0's).
/// A removal or a move changes the counts (an insert needs new sections with the item).
struct SameSizeDataSource: GridDataSource {
    let arrays: ArrayDataSource
    var counts: [Int]
    /// Each section's one size: its item 0's, or that of an item moved into it when it had none.
    var sizes: [Size]

    init(arrays: ArrayDataSource, counts: [Int]) {
        self.arrays = arrays
        self.counts = counts
        sizes = arrays.sections.map { $0.sizes.first ?? Size(width: 0, height: 0) }
    }

    func numberOfSections() -> Int { counts.count }
    /// Throws for a section the counts lack (fewer sections set, then a reload_section).
    func numberOfItems(inSection section: Int) throws -> Int {
        guard counts.indices.contains(section) else {
            throw ArrayDataSource.OutOfRange(indexPath: GridIndexPath(section: section, item: 0), itemCount: nil)
        }
        return counts[section]
    }
    func sizeForItem(at indexPath: GridIndexPath) throws -> Size {
        try check(indexPath, extra: 0)
        return sizes[indexPath.section]
    }
    func headerSize(inSection section: Int) throws -> Size? { try arrays.headerSize(inSection: section) }
    func showsLoader() -> Bool { arrays.showLoader }
    func itemsHaveSameSize() -> Bool { true }
    func lanes(inSection section: Int) throws -> Int? { try arrays.lanes(inSection: section) }
    func footerSize(inSection section: Int) throws -> Size? { try arrays.footerSize(inSection: section) }
    func options(forSection section: Int) throws -> SectionOptions? { try arrays.options(forSection: section) }

    mutating func removeItem(at indexPath: GridIndexPath) throws {
        try check(indexPath, extra: 0)
        counts[indexPath.section] -= 1
    }

    mutating func moveItem(from: GridIndexPath, to: GridIndexPath) throws {
        try check(from, extra: 0)
        try check(to, extra: from.section == to.section ? 0 : 1)
        if counts[to.section] == 0 { sizes[to.section] = sizes[from.section] }
        counts[from.section] -= 1
        counts[to.section] += 1
    }

    /// The counts may have changed under a pending mutation (gl_grid_set_sections): an error, not a trap.
    private func check(_ path: GridIndexPath, extra: Int) throws {
        guard counts.indices.contains(path.section) else { throw ArrayDataSource.OutOfRange(indexPath: path, itemCount: nil) }
        guard path.item >= 0 && path.item < counts[path.section] + extra else {
            throw ArrayDataSource.OutOfRange(indexPath: path, itemCount: counts[path.section])
        }
    }
}
