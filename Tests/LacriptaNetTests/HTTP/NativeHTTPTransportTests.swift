import Foundation
import LacriptaNetServer
import LacriptaSimulator
import LacriptaSimulatorTestSupport
import LacriptaTestSupport
import Testing

@testable import LacriptaNet

/// One GET through `transport`.
private func get(
    _ url: URL, headers: [String: String] = [:], timeout: TimeInterval = 10,
    transport: NativeHTTPTransport = NativeHTTPTransport()
) async throws -> LacriptaNet.HTTPResponse {
    try await transport.get(LacriptaNet.HTTPRequest(url: url, headers: headers, timeout: timeout))
}

/// The `NetError` a GET ends with, or nil if it succeeded or failed otherwise.
private func failure(
    _ url: URL, timeout: TimeInterval = 10, transport: NativeHTTPTransport = NativeHTTPTransport()
) async -> NetError? {
    do {
        _ = try await get(url, timeout: timeout, transport: transport)
        return nil
    } catch {
        return error as? NetError
    }
}

/// The bytes of `text`, for scripting replies.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("Native HTTP transport over real sockets")
struct NativeHTTPTransportTests {
    @Test("a Content-Length answer written in pieces (the head split mid-line) arrives whole, headers lower-cased")
    func splitReads() async throws {
        let server = try ScriptedHTTPServer(
            reply: .pieces([
                bytes("HTTP/1.1 200 OK\r\nConte"), bytes("nt-Length: 11\r\nX-Test: yes\r"), bytes("\n\r\nhello"), bytes(" world"),
            ]))
        defer { server.stop() }
        let response = try await get(server.url(path: "/data"))
        #expect(response.status == 200)
        #expect(response.headers["x-test"] == "yes")
        #expect(response.headers["content-length"] == "11")
        #expect(String(decoding: response.body, as: UTF8.self) == "hello world")
    }

    @Test("the request carries the target, Host with the port, the caller's headers, identity encoding and close")
    func requestHead() async throws {
        let server = try ScriptedHTTPServer(reply: .pieces([bytes("HTTP/1.1 204 No Content\r\n\r\n")]))
        defer { server.stop() }
        let response = try await get(
            server.url(path: "/data/v2/news/?lang=EN"), headers: ["authorization": "Apikey k-123", "user-agent": "lacripta"])
        #expect(response.status == 204)
        let lines = try #require(server.requestHeads.first).components(separatedBy: "\r\n")
        #expect(lines.first == "GET /data/v2/news/?lang=EN HTTP/1.1")
        #expect(lines.contains("Host: 127.0.0.1:\(server.port)"))
        #expect(lines.contains("authorization: Apikey k-123"))
        #expect(lines.contains("user-agent: lacripta"))
        #expect(lines.contains("Accept-Encoding: identity"))
        #expect(lines.contains("Connection: close"))
    }

    @Test("a chunked answer in pieces is decoded")
    func chunked() async throws {
        let server = try ScriptedHTTPServer(
            reply: .pieces([
                bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel"), bytes("lo\r\n6\r"), bytes("\n world\r\n0\r\n"),
                bytes("\r\n"),
            ]))
        defer { server.stop() }
        #expect(String(decoding: try await get(server.url()).body, as: UTF8.self) == "hello world")
    }

    @Test("without Content-Length the body ends when the server closes")
    func untilClose() async throws {
        let server = try ScriptedHTTPServer(reply: .pieces([bytes("HTTP/1.1 200 OK\r\n\r\nhello"), bytes(" world")]))
        defer { server.stop() }
        #expect(String(decoding: try await get(server.url()).body, as: UTF8.self) == "hello world")
    }

    @Test("an answer larger than the cap is refused, whether announced or streamed")
    func oversized() async throws {
        let small = NativeHTTPTransport(maxResponseSize: 1024)
        let announced = try ScriptedHTTPServer(reply: .pieces([bytes("HTTP/1.1 200 OK\r\nContent-Length: 4096\r\n\r\n")]))
        defer { announced.stop() }
        #expect(await failure(announced.url(), transport: small) == NetError(.responseTooLarge(limit: small.maxResponseSize)))
        let streamed = try ScriptedHTTPServer(
            reply: .pieces([bytes("HTTP/1.1 200 OK\r\n\r\n")] + Array(repeating: [UInt8](repeating: 0x61, count: 700), count: 3)))
        defer { streamed.stop() }
        #expect(await failure(streamed.url(), transport: small) == NetError(.responseTooLarge(limit: small.maxResponseSize)))
    }

    @Test("the default cap is 16 MiB: one byte over fails cleanly, announced or streamed; a body at the cap arrives")
    func defaultCap() async throws {
        let limit = NativeHTTPTransport.defaultMaxResponseSize
        #expect(limit == 16 << 20)
        let tooLarge = NetError(.responseTooLarge(limit: limit))
        let announced = try ScriptedHTTPServer(reply: .pieces([bytes("HTTP/1.1 200 OK\r\nContent-Length: \(limit + 1)\r\n\r\n")]))
        defer { announced.stop() }
        #expect(await failure(announced.url()) == tooLarge)
        let chunk = try ScriptedHTTPServer(
            reply: .pieces([bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(String(limit + 1, radix: 16))\r\n")]))
        defer { chunk.stop() }
        #expect(await failure(chunk.url()) == tooLarge)
        let streamed = try ScriptedHTTPServer(
            reply: .pieces([bytes("HTTP/1.1 200 OK\r\n\r\n"), [UInt8](repeating: 0x61, count: limit + 1)]))
        defer { streamed.stop() }
        #expect(await failure(streamed.url()) == tooLarge)
        let atCap = try ScriptedHTTPServer(
            reply: .pieces([bytes("HTTP/1.1 200 OK\r\nContent-Length: \(limit)\r\n\r\n"), [UInt8](repeating: 0x61, count: limit)]))
        defer { atCap.stop() }
        #expect(try await get(atCap.url()).body.count == limit)
    }

    @Test("an answer that is not HTTP, or cut short, says so")
    func malformedAndCut() async throws {
        let garbage = try ScriptedHTTPServer(reply: .pieces([bytes("SSH-2.0-OpenSSH_9.2\r\n\r\n")]))
        defer { garbage.stop() }
        let notHTTP = await failure(garbage.url())
        #expect(notHTTP == NetError(.malformedResponse))
        #expect(notHTTP?.reason == "the server's answer was not valid HTTP")
        #expect(notHTTP?.url == garbage.url())
        let cut = try ScriptedHTTPServer(reply: .pieces([bytes("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhalf")]))
        defer { cut.stop() }
        let cutShort = await failure(cut.url())
        #expect(cutShort == NetError(.truncatedResponse))
        #expect(cutShort?.reason == "the server closed the connection before the answer was complete")
    }

    @Test("a server that never answers runs into the request's timeout")
    func timeout() async throws {
        let server = try ScriptedHTTPServer(reply: .silence)
        defer { server.stop() }
        #expect(await failure(server.url(), timeout: 0.3) == NetError(.timedOut))
    }

    @Test("a closed port is cannotConnect, an unknown host hostNotFound")
    func refusedAndUnknown() async throws {
        // A port kept bound and never listening: a freed one can go to another test's listener.
        let refusing = try #require(ClosedPort())
        let port = refusing.port
        let closed = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let unknown = try #require(URL(string: "http://lacripta-test.invalid/"))
        #expect(await failure(closed) == NetError(.connectionRefused))
        withExtendedLifetime(refusing) {}
        #expect(await failure(unknown) == NetError(.hostNotFound))
    }

    @Test("cancelling the task ends a request the server never answers")
    func cancellation() async throws {
        let server = try ScriptedHTTPServer(reply: .silence)
        defer { server.stop() }
        let url = server.url()
        let task = Task { try await get(url, timeout: 60) }
        // Wait for the request to reach the server (bounded in polls: liveness only).
        #expect(try await Polling.until { !server.requestHeads.isEmpty })
        #expect(server.requestHeads.count == 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

@Suite("Native HTTP transport over TLS")
struct NativeHTTPTransportTLSTests {
    private static let reply = ScriptedHTTPServer.Reply.pieces([Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)])

    @Test("https:// to a server whose CA is in caFile works, by name and by IP")
    func trusted() async throws {
        let pki = try TestPKI.shared.get()
        let server = try ScriptedHTTPServer(reply: Self.reply, tls: pki.server)
        defer { server.stop() }
        let transport = NativeHTTPTransport(caFile: pki.caFile)
        for host in ["localhost", "127.0.0.1"] {
            let response = try await get(server.url(host: host), transport: transport)
            #expect(String(decoding: response.body, as: UTF8.self) == "ok")
        }
        let heads = server.requestHeads
        #expect(heads.count == 2)
        #expect(heads.first?.contains("\r\nHost: localhost:\(server.port)\r\n") == true)
        #expect(heads.last?.contains("\r\nHost: 127.0.0.1:\(server.port)\r\n") == true)
    }

    @Test("without the CA, or with a certificate for another name, the TLS check fails")
    func untrusted() async throws {
        let pki = try TestPKI.shared.get()
        let server = try ScriptedHTTPServer(reply: Self.reply, tls: pki.server)
        defer { server.stop() }
        #expect(await failure(server.url(host: "localhost")) == NetError(.tlsUntrustedCertificate))
        let other = try ScriptedHTTPServer(reply: Self.reply, tls: pki.otherHost)
        defer { other.stop() }
        #expect(await failure(other.url(host: "localhost"), transport: NativeHTTPTransport(caFile: pki.caFile)) == NetError(.tlsHostnameMismatch))
    }

    @Test("an unreadable CA file is reported as such")
    func unreadableCAFile() async throws {
        let pki = try TestPKI.shared.get()
        let server = try ScriptedHTTPServer(reply: Self.reply, tls: pki.server)
        defer { server.stop() }
        let transport = NativeHTTPTransport(caFile: "/nonexistent/ca.pem")
        #expect(await failure(server.url(host: "localhost"), transport: transport) == NetError(.caFileUnreadable))
    }
}
