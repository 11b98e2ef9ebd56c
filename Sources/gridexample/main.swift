// gridexample: lays out a small grid and prints its visible elements.
//
//   gridexample [layout] [direction] [offset]
//
// layout is lanes, waterfall, flow or justified (default lanes); direction vertical or horizontal;
// offset scrolls the viewport along the scroll axis before printing.
import GridLayout
#if canImport(Glibc)
import Glibc
#endif

/// Two sections of 12 items each with a header and varied sizes, and the loader after them.
struct ExampleData: GridDataSource {
    func numberOfSections() -> Int { 2 }
    func numberOfItems(inSection section: Int) -> Int { 12 }
    func sizeForItem(at path: GridIndexPath) -> Size {
        Size(width: 100, height: 60 + Double((path.item * 7) % 5) * 15)
    }
    func headerSize(inSection section: Int) -> Size? { Size(width: 320, height: 30) }
    func showsLoader() -> Bool { true }
}

let arguments = CommandLine.arguments.dropFirst()
var configuration = GridConfiguration()
configuration.lanes = 3
configuration.columns = 3
configuration.padding = Insets(all: 5)
configuration.spacing = 5
configuration.viewport = Size(width: 320, height: 480)
do {
    if let layout = arguments.first { try configuration.set("layout", to: .string(layout)) }
    if arguments.count > 1 { try configuration.set("direction", to: .string(arguments[arguments.startIndex + 1])) }
    let grid = Grid(configuration: configuration, dataSource: ExampleData())
    try grid.reload()
    if arguments.count > 2, let offset = Double(arguments[arguments.startIndex + 2]) {
        try grid.scroll(to: configuration.direction == .vertical ? Point(x: 0, y: offset) : Point(x: offset, y: 0))
    }
    print("layout \(configuration.layout.rawValue), \(configuration.direction.rawValue), content \(grid.contentSize), offset \(grid.contentOffset)")
    for element in grid.visibleElements() {
        print("  \(element)")
    }
} catch {
    print("gridexample: \(error)")
    exit(1)
}
