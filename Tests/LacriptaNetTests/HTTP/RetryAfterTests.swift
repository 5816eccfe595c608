import Foundation
import LacriptaSimulator
import Testing

@testable import LacriptaNet

/// `Retry-After` and the HTTP-dates it may carry: strings in, seconds out, then the same over a
/// real socket.
@Suite("Retry-After and HTTP-dates")
struct RetryAfterTests {
    /// RFC 9110's example instant, 1994-11-06 08:49:37 UTC.
    static let example = Date(timeIntervalSince1970: 784_111_777)

    @Test(
        "the three forms of RFC 9110 §5.6.7 name the same instant",
        arguments: [
            "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "sun, 06 NOV 1994 08:49:37 GMT",
        ])
    func forms(text: String) {
        #expect(HTTPDate.parse(text) == Self.example)
    }

    @Test(
        "impossible or foreign dates are refused",
        arguments: [
            "", "yesterday", "Sun, 06 Nov 1994 08:49:37 CET", "Mon, 31 Feb 2025 00:00:00 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 6 Nov 1994 08:49:37 GMT", "2025-01-01T00:00:00Z", "Sun, 06 Nov 94 08:49:37 GMT",
        ])
    func refused(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test("IMF-fixdate is what is written, and reads back to the same second")
    func format() {
        #expect(HTTPDate.format(Self.example) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        let leapDay = Date(timeIntervalSince1970: 1_709_164_800)  // 2024-02-29
        #expect(HTTPDate.format(leapDay) == "Thu, 29 Feb 2024 00:00:00 GMT")
        #expect(HTTPDate.parse(HTTPDate.format(leapDay)) == leapDay)
    }

    @Test("delta-seconds and dates become whole seconds from now, never negative, at most a day")
    func seconds() throws {
        let now = Self.example
        #expect(RetryAfter(headerValue: "120") == .delay(seconds: 120))
        #expect(RetryAfter(headerValue: " 0 ")?.seconds(from: now) == 0)
        #expect(RetryAfter(headerValue: "99999999999999999999999")?.seconds(from: now) == RetryAfter.longest)
        let later = try #require(RetryAfter(headerValue: "Sun, 06 Nov 1994 08:51:07 GMT"))
        #expect(later.seconds(from: now) == 90)
        #expect(later.seconds(from: now.addingTimeInterval(0.5)) == 90)  // 89.5 s rounds up
        #expect(later.seconds(from: now.addingTimeInterval(3600)) == 0)
        for garbage in ["", "-5", "1.5", "soon", "120 s"] {
            #expect(RetryAfter(headerValue: garbage) == nil, "\(garbage)")
        }
    }

    @Test("a 429 and a 503 from a real server carry their Retry-After, in seconds and as a date")
    func overSockets() async throws {
        let date = "Sun, 06 Nov 1994 08:51:07 GMT"
        let server = try HTTPServer { request in
            request.path == "/busy"
                ? LacriptaSimulator.HTTPResponse(status: 503, headers: HTTPHeaders([("Retry-After", date)]), body: Array("busy".utf8))
                : LacriptaSimulator.HTTPResponse(status: 429, headers: HTTPHeaders([("Retry-After", "120")]))
        }
        defer { server.stop() }
        let transport = NativeHTTPTransport()
        let limited = try await transport.get(LacriptaNet.HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/limited"))))
        #expect(limited.status == 429)
        #expect(limited.retryAfter == .delay(seconds: 120))
        let busy = try await transport.get(LacriptaNet.HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/busy"))))
        #expect(busy.status == 503)
        #expect(busy.retryAfter?.seconds(from: Self.example) == 90)
    }
}
