import Foundation
import LacriptaSimulator
import Testing

@testable import LacriptaNet

/// Conditional GET at the HTTP layer: validators from a response, sent back, and a 304.
@Suite("Conditional requests")
struct ConditionalRequestTests {
    @Test("validators come from ETag and Last-Modified and go back as If-None-Match and If-Modified-Since")
    func headers() throws {
        let response = HTTPResponse(status: 200, headers: ["etag": "W/\"v1\"", "last-modified": "Sun, 06 Nov 1994 08:49:37 GMT"], body: Data())
        let validators = HTTPValidators(response: response)
        #expect(validators == HTTPValidators(etag: "W/\"v1\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT"))
        let request = HTTPRequest(url: try #require(URL(string: "http://a.example/x")), headers: ["accept": "application/json"])
            .conditional(on: validators)
        #expect(
            request.headers == [
                "accept": "application/json", "if-none-match": "W/\"v1\"", "if-modified-since": "Sun, 06 Nov 1994 08:49:37 GMT",
            ])
        #expect(HTTPValidators(response: HTTPResponse(status: 200, body: Data())).isEmpty)
    }

    @Test(
        "a validator that could not be sent back as one header line is dropped",
        arguments: [
            "\"a\"\nX-Injected: 1", "\"a\u{0}\"", "\"caf\u{E9}\"", "", String(repeating: "a", count: 1025),
        ])
    func unsendable(etag: String) {
        #expect(HTTPValidators(etag: etag).etag == nil)
    }

    @Test("a 304's own validators replace the stored ones; missing ones keep them")
    func updated() {
        let stored = HTTPValidators(etag: "\"v1\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(stored.updated(by: HTTPValidators(etag: "\"v2\"")) == HTTPValidators(etag: "\"v2\"", lastModified: stored.lastModified))
        #expect(stored.updated(by: HTTPValidators()) == stored)
    }

    @Test("over a real socket: the validators go out and a 304 comes back without a body")
    func notModified() async throws {
        let server = try HTTPServer { request in
            if request.headers["If-None-Match"] == "\"v1\"" { return LacriptaSimulator.HTTPResponse(status: 304) }
            return LacriptaSimulator.HTTPResponse(
                status: 200, headers: HTTPHeaders([("ETag", "\"v1\""), ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT")]),
                body: Array("the body".utf8))
        }
        defer { server.stop() }
        let transport = NativeHTTPTransport()
        let plain = LacriptaNet.HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/feed")))
        let first = try await transport.get(plain)
        #expect(first.status == 200)
        let validators = HTTPValidators(response: first)
        #expect(validators.etag == "\"v1\"")
        let second = try await transport.get(plain.conditional(on: validators))
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
    }
}
