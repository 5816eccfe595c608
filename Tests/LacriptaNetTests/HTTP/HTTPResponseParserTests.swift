import Foundation
import Testing

@testable import LacriptaNet

/// Feeds `wire` to a parser split at `split` (the whole buffer at once when nil), then ends the
/// stream if the parser still wants more; returns the response or the failure.
private func parse(_ wire: String, split: Int? = nil, maxSize: Int = 1 << 20) -> Result<HTTPResponse, HTTPResponseParser.Failure> {
    let bytes = Array(wire.utf8)
    var parser = HTTPResponseParser(maxSize: maxSize)
    let pieces = split.map { [bytes[..<$0], bytes[$0...]] } ?? [bytes[...]]
    do {
        for piece in pieces {
            if case .complete(let response) = try parser.parse(piece) { return .success(response) }
        }
        return .success(try parser.endOfStream())
    } catch {
        return .failure(error)
    }
}

/// The body of a successful parse as text, or a description of the failure.
private func bodyText(_ result: Result<HTTPResponse, HTTPResponseParser.Failure>) -> String {
    switch result {
    case .success(let response): String(decoding: response.body, as: UTF8.self)
    case .failure(let failure): "failure: \(failure)"
    }
}

@Suite("HTTP response parser (bytes, no sockets)")
struct HTTPResponseParserTests {
    static let contentLength = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n{\"Response\":1}"
    static let chunked =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;ext=1\r\n{\"a\"\r\nA\r\n:[1,2,3,4]\r\n1 \r\n}\r\n0\r\nX-Trailer: t\r\n\r\n"
    static let untilEnd = "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nno length, ends with the connection"

    /// Each framing, its wire text, and the body it must give: Content-Length (bytes after the
    /// body are ignored), chunked (extensions, padded sizes, trailers), and to the end of the stream.
    static let framings = [
        ("Content-Length", contentLength, "{\"Response\":"),
        ("chunked", chunked, "{\"a\":[1,2,3,4]}"),
        ("until the end", untilEnd, "no length, ends with the connection"),
    ]

    @Test("every framing gives the same body split at every offset", arguments: framings)
    func everySplit(framing: String, wire: String, body: String) {
        for split in 0...wire.utf8.count {
            #expect(bodyText(parse(wire, split: split)) == body, "\(framing), split at \(split)")
        }
    }

    @Test("status and header names (lower-cased) come through; repeated fields are joined")
    func statusAndHeaders() throws {
        let wire = "HTTP/1.1 429 Too Many Requests\r\nX-Rate: a\r\nx-rate: b\r\nCONTENT-LENGTH: 0\r\n\r\n"
        let response = try parse(wire).get()
        #expect(response.status == 429)
        #expect(response.headers["x-rate"] == "a, b")
        #expect(response.headers["content-length"] == "0")
        #expect(response.body.isEmpty)
    }

    @Test("interim 1xx answers are skipped; 204 and 304 have no body")
    func interimAndEmpty() throws {
        let early = "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        #expect(bodyText(parse(early)) == "ok")
        #expect(try parse("HTTP/1.1 204 No Content\r\n\r\n").get().status == 204)
        #expect(try parse("HTTP/1.1 304 Not Modified\r\nContent-Length: 99\r\n\r\n").get().body.isEmpty)
    }

    @Test("a stream that ends early is truncated; one that ends before any byte is empty")
    func truncated() {
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort") == .failure(.truncated))
        #expect(parse(String(Self.chunked.dropLast(4))) == .failure(.truncated))
        #expect(parse("HTTP/1.1 200 OK\r\nContent-") == .failure(.truncated))
        #expect(parse("") == .failure(.empty))
    }

    @Test(
        "malformed heads, lengths and chunk sizes are refused",
        arguments: [
            "SSH-2.0-OpenSSH_9.2\r\n\r\n",
            "HTTP/2 200\r\n\r\n",
            "HTTP/1.1 20 OK\r\n\r\n",
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n",
            "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 12abc\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
            "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\nab\r\n0\r\n\r\n",
        ])
    func malformed(wire: String) {
        #expect(parse(wire) == .failure(.malformed))
    }

    @Test("codings other than identity and chunked are refused: we asked for identity")
    func encodings() {
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 1\r\n\r\nx") == .failure(.unsupportedEncoding))
        #expect(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") == .failure(.unsupportedEncoding))
        #expect(bodyText(parse("HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\nContent-Length: 1\r\n\r\nx")) == "x")
    }

    @Test("bodies beyond the cap are refused however they are framed, before they are buffered")
    func sizeCap() {
        let big = String(repeating: "x", count: 101)
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 101\r\n\r\n", maxSize: 100) == .failure(.tooLarge))
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n") == .failure(.tooLarge))
        #expect(parse("HTTP/1.1 200 OK\r\n\r\n\(big)", maxSize: 100) == .failure(.tooLarge))
        let chunks = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n32\r\n\(big.prefix(50))\r\n33\r\n"
        #expect(parse(chunks, maxSize: 100) == .failure(.tooLarge))
        #expect(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n") == .failure(.tooLarge))
        #expect(bodyText(parse("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n\(big.dropLast())", maxSize: 100)).count == 100)
    }

    @Test("a head that never ends is refused once it outgrows the limit")
    func endlessHead() {
        let wire = "HTTP/1.1 200 OK\r\n" + String(repeating: "X-Filler: 0123456789abcdef\r\n", count: 3000)
        #expect(parse(wire) == .failure(.tooLarge))
    }
}

@Suite("HTTP request head (bytes, no sockets)")
struct HTTPRequestHeadTests {
    private func head(_ url: String, _ headers: [String: String] = [:]) throws -> String {
        let url = try #require(URL(string: url))
        let target = try #require(URLTarget(url: url, schemes: .http))
        return String(decoding: try HTTPRequest(url: url, headers: headers).head(for: target), as: UTF8.self)
    }

    @Test("GET with the target, Host (port only when not the default), the caller's headers, identity and close")
    func layout() throws {
        let text = try head("http://127.0.0.1:8088/data/v2/news/?lang=EN#frag", ["user-agent": "lacripta", "accept": "application/json"])
        #expect(
            text == "GET /data/v2/news/?lang=EN HTTP/1.1\r\nHost: 127.0.0.1:8088\r\naccept: application/json\r\n"
                + "user-agent: lacripta\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n")
        #expect(try head("https://min-api.cryptocompare.com").hasPrefix("GET / HTTP/1.1\r\nHost: min-api.cryptocompare.com\r\n"))
        #expect(try head("https://[::1]:8443/x").contains("\r\nHost: [::1]:8443\r\n"))
        #expect(try head("http://example.com:80/x").contains("\r\nHost: example.com\r\n"))
    }

    @Test("headers the transport owns are not sent twice")
    func ownedHeaders() throws {
        let text = try head("http://h/", ["Host": "evil", "connection": "keep-alive", "Accept-Encoding": "gzip"])
        #expect(!text.contains("evil") && !text.contains("keep-alive") && !text.contains("gzip"))
    }

    @Test(
        "a header that would add a line is refused without naming its value",
        arguments: [
            ["authorization": "Apikey secret\r\nX-Injected: 1"], ["bad name": "v"], ["": "v"], ["x": "a\nb"],
        ])
    func injection(headers: [String: String]) throws {
        let url = try #require(URL(string: "http://h/"))
        let target = try #require(URLTarget(url: url, schemes: .http))
        #expect(throws: NetError(.invalidHeader)) {
            _ = try HTTPRequest(url: url, headers: headers).head(for: target)
        }
    }

    @Test("only http:// and https:// URLs with a host and a valid port are targets")
    func targets() throws {
        for bad in ["ws://h/", "file:///etc/passwd", "http:///x", "http://h:0/"] {
            let url = try #require(URL(string: bad))
            #expect(URLTarget(url: url, schemes: .http) == nil, "\(bad)")
        }
        let url = try #require(URL(string: "HTTPS://Example.com/a%20b?q=1%202"))
        let target = try #require(URLTarget(url: url, schemes: .http))
        #expect(target.usesTLS && target.port == 443 && target.requestTarget == "/a%20b?q=1%202")
    }
}
