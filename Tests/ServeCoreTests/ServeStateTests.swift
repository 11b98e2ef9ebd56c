import Testing
import ServeCore

/// The state the page draws, byte for byte: a grid of two 100×48 items in two lanes under a
/// pinned 28-point header, and the loader, scrolled by 10.
@Suite struct ServeStateTests {
    func text(_ answer: ServeAnswer) -> String { String(decoding: answer.body, as: UTF8.self) }

    var state: ServeState {
        ServeState(
            script: "scripts/small.lua", generation: 2,
            content: .init(width: 210, height: 130.5), offset: .init(x: 0, y: 10), viewport: .init(width: 210, height: 100),
            direction: "vertical", sort: true, stickyHeaders: true, overscan: 0, animating: false, dragging: nil,
            elements: [
                ServeElement(kind: "header", section: 1, item: nil, x: 0, y: 10, w: 210, h: 28, pinned: true, label: "header 1"),
                ServeElement(kind: "item", section: 1, item: 1, x: 0, y: 38, w: 100, h: 48, label: "café", fill: "#3a7"),
                ServeElement(kind: "item", section: 1, item: 2, x: 110, y: 38, w: 100, h: 48, alpha: 0.5, scale: 0.75,
                             label: "1.2", fill: "url(http://127.0.0.1/x.png)"),
                ServeElement(kind: "loader", section: nil, item: nil, x: 0, y: 96, w: 210, h: 34.5, label: "loader"),
            ],
            error: nil)
    }

    @Test func theStateIsExactJSONWithSortedKeys() {
        let answer = ServeAnswer.json(state)
        #expect(answer.status == 200 && answer.contentType == "application/json" && answer.allow == nil)
        #expect(text(answer) == """
            {"animating":false,"content":{"height":130.5,"width":210},"direction":"vertical","dragging":null,\
            "edited":false,"elements":[\
            {"alpha":1,"dragged":false,"h":28,"kind":"header","label":"header 1","pinned":true,"scale":1,"section":1,"w":210,"x":0,"y":10},\
            {"alpha":1,"dragged":false,"fill":"#3a7","h":48,"item":1,"kind":"item","label":"café","pinned":false,"scale":1,"section":1,"w":100,"x":0,"y":38},\
            {"alpha":0.5,"dragged":false,"h":48,"item":2,"kind":"item","label":"1.2","pinned":false,"scale":0.75,"section":1,"w":100,"x":110,"y":38},\
            {"alpha":1,"dragged":false,"h":34.5,"kind":"loader","label":"loader","pinned":false,"scale":1,"w":210,"x":0,"y":96}],\
            "error":null,"generation":2,"layout":"lanes","layouts":["lanes","waterfall","flow","justified"],\
            "offset":{"x":0,"y":10},"overscan":0,"script":"scripts/small.lua","sideways":[],"sort":true,\
            "stickyHeaders":true,"ticking":false,"viewport":{"height":100,"width":210}}
            """)
    }

    @Test func aDragsMovesAndTheItemPickedAppearOnlyWhenThereAreSome() {
        var s = state
        s.elements = []
        s.error = "step: boom"
        let move = ServeMove(from: ServeIndexPath(section: 1, item: 1), to: ServeIndexPath(section: 1, item: 2))
        s.dragging = move
        s.picked = .some(nil)  // "begin" where no item could be picked up
        let picked = text(.json(s))
        #expect(picked.contains(#""dragging":{"from":{"item":1,"section":1},"to":{"item":2,"section":1}}"#))
        #expect(picked.contains(#""error":"step: boom""#))
        #expect(picked.contains(#""picked":null"#) && !picked.contains("moved"))
        s.picked = .some(ServeIndexPath(section: 1, item: 1))
        #expect(text(.json(s)).contains(#""picked":{"item":1,"section":1}"#))
        s.picked = nil
        s.moved = move
        let moved = text(.json(s))
        #expect(!moved.contains("picked") && moved.contains(#""moved":{"from":{"item":1,"section":1},"to":{"item":2,"section":1}}"#))
        #expect(!moved.contains("neighbor"))
        s.neighbor = .some(nil)  // /api/neighbor at an edge
        #expect(text(.json(s)).contains(#""neighbor":null"#))
        s.neighbor = .some(ServeIndexPath(section: 2, item: 5))
        #expect(text(.json(s)).contains(#""neighbor":{"item":5,"section":2}"#))
    }

    @Test func sidewaysSectionsAndTheOneScrolled() {
        var s = state
        s.elements = []
        s.sideways = [ServeSectionOffset(section: 1, offset: 0), ServeSectionOffset(section: 3, offset: 123.5)]
        let listed = text(.json(s))
        #expect(listed.contains(#""sideways":[{"offset":0,"section":1},{"offset":123.5,"section":3}]"#))
        #expect(!listed.contains("scrolled"))
        s.scrolled = ServeSectionOffset(section: 3, offset: 123.5)  // after /api/scrollSection
        #expect(text(.json(s)).contains(#""scrolled":{"offset":123.5,"section":3}"#))
    }

    @Test func onlyACSSColourReachesThePage() {
        func fill(_ given: String) -> String? {
            ServeElement(kind: "item", section: 1, item: 1, x: 0, y: 0, w: 1, h: 1, label: "", fill: given).fill
        }
        #expect(fill("#3a7") == "#3a7")
        #expect(fill("rgb(10, 20, 30)") == "rgb(10, 20, 30)")
        #expect(fill("hsl(120 50% 50% / 0.5)") == "hsl(120 50% 50% / 0.5)")
        #expect(fill("red url(http://127.0.0.1/x)") == nil)
        #expect(fill("expression(alert(1))") == nil)
    }

    @Test func aFailureIsAnErrorObjectWithItsStatus() {
        let answer = ServeAnswer.failure(ServeFailure(405, "/api/viewport takes POST, not GET", allow: "POST"))
        #expect(answer.status == 405 && answer.allow == "POST" && answer.contentType == "application/json")
        #expect(text(answer) == #"{"error":"/api/viewport takes POST, not GET"}"#)
        #expect(text(.failure(ServeFailure(404, "not found: /a/b"))) == #"{"error":"not found: /a/b"}"#)
    }

    @Test func aPageFileIsServedAsItIs() {
        let answer = ServeAnswer.page(.script, Array("let a = 1;\n".utf8))
        #expect(answer == ServeAnswer(status: 200, contentType: "text/javascript; charset=utf-8", body: Array("let a = 1;\n".utf8)))
    }
}
