import Foundation
import LacriptaSimulator
import LacriptaSimulatorTestSupport
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

/// wss:// against the fake server with a private CA: trust, host names and a TLS echo.
@Suite struct TLSClientTests {
    @Test func echoOverTLSWhenTheCAIsPassed() async throws {
        let pki = try TestPKI.shared.get()
        let (server, client, peer) = try await connectedPair(behavior: .init(echoMessages: true), tls: pki.server, caFile: pki.caFile)
        defer { server.stop() }
        try await client.send(.text("over tls"))
        #expect(try await nextMessage(client) == .text("over tls"))
        let big = [UInt8](repeating: 0x5A, count: 200_000)
        try await client.send(.binary(big))
        #expect(try await nextMessage(client) == .binary(big))
        peer.sendClose(code: .goingAway)
        #expect(try await streamEnding(client) == nil)
        #expect(await client.closeStatus?.code == .goingAway)
    }

    @Test func ipLiteralIsVerifiedAgainstTheIPSAN() async throws {
        let pki = try TestPKI.shared.get()
        let server = try WebSocketServer(tls: pki.server)
        defer { server.stop() }
        let client = try await testClient(caFile: pki.caFile).open(server.url())  // wss://127.0.0.1:port
        await client.close(code: .normalClosure)
    }

    @Test func untrustedCAFailsClearly() async throws {
        let pki = try TestPKI.shared.get()
        let server = try WebSocketServer(tls: pki.server)
        defer { server.stop() }
        do {
            _ = try await testClient().open(server.url(host: "localhost"))
            Issue.record("connected to a server with an untrusted certificate")
        } catch let error as WebSocketError {
            #expect(error.kind == .tlsUntrustedCertificate)
            #expect(error.userMessage.contains("not trusted"))
        }
    }

    @Test func hostNameMismatchFailsClearly() async throws {
        let pki = try TestPKI.shared.get()
        let server = try WebSocketServer(tls: pki.otherHost)
        defer { server.stop() }
        do {
            _ = try await testClient(caFile: pki.caFile).open(server.url(host: "localhost"))
            Issue.record("connected although the certificate names another host")
        } catch let error as WebSocketError {
            #expect(error.kind == .tlsHostnameMismatch)
            #expect(error.userMessage.contains("is for another host name"))
        }
    }

    @Test func expiredCertificateFailsClearly() async throws {
        let pki = try TestPKI.shared.get()
        let server = try WebSocketServer(tls: pki.expired)
        defer { server.stop() }
        do {
            _ = try await testClient(caFile: pki.caFile).open(server.url(host: "localhost"))
            Issue.record("connected although the certificate expired in 2020")
        } catch let error as WebSocketError {
            #expect(error.kind == .tlsCertificateExpired)
            #expect(error.userMessage.contains("has expired or is not yet valid"))
        }
    }

    @Test func abruptLossOverTLSThrows() async throws {
        let pki = try TestPKI.shared.get()
        let (server, client, peer) = try await connectedPair(tls: pki.server, caFile: pki.caFile)
        defer { server.stop() }
        peer.dropConnection(midFrame: true)
        #expect(try await streamEnding(client)?.kind == .connectionLost)
    }

    @Test func unreadableCAFileIsReported() async throws {
        let pki = try TestPKI.shared.get()
        let server = try WebSocketServer(tls: pki.server)
        defer { server.stop() }
        await #expect(throws: WebSocketError(.caFileUnreadable)) {
            _ = try await testClient(caFile: "/nonexistent/ca.pem").open(server.url(host: "localhost"))
        }
    }
}
