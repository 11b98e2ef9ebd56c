import Testing
@testable import LiveViewCore

/// The picture: boxes, labels, styles, stacking and hit-testing.
@Suite struct ViewCanvasTests {
    /// 40x10 cells over a 400x200 viewport: 0.1 columns and 0.05 rows a point.
    let geometry = ViewGeometry(viewport: ViewRect(x: 0, y: 0, width: 400, height: 200), columns: 40, rows: 10)

    func item(_ s: Int, _ i: Int, _ x: Double, _ y: Double, _ w: Double = 100, _ h: Double = 60) -> ViewElement {
        ViewElement(kind: .item, section: s, item: i, frame: ViewRect(x: x, y: y, width: w, height: h))
    }

    @Test func itemsHeadersAndTheLoaderEachHaveTheirBorder() {
        let elements = [
            ViewElement(kind: .header, section: 1, frame: ViewRect(x: 0, y: 0, width: 400, height: 40), pinned: true),
            item(1, 1, 0, 40), item(1, 12, 100, 40),
            ViewElement(kind: .loader, frame: ViewRect(x: 250, y: 120, width: 100, height: 60)),
        ]
        let canvas = ViewCanvas.render(elements, geometry)
        #expect(canvas.lines == [
            "@header 1==============================@",  // two rows: the label on the edge
            "@======================================@",
            "+--------++--------+",
            "|1.1     ||1.12    |",
            "+--------++--------+",
            "",
            "                         *~~~~~~~~*",
            "                         |loader  |",
            "                         *~~~~~~~~*",
            "",
        ])
        #expect(canvas.cell(0, 0).style == .pinned)
        #expect(canvas.cell(1, 3).style == .item)
        #expect(canvas.cell(26, 7).style == .loader)
        #expect(canvas.cell(39, 9).style == .blank)
        #expect(canvas.runs(3).map(\.style) == [.item, .blank])
        #expect(canvas.runs(3).map(\.text).joined().count == 40)
    }

    /// The focused item (`f`, then the arrows through `grid:neighbor`) has `$` corners and its own
    /// style, drawn over its neighbours.
    @Test func theFocusedItemStandsOut() {
        var focused = item(1, 2, 90, 40)
        focused.focused = true
        let canvas = ViewCanvas.render([item(1, 1, 0, 40), focused], geometry)
        #expect(canvas.lines[2] == "+--------$--------$", "column 9 is both edges: the focus wins")
        #expect(canvas.lines[3] == "|1.1     |1.2     |")
        #expect(canvas.cell(9, 2).style == .focused)
        #expect(canvas.cell(1, 2).style == .item)
        let later = ViewCanvas.render([focused, item(1, 3, 180, 40)], geometry)
        #expect(later.cell(18, 2).character == "$", "drawn after the item that follows it")
    }

    /// A section's background is drawn beneath everything, listed first or not, with `;` edges and
    /// no label: here (0, 0, 300, 160), cells 0…29 × 0…7, under an item at (100, 40).
    @Test func backgroundsAreBeneathEverythingAndUnlabelled() {
        let background = ViewElement(kind: .background, section: 1, frame: ViewRect(x: 0, y: 0, width: 300, height: 160))
        let canvas = ViewCanvas.render([item(1, 1, 100, 40), background], geometry)
        #expect(canvas.lines == [
            ";;;;;;;;;;;;;;;;;;;;;;;;;;;;;;",
            "|                            |",
            "|         +--------+         |",
            "|         |1.1     |         |",
            "|         +--------+         |",
            "|                            |",
            "|                            |",
            ";;;;;;;;;;;;;;;;;;;;;;;;;;;;;;",
            "",
            "",
        ])
        #expect(canvas.cell(0, 0).style == .background)
        #expect(canvas.element(atColumn: 12, row: 3)?.kind == .item)
        #expect(canvas.element(atColumn: 2, row: 3)?.kind == .background)
        #expect(background.description == "background 1  x=0 y=0 w=300 h=160")
    }

    @Test func aFlatHeaderHasItsLabelOnItsEdge() {
        let header = ViewElement(kind: .header, section: 2, frame: ViewRect(x: 0, y: 0, width: 400, height: 20))
        #expect(ViewCanvas.render([header], geometry).lines[0] == "#header 2==============================#")
    }

    @Test func aPinnedFooterHasTheCornersOfAPinnedHeader() {
        let pinned = ViewElement(kind: .footer, section: 1, frame: ViewRect(x: 0, y: 180, width: 400, height: 20), pinned: true)
        let canvas = ViewCanvas.render([pinned], geometry)
        #expect(canvas.lines[9] == "@footer 1______________________________@")
        #expect(canvas.cell(0, 9).style == .pinned)
        #expect(pinned.description == "footer 1 (pinned)  x=0 y=180 w=400 h=20")
        let own = ViewElement(kind: .footer, section: 1, frame: ViewRect(x: 0, y: 180, width: 400, height: 20))
        #expect(ViewCanvas.render([own], geometry).lines[9] == "&footer 1______________________________&")
    }

    @Test func draggedOverItemsHeadersOverItemsContextUnderAll() {
        var dragged = item(1, 3, 50, 50)
        dragged.dragged = true
        var context = item(2, 1, 0, 40)
        context.context = true
        let header = ViewElement(kind: .header, section: 1, frame: ViewRect(x: 0, y: 0, width: 400, height: 60))
        let canvas = ViewCanvas.render([dragged, header, item(1, 1, 0, 40), context], geometry)
        #expect(canvas.lines[2] == "#====%--------%========================#")
        #expect(canvas.element(atColumn: 6, row: 3)?.item == 3)   // the dragged item is on top
        #expect(canvas.element(atColumn: 1, row: 4)?.item == 1)   // then the item, over the context one
        #expect(canvas.element(atColumn: 30, row: 1)?.kind == .header)
        #expect(canvas.element(atColumn: 30, row: 8) == nil)
    }

    @Test func fadingAndContextElementsLookDifferent() {
        var fading = item(1, 1, 0, 0)
        fading.alpha = 0.5
        var context = item(1, 2, 200, 0)
        context.context = true
        let canvas = ViewCanvas.render([fading, context], geometry)
        #expect(canvas.lines[0] == "..........          +::::::::+")
        #expect(canvas.lines[1] == "|1.1     |          :1.2     :")
        #expect(canvas.cell(0, 0).style == .fading && canvas.cell(20, 0).style == .context)
    }

    @Test func elementsPartlyOffTheCanvasAreClipped() {
        let canvas = ViewCanvas.render([item(1, 1, -50, -30), item(1, 2, 380, 190, 1e9, 1e9)], geometry)
        #expect(canvas.lines[0] == "1.1 |")  // the label on the first row shown
        #expect(canvas.lines[1] == "----+")
        #expect(canvas.lines[9] == String(repeating: " ", count: 38) + "+1")  // one row shown: label on the edge
    }

    @Test func labelsAreCutToTheBox() {
        let canvas = ViewCanvas.render([item(10, 123, 0, 0, 40, 60)], geometry)
        #expect(canvas.lines[1] == "|10|")
    }
}

/// Elements are cut at the viewport's edges (the margins beside it stay blank); context elements
/// are not.
@Suite struct ViewCanvasClipTests {
    @Test func visibleElementsAreClippedToTheViewport() {
        // A 200x200 viewport in 40x10 cells: 0.05 rows a point, 0.1 columns, 10 columns of margin each side.
        let geometry = ViewGeometry(viewport: ViewRect(x: 100, y: 0, width: 200, height: 200), columns: 40, rows: 10)
        let across = ViewElement(kind: .item, section: 1, item: 7, frame: ViewRect(x: 50, y: 0, width: 100, height: 100))
        var context = ViewElement(kind: .item, section: 1, item: 6, frame: ViewRect(x: 0, y: 100, width: 90, height: 100))
        context.context = true
        let canvas = ViewCanvas.render([across, context], geometry)
        #expect(canvas.lines[0] == "          ----+")
        #expect(canvas.lines[1] == "          1.7 |")
        #expect(canvas.lines[5] == "+:::::::+")
        #expect(canvas.element(atColumn: 9, row: 1) == nil)   // the margin: nothing of 1.7 shows there
        #expect(canvas.element(atColumn: 10, row: 1)?.item == 7)
    }
}

/// Zoomed out, the viewport is outlined just outside its cells (as the SVG picture outlines it).
@Suite struct ViewCanvasOutlineTests {
    @Test func zoomedOutTheViewportIsOutlined() {
        // A 200x100 viewport in 40x10 cells at zoom 0.5: 20x5 cells for it, 10 columns and
        // 2 rows of margin each side: its cells are columns 10...29, rows 2...6.
        let geometry = ViewGeometry(viewport: ViewRect(x: 0, y: 0, width: 200, height: 100), columns: 40, rows: 10, zoom: 0.5)
        #expect(geometry.cells(geometry.viewport) == (10, 2, 29, 6))
        let item = ViewElement(kind: .item, section: 1, item: 1, frame: ViewRect(x: 0, y: 0, width: 200, height: 100))
        let canvas = ViewCanvas.render([item], geometry)
        #expect(canvas.lines[1] == "         +\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"+")
        #expect(canvas.lines[2] == "         !+------------------+!")
        #expect(canvas.lines[3] == "         !|1.1               |!")
        #expect(canvas.lines[7] == "         +\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"+")
        #expect(canvas.cell(9, 1).style == .outline && canvas.cell(10, 2).style == .item)
        #expect(canvas.element(atColumn: 9, row: 3) == nil)  // the outline is no element
        // An item that crosses the viewport's edge is drawn whole: the part outside as context
        // (its copy from the window's elements), the part inside over it.
        let crossing = ViewElement(kind: .item, section: 1, item: 2, frame: ViewRect(x: 150, y: 50, width: 100, height: 100))
        let pinned = ViewElement(kind: .header, section: 1, frame: ViewRect(x: 0, y: 0, width: 200, height: 20), pinned: true)
        var around = [crossing, pinned, item]
        for k in around.indices { around[k].context = true }
        around[1].frame.y = -150  // where the pinned header lies, above the viewport
        let context = ViewElement.context(around, visible: [crossing, pinned, item], viewport: geometry.viewport)
        #expect(context.map(\.item) == [2] && context.allSatisfy(\.context))
        let whole = ViewCanvas.render([crossing] + context, geometry)
        #expect(Array(whole.lines[4...9]) == [
            "         !               +----!:::+",
            "         !               |1.2 !   :",
            "         !               |    !   :",
            "         +\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"+   :",
            "                         :        :",
            "                         +::::::::+",
        ])
        #expect(whole.cell(31, 5).style == .context && whole.cell(26, 5).style == .item)
        // At zoom 1 and above, nothing is outlined.
        let fitted = ViewCanvas.render([item], ViewGeometry(viewport: geometry.viewport, columns: 40, rows: 10))
        #expect(!(0..<fitted.height).contains { y in (0..<fitted.width).contains { fitted.cell($0, y).style == .outline } })
    }
}
