import LacriptaSimulator
import Testing

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
    private static let request =
        "GET /data/v2/news/?lang=EN&categories=ETH%2CBTC&x=a+b HTTP/1.1\r\nHost: 127.0.0.1\r\nauthorization: Apikey k\r\n\r\n"

    @Test("A request split at every byte offset parses the same")
    func splitAtEveryOffset() throws {
        let bytes = Array(Self.request.utf8)
        for split in 0...bytes.count {
            var parser = HTTPRequestParser()
            parser.append(bytes[..<split])
            if split < bytes.count { #expect(parser.next() == .needMoreData) }
            parser.append(bytes[split...])
            guard case .request(let request) = parser.next() else {
                Issue.record("no request at split \(split)")
                return
            }
            #expect(request.path == "/data/v2/news/")
            #expect(request.queryValue("categories") == "ETH,BTC")
            #expect(request.queryValue("x") == "a b")
            #expect(request.headers["Authorization"] == "Apikey k")
            #expect(request.wantsKeepAlive)
        }
    }

    @Test("Pipelined requests come out one by one, bodies included")
    func pipelined() {
        var parser = HTTPRequestParser()
        parser.append(Array("POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabcGET /b HTTP/1.0\r\n\r\n".utf8))
        guard case .request(let first) = parser.next(), case .request(let second) = parser.next() else {
            Issue.record("expected two requests")
            return
        }
        #expect(first.body == Array("abc".utf8))
        #expect(second.path == "/b")
        #expect(!second.wantsKeepAlive)
        #expect(parser.next() == .needMoreData)
    }

    @Test(
        "Malformed heads are rejected with the right status",
        arguments: [
            ("GARBAGE\r\n\r\n", 400),
            ("GET /x HTTP/1.1\r\n\r\n", 400),  // HTTP/1.1 without Host
            ("GET x HTTP/1.1\r\nHost: h\r\n\r\n", 400),
            ("GET /x HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", 400),
            ("GET /x HTTP/1.1\r\nHost h\r\n\r\n", 400),
            ("GET /x HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", 400),
            ("GET /\0x HTTP/1.1\r\nHost: h\r\n\r\n", 400),
            ("GET /x HTTP/2.0\r\nHost: h\r\n\r\n", 505),
            ("POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
            ("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999\r\n\r\n", 413),
        ])
    func malformed(text: String, status: Int) {
        var parser = HTTPRequestParser()
        parser.append(Array(text.utf8))
        guard case .failure(let failure) = parser.next() else {
            Issue.record("accepted \(text.debugDescription)")
            return
        }
        #expect(failure.status == status)
    }

    @Test("An endless head is cut off at the bound instead of buffering forever")
    func headBound() {
        var parser = HTTPRequestParser(maximumHeadBytes: 1024)
        parser.append(Array("GET /x HTTP/1.1\r\nX: ".utf8) + [UInt8](repeating: 0x61, count: 2000))
        #expect(parser.next() == .failure(.headTooLarge))
    }
}
