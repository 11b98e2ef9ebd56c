import Testing
@testable import LiveViewCore

/// The status lines, click descriptions, and the index path the `g` prompt reads.
@Suite struct ViewStatusTests {
    @Test func statusLines() {
        var s = ViewStatus()
        s.offsetX = 7900
        s.contentWidth = 32000.5
        s.contentHeight = 700
        s.visibleCount = 42
        s.viewsCreated = 42
        s.viewsReused = 3
        s.layoutSeconds = 0.000_423
        #expect(s.lines(width: 200) == ["offset 7900,0  content 32000.5x700  zoom 100%",
                                        "42 visible  views 42 created, 3 reused  layout 0.42 ms"])
        s.paging = true
        s.page = 2
        s.pageCount = 31
        s.zoom = 1.25
        s.layoutSeconds = nil
        #expect(s.lines(width: 200) == ["offset 7900,0  content 32000.5x700  page 2/31  zoom 125%",
                                        "42 visible  views 42 created, 3 reused  layout -"])
        #expect(s.lines(width: 10) == ["offset 790", "42 visible"])
        s.estimated = true  // estimatedSize: the content size counts items not laid out yet
        #expect(s.lines(width: 200)[0] == "offset 7900,0  content ~32000.5x700  page 2/31  zoom 125%")
        s.estimated = false
        #expect(s.help(width: 200).hasSuffix("click: info"))
        s.sort = true
        #expect(s.help(width: 200).hasSuffix("click: info, drag: move"))
    }

    /// `f` leads the key help; while a focus is on, the help is the focus's keys (the arrows move it
    /// instead of scrolling), cut at the width as the rest is.
    @Test func focusKeys() {
        var s = ViewStatus()
        #expect(s.help(width: 200).hasPrefix("f focus  q quit  hjkl/arrows  "))
        #expect(s.help(width: 20) == "f focus  q quit  hjk")
        #expect(s.help(width: 0) == "")
        s.focusing = true
        #expect(s.help(width: 200) == "focus: arrows/hjkl move it  Enter reports it  f ends it  q quit")
        #expect(s.help(width: 80) == s.help(width: 200))
        #expect(s.help(width: 40) == "focus: arrows/hjkl move it  Enter report")
        s.sort = true  // a drag still works, but the focus's keys are the ones to know
        #expect(s.help(width: 200) == "focus: arrows/hjkl move it  Enter reports it  f ends it  q quit")
        s.focusing = false
        #expect(s.help(width: 200).hasPrefix("f focus  q quit  "))
    }

    @Test func milliseconds() {
        #expect(ViewFormat.milliseconds(0.000_004) == "0.0 ms")
        #expect(ViewFormat.milliseconds(0.0125) == "12.5 ms")
        #expect(ViewFormat.milliseconds(1.5) == "1500 ms")
        #expect(ViewFormat.number(-0.5) == "-0.5")
        #expect(ViewFormat.number(1.0 / 3) == "0.33")
    }

    @Test func elementDescriptions() {
        let item = ViewElement(kind: .item, section: 1, item: 5, frame: ViewRect(x: 110, y: 120, width: 90, height: 60.5))
        #expect(item.description == "item 1.5  x=110 y=120 w=90 h=60.5")
        #expect(item.label == "1.5")
        let pinned = ViewElement(kind: .header, section: 2, frame: ViewRect(x: 0, y: 24, width: 320, height: 30), pinned: true)
        #expect(pinned.description == "header 2 (pinned)  x=0 y=24 w=320 h=30")
        #expect(ViewElement(kind: .loader, frame: ViewRect(x: 1, y: 2, width: 3, height: 4)).label == "loader")
        #expect(item.isSame(as: ViewElement(kind: .item, section: 1, item: 5, frame: pinned.frame)))
        #expect(!item.isSame(as: pinned))
    }

    @Test func indexPaths() {
        #expect(IndexPathInput.parse("2.5")! == (2, 5))
        #expect(IndexPathInput.parse("2 5")! == (2, 5))
        #expect(IndexPathInput.parse("3,14")! == (3, 14))
        #expect(IndexPathInput.parse("7")! == (1, 7))
        #expect(IndexPathInput.parse("0.0")! == (0, 0))  // the grid says what is out of range
        for bad in ["", "..", "1.2.3", "a.b", "1.x", "-1.2", "99999999999999999999.1"] {
            #expect(IndexPathInput.parse(bad) == nil, "\(bad)")
        }
        #expect(IndexPathInput.accepts("4") && IndexPathInput.accepts(".") && !IndexPathInput.accepts("x"))
    }
}
