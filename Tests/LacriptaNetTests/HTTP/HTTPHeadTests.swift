import Testing

@testable import LacriptaNet

/// Response heads as bytes: where they end, what follows them, and what is refused.
@Suite struct HTTPHeadTests {
    /// A WebSocket frame ("Hello"), standing for whatever follows a head in the same read.
    static let frame: [UInt8] = [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]

    @Test func bytesAfterTheBlankLineAreReportedAsLeftover() throws {
        let head =
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n"
        let frame = Self.frame
        let buffer = Array(head.utf8) + frame
        #expect(try HTTPHead.parse(Array(buffer.prefix(head.utf8.count - 1))) == .needMoreData)
        guard case .head(_, let length) = try HTTPHead.parse(buffer) else {
            Issue.record("head not found")
            return
        }
        #expect(Array(buffer[length...]) == frame)
    }

    /// The search resumes where the last one stopped; a blank line cut anywhere by the reads,
    /// its CRLFs included, is still found, and at the same place.
    @Test func theSearchResumesAtTheFirstNewByteForEverySplit() throws {
        let buffer = Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n".utf8) + Self.frame
        let headLength = buffer.count - Self.frame.count
        for cut in 0..<headLength {
            #expect(try HTTPHead.parse(Array(buffer.prefix(cut))) == .needMoreData)
            guard case .head(let head, let length) = try HTTPHead.parse(buffer, searchedBefore: cut) else {
                Issue.record("head not found after a cut at \(cut)")
                continue
            }
            #expect(length == headLength)
            #expect(head.startLine == "HTTP/1.1 200 OK")
        }
    }

    @Test func anOversizedHeadIsRefusedBeforeItEnds() {
        let junk = [UInt8](repeating: 0x41, count: HTTPHead.defaultMaxSize + 1)
        #expect(throws: NetError(.responseTooLarge(limit: HTTPHead.defaultMaxSize))) { try HTTPHead.parse(junk) }
    }

    @Test func aLineWithoutAColonIsMalformed() {
        #expect(throws: NetError(.malformedResponse)) { try HTTPHead.parse(Array("HTTP/1.1 200 OK\r\nno colon\r\n\r\n".utf8)) }
    }

    @Test func tokensAreFoundInCommaSeparatedListsAcrossRepeatedFields() throws {
        guard case .head(let head, _) = try HTTPHead.parse(Array("HTTP/1.1 101 OK\r\nConnection: keep-alive\r\nconnection: , UpGrade \r\n\r\n".utf8))
        else {
            Issue.record("head not found")
            return
        }
        #expect(head.contains(token: "upgrade", in: "Connection"))
        #expect(!head.contains(token: "close", in: "Connection"))
        #expect(head.statusCode == 101)
    }
}

extension HTTPHead.ParseResult: Equatable {
    public static func == (lhs: HTTPHead.ParseResult, rhs: HTTPHead.ParseResult) -> Bool {
        switch (lhs, rhs) {
        case (.needMoreData, .needMoreData): true
        case (.head(let a, let x), .head(let b, let y)): a.startLine == b.startLine && x == y
        default: false
        }
    }
}
