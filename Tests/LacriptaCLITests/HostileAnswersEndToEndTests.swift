import Foundation
import LacriptaSimulatorTestSupport
import LacriptaTestSupport
import Testing

/// `lacripta top` against a REST answer broken in every way a hostile or failing server can break
/// it: each ends in one clear line on stderr and the right exit code, within the request timeout,
/// with memory bounded (peak RSS, read from the reaped process), and never a crash.
@Suite("lacripta top against malformed answers", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct HostileAnswersEndToEndTests {
    /// The most a run may hold at its peak: the 16 MiB response limit plus the runtime, with room.
    static let memoryBoundKilobytes = 200 * 1024

    /// A 200 head for a JSON body, with `length` as the Content-Length when given.
    private static func head(length: Int?, chunked: Bool = false) -> [UInt8] {
        var text = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        if let length { text += "Content-Length: \(length)\r\n" }
        if chunked { text += "Transfer-Encoding: chunked\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// A whole answer with `body`.
    private static func answer(_ body: [UInt8]) -> ScriptedHTTPServer.Reply {
        .pieces([head(length: body.count) + body])
    }

    /// Runs `lacripta top` against a server playing `reply`, with a request timeout of `timeout`
    /// seconds (3 by default).
    private func run(_ reply: ScriptedHTTPServer.Reply, _ arguments: [String] = ["top"], timeout: Int = 3) async throws -> BinaryRunner.Result {
        let server = try ScriptedHTTPServer(reply: reply)
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-malformed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let extra = ["LACRIPTA_API_URL": "http://127.0.0.1:\(server.port)", "LACRIPTA_TIMEOUT": String(timeout), "COLUMNS": "80"]
        return try await BinaryRunner.run(arguments, environment: BinaryRunner.environment(home: home, extra: extra))
    }

    /// One line on stderr saying `phrase`, nothing on stdout, `status`, memory bounded.
    private func expectOneLine(_ result: BinaryRunner.Result, status: Int32, saying phrase: String, _ comment: Comment) {
        #expect(result.status == status, comment)
        #expect(result.stdout == "", comment)
        #expect(result.stderr.hasSuffix("\n") && result.stderr.dropLast().split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.contains(phrase), "\(comment): \(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), comment)
        #expect((result.peakMemoryKilobytes ?? .max) < Self.memoryBoundKilobytes, "\(comment): peak \(result.peakMemoryKilobytes ?? -1) kB")
    }

    /// `{"Data":` then `depth` brackets, never closed.
    private static func nested(_ depth: Int) -> [UInt8] {
        Array(#"{"Data":"#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: depth)
    }

    @Test("a body past the 16 MiB limit, declared or sent without end (plain or chunked), is refused once it outgrows it (65)")
    func tooLong() async throws {
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 0x4000)
        let replies: [(ScriptedHTTPServer.Reply, Comment)] = [
            (.stall(Self.head(length: 1 << 30)), "a gigabyte declared"),
            (.endless(head: Self.head(length: nil), chunk: spaces), "a body to the end of a connection that never ends"),
            (.endless(head: Self.head(length: nil, chunked: true), chunk: Array("4000\r\n".utf8) + spaces + Array("\r\n".utf8)), "chunks for ever"),
        ]
        // A minute for the request: the limit must be what ends it, and 16 MiB through a loaded
        // machine (a full test run beside it) once took longer than 3 s.
        for (reply, comment) in replies {
            expectOneLine(try await run(reply, timeout: 60), status: 65, saying: "is larger than 16 MiB, far more than any real one", comment)
        }
    }

    @Test("stalled after the head, or after part of the body, ends at the request timeout (69)")
    func stalled() async throws {
        for (bytes, comment) in [(Self.head(length: 1000), "after the head"), (Self.head(length: 1000) + Array(#"{"Data":["#.utf8), "mid-body")] {
            expectOneLine(try await run(.stall(bytes)), status: 69, saying: "did not answer within 3 s", Comment(rawValue: comment))
        }
    }

    @Test("a Content-Length longer than the body is a cut connection (69); a shorter one cuts the JSON (65)")
    func wrongLength() async throws {
        let body = Array(try Fixtures.data("toplist-usd-50.json"))
        let long = try await run(.pieces([Self.head(length: body.count + 500) + body]))
        expectOneLine(long, status: 69, saying: "the server closed the connection before the answer was complete", "longer")
        let short = try await run(.pieces([Self.head(length: body.count / 2) + body]))
        expectOneLine(short, status: 65, saying: "not valid JSON", "shorter")
    }

    @Test("invalid UTF-8 in a name and nesting a million deep are bad data (65), without a crash")
    func badJSON() async throws {
        let utf8 = Array(#"{"Data":[{"CoinInfo":{"Name":"B"#.utf8) + [0xFF, 0xC0, 0x80] + Array(#"C"}}]}"#.utf8)
        expectOneLine(try await run(Self.answer(utf8)), status: 65, saying: "sent data lacripta cannot read", "invalid UTF-8")
        expectOneLine(try await run(Self.answer(Self.nested(1_000_000))), status: 65, saying: "not valid JSON", "open brackets")
        let closed = Self.nested(100_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000) + [UInt8(ascii: "}")]
        expectOneLine(try await run(Self.answer(closed)), status: 65, saying: "not valid JSON", "closed brackets")
    }

    @Test("numbers past Double's range, below it, or 100,000 digits long show as dashes, never inf, nan or a trap")
    func absurdNumbers() async throws {
        let body =
            Array(
                #"{"Data":[{"CoinInfo":{"Name":"BTC","FullName":"Bitcoin"},"RAW":{"USD":{"PRICE":1e99999,"MKTCAP":-1e99999,"CHANGEPCT24HOUR":1e-400,"TOTALVOLUME24HTO":"#
                    .utf8) + [UInt8](repeating: UInt8(ascii: "9"), count: 100_000) + Array("}}}]}".utf8)
        let result = try await run(Self.answer(body))
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let row = try #require(result.stdout.split(separator: "\n").first { $0.contains("BTC") })
        #expect(row.contains("Bitcoin") && row.contains("—"))
        #expect(!result.stdout.lowercased().contains("inf") && !result.stdout.lowercased().contains("nan"))
        #expect((result.peakMemoryKilobytes ?? .max) < Self.memoryBoundKilobytes)
    }
}
