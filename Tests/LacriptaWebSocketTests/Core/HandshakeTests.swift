import Foundation
import LacriptaNet
import LacriptaTestSupport
import Testing

@testable import LacriptaWebSocket

/// The opening handshake: request bytes, the accept computation and response validation.
@Suite struct HandshakeTests {
    static let rfcKey = "dGhlIHNhbXBsZSBub25jZQ=="
    static let rfcAccept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    @Test func acceptValueFromTheRFCExample() {
        #expect(Handshake.acceptValue(forKey: Self.rfcKey) == Self.rfcAccept)
    }

    @Test func sha1Vectors() {
        func digest(_ bytes: [UInt8]) -> String { SHA1.hash(bytes).map { String(format: "%02x", $0) }.joined() }
        #expect(digest([]) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(digest(Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(digest([UInt8](repeating: 0x61, count: 1_000_000)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        #expect(digest([UInt8](repeating: 0x61, count: 64)) == "0098ba824b5c16427bd7a1122a5a442a25ec644d")
    }

    @Test func randomKeyIsSixteenBytesAndInjectable() throws {
        var first = SeededRandom(seed: 9)
        var second = SeededRandom(seed: 9)
        let key = Handshake.randomKey(using: &first)
        #expect(key == Handshake.randomKey(using: &second))
        #expect(try #require(Data(base64Encoded: key)).count == 16)
        #expect(Handshake.randomKey() != Handshake.randomKey())
    }

    @Test func requestKeepsPathQueryAndNonDefaultPort() throws {
        let url = try #require(URL(string: "wss://example.com:8443/v2/feed?api_key=secret&x=%20y"))
        let request = try HandshakeRequest(url: url, key: Self.rfcKey, headers: [("Origin", "https://example.com")])
        let text = String(decoding: request.serialized(), as: UTF8.self)
        #expect(
            text == "GET /v2/feed?api_key=secret&x=%20y HTTP/1.1\r\nHost: example.com:8443\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: \(Self.rfcKey)\r\nSec-WebSocket-Version: 13\r\n"
                + "Origin: https://example.com\r\n\r\n")
        #expect(!text.lowercased().contains("sec-websocket-extensions"))
    }

    @Test func hostHeaderOmitsDefaultPortsAndBracketsIPv6() throws {
        let plain = try HandshakeRequest(url: try #require(URL(string: "ws://example.com:80")), key: Self.rfcKey)
        #expect(plain.hostHeader == "example.com" && plain.target == "/")
        let secure = try HandshakeRequest(url: try #require(URL(string: "wss://example.com/")), key: Self.rfcKey)
        #expect(secure.hostHeader == "example.com")
        let v6 = try HandshakeRequest(url: try #require(URL(string: "ws://[::1]:9001/x")), key: Self.rfcKey)
        #expect(v6.hostHeader == "[::1]:9001")
    }

    @Test func rejectsOtherSchemesAndHeaderInjection() throws {
        #expect(throws: WebSocketError(.invalidURL)) {
            try HandshakeRequest(url: try #require(URL(string: "https://example.com/")))
        }
        #expect(throws: WebSocketError(.invalidHeader)) {
            try HandshakeRequest(url: try #require(URL(string: "ws://example.com/")), headers: [("X", "a\r\nEvil: 1")])
        }
        #expect(throws: WebSocketError(.invalidHeader)) {
            try HandshakeRequest(url: try #require(URL(string: "ws://example.com/")), headers: [("Sec-WebSocket-Extensions", "permessage-deflate")])
        }
    }

    /// Parses a response made of `lines` and validates it against the RFC key.
    func validate(_ lines: [String]) throws {
        let bytes = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        guard case .head(let head, _) = try HTTPHead.parse(bytes) else {
            Issue.record("head incomplete")
            return
        }
        try Handshake.validate(response: head, key: Self.rfcKey)
    }

    @Test func acceptsAValidResponseCaseInsensitively() throws {
        try validate([
            "HTTP/1.1 101 Switching Protocols", "upgrade: WebSocket", "CONNECTION: keep-alive, Upgrade", "sec-websocket-accept: \(Self.rfcAccept)",
        ])
    }

    @Test(arguments: [
        (["HTTP/1.1 101 OK", "Upgrade: websocket", "Connection: Upgrade"], HandshakeFailure.missingAccept),
        (["HTTP/1.1 101 OK", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: AAAAAAAAAAAAAAAAAAAAAAAAAAA="], .wrongAccept),
        (
            [
                "HTTP/1.1 101 OK", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: \(rfcAccept)",
                "Sec-WebSocket-Accept: \(rfcAccept)",
            ],
            .duplicateAccept
        ),
        (["HTTP/1.1 101 OK", "Connection: Upgrade", "Sec-WebSocket-Accept: \(rfcAccept)"], .missingUpgradeHeader),
        (["HTTP/1.1 101 OK", "Upgrade: websocket", "Connection: keep-alive", "Sec-WebSocket-Accept: \(rfcAccept)"], .missingConnectionUpgrade),
        (
            [
                "HTTP/1.1 101 OK", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: \(rfcAccept)",
                "Sec-WebSocket-Extensions: permessage-deflate",
            ],
            .unexpectedExtension
        ),
        (
            ["HTTP/1.1 101 OK", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: \(rfcAccept)", "Sec-WebSocket-Protocol: chat"],
            .unexpectedSubprotocol
        ),
    ])
    func rejectsBadResponses(lines: [String], failure: HandshakeFailure) {
        #expect(throws: WebSocketError(.invalidHandshake(failure))) { try validate(lines) }
    }

    @Test func non101StatusIsARejectedUpgradeWithTheStatus() {
        #expect(throws: WebSocketError(.upgradeRejected, httpStatus: 401)) {
            try validate(["HTTP/1.1 401 Unauthorized", "Content-Length: 0"])
        }
    }
}
