import Foundation
import LacriptaSimulator

/// A throwaway CA and three server certificates made with the `openssl` CLI in a temp directory.
public struct TestPKI: Sendable {
    /// The CA certificate (PEM) to pass as `caFile`.
    public let caFile: String
    /// Leaf for localhost / 127.0.0.1, signed by the CA.
    public let server: WebSocketServer.TLSIdentity
    /// Leaf for "other.example" only, signed by the CA: a host-name mismatch for 127.0.0.1/localhost.
    public let otherHost: WebSocketServer.TLSIdentity
    /// A certificate for localhost and 127.0.0.1 from the same CA that expired on 2 January 2020.
    public let expired: WebSocketServer.TLSIdentity

    /// Generated once per test process; every test reads the same files.
    public static let shared: Result<TestPKI, any Error> = Result { try TestPKI.generate() }

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
        guard process.terminationStatus == 0 else { throw OpenSSLFailed(arguments: arguments) }
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
        // `openssl x509` (3.0) cannot date a certificate in the past; `openssl ca` can, from a
        // minimal CA configuration of its own.
        func expired() throws -> WebSocketServer.TLSIdentity {
            try openssl(["req"] + ec + ["-keyout", "expired.key", "-out", "expired.csr", "-subj", "/CN=localhost"], in: directory)
            try "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
                .write(to: directory.appendingPathComponent("expired.ext"), atomically: true, encoding: .utf8)
            let configuration = [
                "[ca]", "default_ca=test", "[test]", "database=index.txt", "new_certs_dir=.", "certificate=ca.pem",
                "private_key=ca.key", "serial=serial", "default_md=sha256", "policy=anything", "unique_subject=no",
                "[anything]", "commonName=supplied",
            ]
            try (configuration.joined(separator: "\n") + "\n").write(
                to: directory.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
            try "".write(to: directory.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
            try "1000\n".write(to: directory.appendingPathComponent("serial"), atomically: true, encoding: .utf8)
            try openssl(
                [
                    "ca", "-batch", "-config", "ca.cnf", "-in", "expired.csr", "-out", "expired.pem", "-notext",
                    "-startdate", "20200101000000Z", "-enddate", "20200102000000Z", "-extfile", "expired.ext",
                ], in: directory)
            return .init(
                certificateFile: directory.appendingPathComponent("expired.pem").path,
                privateKeyFile: directory.appendingPathComponent("expired.key").path)
        }
        return TestPKI(
            caFile: directory.appendingPathComponent("ca.pem").path,
            server: try leaf("localhost", san: "DNS:localhost,IP:127.0.0.1"),
            otherHost: try leaf("other", san: "DNS:other.example"),
            expired: try expired())
    }

    /// The `openssl` command failed (it is installed by .ci/run; without it TLS tests cannot run).
    public struct OpenSSLFailed: Error {
        /// What was run.
        public let arguments: [String]
    }
}
