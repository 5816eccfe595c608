import Testing

@testable import LacriptaNet

/// Which hosts go into TLS SNI: names do, IP literals never (RFC 6066 §3). One check serves the
/// WebSocket client and the REST client's connections.
@Suite struct ServerNameTests {
    @Test(arguments: ["127.0.0.1", "10.0.0.255", "::1", "2001:db8::8a2e:370:7334", "::ffff:192.0.2.1"])
    func ipLiteralsAreNotSentAsNames(host: String) {
        #expect(TLSByteStream.isIPLiteral(host))
    }

    @Test(arguments: ["localhost", "streamer.cryptocompare.com", "min-api.cryptocompare.com", "999.1.1.1", "1.2.3", "1.2.3.4.example"])
    func namesAreNames(host: String) {
        #expect(!TLSByteStream.isIPLiteral(host))
    }
}
