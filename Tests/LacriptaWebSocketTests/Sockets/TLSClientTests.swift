import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

/// A throwaway CA and two server certificates made with the `openssl` CLI in a temp directory.
struct TestPKI: Sendable {
    /// The CA certificate (PEM) to pass as `caFile`.
    let caFile: String
    /// Leaf for localhost / 127.0.0.1, signed by the CA.
    let server: WebSocketServer.TLSIdentity
    /// Leaf for "other.example" only, signed by the CA: a host-name mismatch for 127.0.0.1/localhost.
    let otherHost: WebSocketServer.TLSIdentity

    /// Generated once per test process; every test reads the same files.
    static let shared: Result<TestPKI, any Error> = Result { try TestPKI.generate() }

    /// Runs the openssl CLI with `arguments` in `directory`.
    private static func openssl(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TimedOut() }
    }

    private static func generate() throws -> TestPKI {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-pki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(
            ["req", "-x509"] + ec + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=lacripta test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ], in: directory)
        func leaf(_ name: String, san: String) throws -> WebSocketServer.TLSIdentity {
            try openssl(["req"] + ec + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(name)"], in: directory)
            try "subjectAltName=\(san)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
                .write(to: directory.appendingPathComponent("\(name).ext"), atomically: true, encoding: .utf8)
            try openssl(
                [
                    "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                    "-out", "\(name).pem", "-days", "2", "-extfile", "\(name).ext",
                ], in: directory)
            return .init(
                certificateFile: directory.appendingPathComponent("\(name).pem").path,
                privateKeyFile: directory.appendingPathComponent("\(name).key").path)
        }
        return TestPKI(
            caFile: directory.appendingPathComponent("ca.pem").path,
            server: try leaf("localhost", san: "DNS:localhost,IP:127.0.0.1"),
            otherHost: try leaf("other", san: "DNS:other.example"))
    }
}

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
        await client.close(code: 1000)
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
            #expect(error.userMessage.contains("not valid for that host name"))
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
