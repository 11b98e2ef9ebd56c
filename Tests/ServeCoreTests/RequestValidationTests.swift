import Testing
import ServeCore
import GridLayout

/// The JSON bodies of the API's requests: every refusal is a 400 whose message names the field
/// and shows the object expected; a drag phase out of turn is a 409.
@Suite struct RequestValidationTests {
    let viewportShape = #"(expected {"x": number, "y": number, "width": number, "height": number})"#
    let dragShape = #"(expected {"phase": "begin" | "move" | "end", "x": number, "y": number})"#

    func viewport(_ body: String) -> ServeFailure? {
        do { _ = try ViewportRequest.parse(Array(body.utf8)) } catch { return error }
        return nil
    }

    let neighborShape = #"(expected {"section": integer, "item": integer, "direction": "up" | "down" | "left" | "right" | "next" | "previous"})"#

    func neighbor(_ body: String) -> ServeFailure? {
        do { _ = try NeighborRequest.parse(Array(body.utf8)) } catch { return error }
        return nil
    }

    let scrollSectionShape = #"(expected {"section": integer, "offset": number})"#

    func scrollSection(_ body: String) -> Result<ScrollSectionRequest, ServeFailure> {
        do { return .success(try ScrollSectionRequest.parse(Array(body.utf8))) } catch { return .failure(error) }
    }

    @Test func aScrollSectionBodyNamesTheField() {
        func refused(_ message: String) -> Result<ScrollSectionRequest, ServeFailure> { .failure(ServeFailure(400, message)) }
        #expect(scrollSection("") == refused("/api/scrollSection: the request has no body \(scrollSectionShape)"))
        #expect(scrollSection("[1, 2]") == refused("/api/scrollSection: the body is not a JSON object \(scrollSectionShape)"))
        #expect(scrollSection(#"{"section": 1}"#) == refused("/api/scrollSection: 'offset' is missing \(scrollSectionShape)"))
        #expect(scrollSection(#"{"offset": 10}"#) == refused("/api/scrollSection: 'section' is missing \(scrollSectionShape)"))
        #expect(scrollSection(#"{"section": "1", "offset": 10}"#)
                == refused("/api/scrollSection: 'section' has the wrong type \(scrollSectionShape)"))
        #expect(scrollSection(#"{"section": 1, "offset": "10"}"#)
                == refused("/api/scrollSection: 'offset' has the wrong type \(scrollSectionShape)"))
        #expect(scrollSection(#"{"section": 0, "offset": 10}"#) == refused("/api/scrollSection: 'section' must be an integer >= 1, got 0"))
        // Past either end is the engine's to clamp; a section it has not, or that does not scroll
        // sideways, its to refuse.
        #expect(scrollSection(#"{"section": 3, "offset": -40.5}"#) == .success(ScrollSectionRequest(section: 3, offset: -40.5)))
        #expect(scrollSection(#"{"section": 99, "offset": 1e9}"#) == .success(ScrollSectionRequest(section: 99, offset: 1e9)))
    }

    func drag(_ body: String) -> ServeFailure? {
        do { _ = try DragRequest.parse(Array(body.utf8)) } catch { return error }
        return nil
    }

    @Test func aViewportBodyThatIsNotTheObjectSaysWhatIsWrong() {
        #expect(viewport("") == ServeFailure(400, "/api/viewport: the request has no body \(viewportShape)"))
        #expect(viewport("{not json") == ServeFailure(400, "/api/viewport: the body is not JSON \(viewportShape)"))
        #expect(viewport("[1, 2]") == ServeFailure(400, "/api/viewport: the body is not a JSON object \(viewportShape)"))
        #expect(viewport(#"{"x": 0, "y": 0, "width": 300}"#) == ServeFailure(400, "/api/viewport: 'height' is missing \(viewportShape)"))
        #expect(viewport(#"{"x": "0", "y": 0, "width": 300, "height": 200}"#)
                == ServeFailure(400, "/api/viewport: 'x' has the wrong type \(viewportShape)"))
        #expect(viewport(#"{"x": null, "y": 0, "width": 300, "height": 200}"#)
                == ServeFailure(400, "/api/viewport: 'x' has the wrong type \(viewportShape)"))
    }

    @Test func aViewportOutOfRangeNamesTheFieldAndTheRange() {
        #expect(viewport(#"{"x": -1, "y": 0, "width": 300, "height": 200}"#)
                == ServeFailure(400, "/api/viewport: 'x' must be a finite number >= 0, got -1.0"))
        #expect(viewport(#"{"x": 0, "y": 0, "width": 0, "height": 200}"#)
                == ServeFailure(400, "/api/viewport: 'width' must be a number in 1...100000, got 0.0"))
        #expect(viewport(#"{"x": 0, "y": 0, "width": 300, "height": 100001}"#)
                == ServeFailure(400, "/api/viewport: 'height' must be a number in 1...100000, got 100001.0"))
        #expect(viewport(#"{"x": 0, "y": 0, "width": 1, "height": 100000}"#) == nil)
    }

    @Test func aDragBodyNamesWhatIsMissingOrUnknown() {
        #expect(drag("") == ServeFailure(400, "/api/drag: the request has no body \(dragShape)"))
        #expect(drag(#"{"x": 1, "y": 1}"#) == ServeFailure(400, "/api/drag: 'phase' is missing \(dragShape)"))
        #expect(drag(#"{"phase": "fling", "x": 1, "y": 1}"#)
                == ServeFailure(400, "/api/drag: unknown phase 'fling' (expected begin, move or end)"))
        #expect(drag(#"{"phase": "begin"}"#)
                == ServeFailure(400, "/api/drag: phase 'begin' needs 'x' and 'y' (a point in the viewport)"))
        #expect(drag(#"{"phase": "move", "x": 1}"#)
                == ServeFailure(400, "/api/drag: phase 'move' needs 'x' and 'y' (a point in the viewport)"))
        #expect(drag(#"{"phase": "end", "x": "anything"}"#) == ServeFailure(400, "/api/drag: 'x' has the wrong type \(dragShape)"))
    }

    @Test func aNeighborBodyNamesTheFieldAndAnUnknownDirection() {
        #expect(neighbor("") == ServeFailure(400, "/api/neighbor: the request has no body \(neighborShape)"))
        #expect(neighbor(#"{"section": 1, "item": 2}"#) == ServeFailure(400, "/api/neighbor: 'direction' is missing \(neighborShape)"))
        #expect(neighbor(#"{"section": 1, "item": "2", "direction": "up"}"#)
                == ServeFailure(400, "/api/neighbor: 'item' has the wrong type \(neighborShape)"))
        #expect(neighbor(#"{"section": 0, "item": 2, "direction": "up"}"#)
                == ServeFailure(400, "/api/neighbor: 'section' must be an integer >= 1, got 0"))
        #expect(neighbor(#"{"section": 1, "item": -3, "direction": "up"}"#)
                == ServeFailure(400, "/api/neighbor: 'item' must be an integer >= 1, got -3"))
        #expect(neighbor(#"{"section": 1, "item": 2, "direction": "dwon"}"#)
                == ServeFailure(400, "/api/neighbor: unknown direction 'dwon' (expected up, down, left, right, next or previous) (did you mean 'down'?)"))
        #expect(neighbor(#"{"section": 1, "item": 2, "direction": "sideways"}"#)
                == ServeFailure(400, "/api/neighbor: unknown direction 'sideways' (expected up, down, left, right, next or previous)"))
        for direction in NavigationDirection.allCases {
            #expect(neighbor(#"{"section": 1, "item": 2, "direction": "\#(direction.rawValue)"}"#) == nil)
        }
    }

    @Test func aDragPhaseOutOfTurnIs409() {
        let noDrag = ServeFailure(409, "/api/drag: no drag is in progress (send phase 'begin' first)")
        #expect(DragRequest.move(x: 1, y: 1).outOfTurn(dragging: false) == noDrag)
        #expect(DragRequest.end.outOfTurn(dragging: false) == noDrag)
        #expect(DragRequest.begin(x: 1, y: 1).outOfTurn(dragging: true)
                == ServeFailure(409, "/api/drag: a drag is already in progress (send phase 'end' first)"))
        #expect(DragRequest.begin(x: 1, y: 1).outOfTurn(dragging: false) == nil)
        #expect(DragRequest.move(x: 1, y: 1).outOfTurn(dragging: true) == nil)
        #expect(DragRequest.end.outOfTurn(dragging: true) == nil)
    }
}
