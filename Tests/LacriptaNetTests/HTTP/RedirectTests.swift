import Foundation
import LacriptaNetServer
import LacriptaSimulator
import LacriptaSimulatorTestSupport
import LacriptaTestSupport
import Testing

@testable import LacriptaNet

/// A simulator `HTTPServer` that records each request and answers with `route`.
private final class RecordingServer: Sendable {
    let server: HTTPServer
    private let log: Locked<[LacriptaSimulator.HTTPRequest]>

    init(_ route: @escaping @Sendable (LacriptaSimulator.HTTPRequest, UInt16) -> LacriptaSimulator.HTTPResponse) throws {
        let log = Locked<[LacriptaSimulator.HTTPRequest]>([])
        self.log = log
        let port = Locked<UInt16>(0)
        server = try HTTPServer { request in
            log.withLock { $0.append(request) }
            return route(request, port.withLock { $0 })
        }
        port.withLock { $0 = server.port }
    }

    /// The requests received so far, in order.
    var requests: [LacriptaSimulator.HTTPRequest] { log.withLock { $0 } }

    /// `http://host:port` + `path`.
    func url(_ path: String, host: String = "127.0.0.1") -> URL {
        URL(string: "http://\(host):\(server.port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    deinit { server.stop() }
}

/// A redirect to `location`.
private func redirect(_ status: Int = 302, to location: String) -> LacriptaSimulator.HTTPResponse {
    LacriptaSimulator.HTTPResponse(status: status, headers: HTTPHeaders([("Location", location)]))
}

/// One GET with the key header, as the REST client sends it.
private func get(_ url: URL, transport: NativeHTTPTransport = NativeHTTPTransport()) async throws -> LacriptaNet.HTTPResponse {
    try await transport.get(LacriptaNet.HTTPRequest(url: url, headers: ["authorization": "Apikey k-123"], timeout: 30))
}

/// The `NetError` a GET ends with, or nil.
private func failure(_ url: URL) async -> NetError? {
    do {
        _ = try await get(url)
        return nil
    } catch {
        return error as? NetError
    }
}

@Suite("Redirects over real sockets")
struct RedirectTests {
    @Test("each redirect status is followed to the answer, which names the URL that gave it", arguments: [301, 302, 303, 307, 308])
    func followed(status: Int) async throws {
        let server = try RecordingServer { request, _ in
            request.path == "/old" ? redirect(status, to: "/new?page=2") : .text("moved here", status: 200)
        }
        let response = try await get(server.url("/old"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "moved here")
        #expect(response.url == server.url("/new?page=2"))
        #expect(server.requests.map(\.target) == ["/old", "/new?page=2"])
        #expect(server.requests.allSatisfy { $0.method == "GET" && $0.headers["authorization"] == "Apikey k-123" })
    }

    @Test("five redirects are followed; the sixth fails, naming its target without the query")
    func limit() async throws {
        let server = try RecordingServer { request, _ in
            let hop = Int(request.path.dropFirst()) ?? 0
            return hop < 6 ? redirect(to: "/\(hop + 1)?token=secret") : .text("end", status: 200)
        }
        #expect(try await get(server.url("/1")).status == 200)
        let error = try #require(await failure(server.url("/0")))
        #expect(error == NetError(.tooManyRedirects(limit: 5)))
        #expect(error.url == server.url("/6"))
        #expect(!error.description.contains("secret"))
    }

    @Test("an https:// server redirecting to http:// is refused before anything is sent in clear text")
    func noDowngrade() async throws {
        let pki = try TestPKI.shared.get()
        let plain = try RecordingServer { _, _ in .text("clear text", status: 200) }
        let location = "http://127.0.0.1:\(plain.server.port)/data?api_key=secret"
        let secure = try ScriptedHTTPServer(
            reply: .pieces([Array("HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\n\r\n".utf8)]), tls: pki.server)
        defer { secure.stop() }
        do {
            _ = try await get(secure.url(path: "/data", host: "localhost"), transport: NativeHTTPTransport(caFile: pki.caFile))
            Issue.record("followed https:// to http://")
        } catch let error as NetError {
            #expect(error == NetError(.insecureRedirect))
            #expect(error.url == plain.url("/data"))
            #expect(!error.description.contains("secret"))
        }
        #expect(plain.requests.isEmpty)
    }

    @Test("credential headers go along within the origin and are dropped once a redirect leaves it, by host or by port")
    func credentials() async throws {
        let elsewhere = try RecordingServer { _, _ in .text("final", status: 200) }
        let elsewherePort = elsewhere.server.port
        let server = try RecordingServer { request, port in
            switch request.path {
            case "/same": redirect(to: "/other-host")
            case "/other-host": redirect(to: "http://localhost:\(port)/back")
            case "/back": redirect(to: "http://127.0.0.1:\(port)/other-port")
            case "/other-port": redirect(to: "http://127.0.0.1:\(elsewherePort)/final")
            default: .text("final", status: 200)
            }
        }
        let request = LacriptaNet.HTTPRequest(
            url: server.url("/same"), headers: ["accept": "application/json"],
            credentials: ["authorization": "Apikey k-123", "x-cg-demo-api-key": "CG-demo"], timeout: 30)
        #expect(try await NativeHTTPTransport().get(request).status == 200)
        let requests = server.requests
        #expect(requests.map(\.path) == ["/same", "/other-host", "/back", "/other-port"])
        #expect(requests.map { $0.headers["authorization"] } == ["Apikey k-123", "Apikey k-123", nil, nil])
        #expect(requests.map { $0.headers["x-cg-demo-api-key"] } == ["CG-demo", "CG-demo", nil, nil])
        #expect(requests[2].headers["Host"] == "localhost:\(server.server.port)")
        let final = try #require(elsewhere.requests.first, "the chain reached the server on the other port")
        #expect(final.headers["authorization"] == nil && final.headers["x-cg-demo-api-key"] == nil)
        #expect(final.headers["accept"] == "application/json")
    }

    @Test("a failure after a redirect is located at the URL it failed on")
    func locatedAfterRedirect() async throws {
        // A port kept bound and never listening: a freed one can go to another test's listener.
        let closed = try #require(ClosedPort())
        let closedPort = closed.port
        let server = try RecordingServer { _, _ in redirect(to: "http://127.0.0.1:\(closedPort)/gone?key=1") }
        let error = try #require(await failure(server.url("/start")))
        #expect(error == NetError(.connectionRefused))
        #expect(error.url?.absoluteString == "http://127.0.0.1:\(closedPort)/gone")
        withExtendedLifetime(closed) {}
    }
}
