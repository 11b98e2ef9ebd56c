import Testing
import ServeCore

/// Which request reaches which route, and how the others are refused: status, message and, for
/// the wrong method, the methods allowed.
@Suite struct ServeRouteTests {
    func route(_ method: String, _ path: String, _ body: String = "", type: String? = "application/json") -> Result<ServeRoute, ServeFailure> {
        do { return .success(try ServeRoute.route(method: method, path: path, contentType: type, body: Array(body.utf8))) } catch {
            return .failure(error)
        }
    }

    @Test func thePageAndTheStateAreGETs() {
        #expect(route("GET", "/") == .success(.page(.html)))
        #expect(route("GET", "/index.html") == .success(.page(.html)))
        #expect(route("HEAD", "/") == .success(.page(.html)))
        #expect(route("GET", "/page.js") == .success(.page(.script)))
        #expect(route("GET", "/page.css") == .success(.page(.style)))
        #expect(route("GET", "/api/state", type: nil) == .success(.state))
        #expect(PageFile.html.contentType == "text/html; charset=utf-8")
        #expect(PageFile.script.contentType == "text/javascript; charset=utf-8")
        #expect(PageFile.style.contentType == "text/css; charset=utf-8")
    }

    @Test func theAPIsPOSTsCarryTheirValidatedBodies() {
        #expect(route("POST", "/api/viewport", #"{"x": 0, "y": 250.5, "width": 885, "height": 518}"#)
                == .success(.viewport(ViewportRequest(x: 0, y: 250.5, width: 885, height: 518))))
        #expect(route("POST", "/api/drag", #"{"phase": "begin", "x": 10, "y": 20}"#) == .success(.drag(.begin(x: 10, y: 20))))
        #expect(route("POST", "/api/drag", #"{"phase": "move", "x": -5, "y": 1e3}"#) == .success(.drag(.move(x: -5, y: 1000))))
        #expect(route("POST", "/api/drag", #"{"phase": "end"}"#) == .success(.drag(.end)))
        #expect(route("POST", "/api/drag", #"{"phase": "end"}"#, type: "Application/JSON; charset=utf-8") == .success(.drag(.end)))
        #expect(route("POST", "/api/neighbor", #"{"section": 2, "item": 5, "direction": "left"}"#)
                == .success(.neighbor(NeighborRequest(section: 2, item: 5, direction: .left))))
        #expect(route("POST", "/api/scrollSection", #"{"section": 2, "offset": 160}"#)
                == .success(.scrollSection(ScrollSectionRequest(section: 2, offset: 160))))
        #expect(route("GET", "/api/scrollSection")
                == .failure(ServeFailure(405, "/api/scrollSection takes POST, not GET", allow: "POST")))
    }

    @Test func anUnknownPathIs404() {
        #expect(route("GET", "/nothing") == .failure(ServeFailure(404, "not found: /nothing")))
        #expect(route("POST", "/api/nothing") == .failure(ServeFailure(404, "not found: /api/nothing")))
    }

    @Test func theWrongMethodIs405WithTheMethodsAllowed() {
        #expect(route("GET", "/api/viewport") == .failure(ServeFailure(405, "/api/viewport takes POST, not GET", allow: "POST")))
        #expect(route("POST", "/api/state") == .failure(ServeFailure(405, "/api/state takes GET, not POST", allow: "GET, HEAD")))
        #expect(route("DELETE", "/") == .failure(ServeFailure(405, "/ takes GET, not DELETE", allow: "GET, HEAD")))
    }

    @Test func aPOSTThatDoesNotSayJSONIs415() {
        let refusal = ServeFailure(415, "/api/viewport: the body must be sent as Content-Type: application/json")
        #expect(route("POST", "/api/viewport", #"{"x": 0, "y": 0, "width": 1, "height": 1}"#, type: "text/plain") == .failure(refusal))
        #expect(route("POST", "/api/viewport", "", type: nil) == .failure(refusal))
    }

    @Test func theGateChecksTheHostAndTheBodysSize() {
        #expect(ServeGate.checkHost("127.0.0.1:8737", port: 8737) == nil)
        #expect(ServeGate.checkHost("localhost:8737", port: 8737) == nil)
        let foreign = ServeFailure(403, "this server answers to http://127.0.0.1:8737/ only")
        #expect(ServeGate.checkHost("evil.example:8737", port: 8737) == foreign)
        #expect(ServeGate.checkHost("127.0.0.1:8738", port: 8737) == foreign)
        #expect(ServeGate.checkHost(nil, port: 8737) == foreign)
        #expect(ServeGate.checkDeclaredLength(nil) == nil)
        #expect(ServeGate.checkDeclaredLength("16777216") == nil)
        #expect(ServeGate.checkDeclaredLength("16777217") == ServeFailure(413, "the request body (16777217 bytes) is larger than 65536 bytes"))
        #expect(ServeGate.bodyTooLarge(path: "/api/drag") == ServeFailure(413, "/api/drag: the request body is larger than 65536 bytes"))
    }
}
