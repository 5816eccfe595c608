import LacriptaNet
import LacriptaSimulator
import Testing

@Suite("HTTP server over real sockets")
struct HTTPServerTests {
    /// A server whose handler echoes the path and serves scripted behaviours under /fault/….
    private func makeServer() throws -> HTTPServer {
        try HTTPServer { request in
            switch request.path {
            case "/fault/drop": HTTPResponse(delivery: .closeWithoutAnswer)
            case "/fault/cut": HTTPResponse.text("0123456789", status: 200).delivered(.truncatedBody(bytes: 4))
            case "/fault/raw": HTTPResponse(delivery: .raw(Array("NOT HTTP AT ALL".utf8)))
            case "/fault/slow": HTTPResponse.text("late", status: 200).delayed(by: .seconds(60))
            default: HTTPResponse.text("path=\(request.path)", status: 200)
            }
        }
    }

    @Test("Binding port 0 reports the real port and keep-alive serves several requests on one connection")
    func keepAlive() throws {
        let server = try makeServer()
        defer { server.stop() }
        #expect(server.port != 0)
        let client = try RawHTTPClient(port: server.port)
        for path in ["/one", "/two", "/three"] {
            client.get(path)
            guard case .response(let response) = client.read() else {
                Issue.record("no answer for \(path)")
                return
            }
            #expect(response.text == "path=\(path)")
            #expect(response.headers["Content-Length"] == String(response.body.count))
            #expect(response.headers["Connection"] == nil)
        }
    }

    @Test("Connection: close is honoured: answer, then the server closes")
    func connectionClose() throws {
        let server = try makeServer()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.get("/bye", close: true)
        guard case .response(let response) = client.read() else {
            Issue.record("no answer")
            return
        }
        #expect(response.headers["Connection"] == "close")
        #expect(client.isClosedByServer())
    }

    @Test("A malformed request gets 400 and the connection is closed")
    func malformedRequest() throws {
        let server = try makeServer()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send("THIS IS NOT HTTP\r\n\r\n")
        guard case .response(let response) = client.read() else {
            Issue.record("no answer")
            return
        }
        #expect(response.status == 400)
        #expect(client.isClosedByServer())
    }

    @Test("Behaviours: close without answer, a body cut short, raw garbage")
    func behaviours() throws {
        let server = try makeServer()
        defer { server.stop() }
        let dropped = try RawHTTPClient(port: server.port)
        dropped.get("/fault/drop")
        guard case .closedWithoutAnswer = dropped.read() else {
            Issue.record("expected a silent close")
            return
        }
        let cut = try RawHTTPClient(port: server.port)
        cut.get("/fault/cut")
        guard case .response(let response) = cut.read() else {
            Issue.record("expected a head")
            return
        }
        #expect(response.headers["Content-Length"] == "10")
        #expect(response.text == "0123")
        #expect(response.bodyCutShort)
        let raw = try RawHTTPClient(port: server.port)
        raw.get("/fault/raw")
        guard case .notHTTP(let bytes) = raw.read() else {
            Issue.record("expected raw bytes")
            return
        }
        #expect(bytes == Array("NOT HTTP AT ALL".utf8))
    }

    @Test("stop() cuts a delayed answer short, closes idle connections and refuses new ones")
    func stopClosesEverything() throws {
        let server = try makeServer()
        let slow = try RawHTTPClient(port: server.port)
        slow.get("/fault/slow")
        let idle = try RawHTTPClient(port: server.port)
        idle.get("/idle")
        guard case .response = idle.read() else {
            Issue.record("no answer before stop")
            return
        }
        // The slow answer is 60 s away; nothing may arrive in the first moment.
        guard case .timedOut = slow.read(timeout: 0.2) else {
            Issue.record("the delayed answer came early")
            return
        }
        server.stop()
        #expect(slow.isClosedByServer(timeout: 30))
        #expect(idle.isClosedByServer(timeout: 30))
        #expect(throws: NetError(.connectionRefused)) { try RawHTTPClient(port: server.port) }
        server.stop()  // idempotent
    }
}
