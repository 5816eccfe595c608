import Foundation
import Testing

@testable import LacriptaNet

/// The redirect rules as a value: responses in, the next request (or an error) out, no sockets.
@Suite("Redirect chain (values, no sockets)")
struct RedirectChainTests {
    private func request(
        _ url: String, headers: [String: String] = ["authorization": "Apikey k", "accept": "application/json"]
    ) throws -> HTTPRequest {
        HTTPRequest(url: try #require(URL(string: url)), headers: headers)
    }

    private func redirect(_ status: Int = 302, to location: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["location": location], body: Data())
    }

    @Test(
        "301, 302, 303, 307 and 308 with a Location are followed; other statuses, and 3xx without one, are the answer",
        arguments: [301, 302, 303, 307, 308])
    func followed(status: Int) throws {
        let start = try request("http://a.example/x")
        var chain = RedirectChain(for: start, limit: 5)
        let next = try chain.next(after: redirect(status, to: "http://a.example/y"), to: start)
        #expect(next?.url.absoluteString == "http://a.example/y")
        #expect(try chain.next(after: HTTPResponse(status: status, body: Data()), to: start) == nil)
    }

    @Test("statuses that do not redirect are delivered as they are", arguments: [200, 204, 300, 304, 305, 404, 429, 503])
    func delivered(status: Int) throws {
        let start = try request("http://a.example/x")
        var chain = RedirectChain(for: start, limit: 5)
        #expect(try chain.next(after: redirect(status, to: "http://a.example/y"), to: start) == nil)
    }

    @Test("a relative Location resolves against the URL that sent it")
    func relative() throws {
        let start = try request("https://a.example:8443/data/v2/news/?lang=EN")
        var chain = RedirectChain(for: start, limit: 5)
        #expect(try chain.next(after: redirect(to: "/moved?x=1"), to: start)?.url.absoluteString == "https://a.example:8443/moved?x=1")
        #expect(try chain.next(after: redirect(to: "//b.example/y"), to: start)?.url.absoluteString == "https://b.example/y")
    }

    @Test("the sixth redirect fails, naming where it pointed without the query")
    func limit() throws {
        var current = try request("http://a.example/0")
        var chain = RedirectChain(for: current, limit: 5)
        for hop in 1...5 {
            current = try #require(try chain.next(after: redirect(to: "/\(hop)?token=secret"), to: current))
        }
        #expect(chain.followed == 5)
        do {
            _ = try chain.next(after: redirect(to: "/6?token=secret"), to: current)
            Issue.record("followed a sixth redirect")
        } catch {
            #expect(error == NetError(.tooManyRedirects(limit: 5)))
            #expect(error.url?.absoluteString == "http://a.example/6")
            #expect(error.reason == "more than 5 redirects, the last to http://a.example/6")
        }
    }

    @Test("never from https:// to http://, also later in a chain that began on http://")
    func noDowngrade() throws {
        let secure = try request("https://a.example/x")
        var chain = RedirectChain(for: secure, limit: 5)
        #expect(throws: NetError(.insecureRedirect)) { try chain.next(after: redirect(to: "http://a.example/x?key=1"), to: secure) }
        let plain = try request("http://a.example/x")
        var upgrading = RedirectChain(for: plain, limit: 5)
        let upgraded = try #require(try upgrading.next(after: redirect(to: "https://a.example/x"), to: plain))
        do {
            _ = try upgrading.next(after: redirect(to: "http://a.example/x?key=1"), to: upgraded)
            Issue.record("followed https:// back to http://")
        } catch {
            #expect(error == NetError(.insecureRedirect))
            #expect(error.url?.absoluteString == "http://a.example/x")
        }
    }

    @Test("credentials go along within the origin and are dropped for good once scheme, host or port changes")
    func credentials() throws {
        let start = HTTPRequest(
            url: try #require(URL(string: "http://a.example/x")), headers: ["accept": "application/json"],
            credentials: ["authorization": "Apikey k", "x-cg-demo-api-key": "CG-k"])
        var chain = RedirectChain(for: start, limit: 5)
        let sameOrigin = try #require(try chain.next(after: redirect(to: "http://A.example:80/y"), to: start))
        #expect(sameOrigin.credentials == start.credentials)
        let otherOrigin = try #require(try chain.next(after: redirect(to: "http://b.example/z"), to: sameOrigin))
        #expect(otherOrigin.credentials.isEmpty)
        #expect(otherOrigin.headers["accept"] == "application/json")
        let back = try #require(try chain.next(after: redirect(to: "http://a.example/w"), to: otherOrigin))
        #expect(back.credentials.isEmpty, "dropped for good, even back on the first origin")
    }

    @Test(
        "another scheme, host or port is another origin: every credential is dropped",
        arguments: ["http://a.example:8080/y", "https://a.example/y", "http://b.example/y", "http://127.0.0.1/y"])
    func otherOrigin(location: String) throws {
        let start = HTTPRequest(
            url: try #require(URL(string: "http://a.example/x")),
            headers: ["Authorization": "Apikey plain", "Cookie": "s=1", "Proxy-Authorization": "Basic x", "accept": "*/*"],
            credentials: ["x-cg-demo-api-key": "CG-k"])
        var chain = RedirectChain(for: start, limit: 5)
        let next = try #require(try chain.next(after: redirect(to: location), to: start))
        #expect(next.credentials.isEmpty)
        #expect(next.headers == ["accept": "*/*"], "credential headers left among the plain ones go too")
    }

    @Test("https with and without :443 is one origin, so the key stays")
    func defaultPort() throws {
        let start = HTTPRequest(url: try #require(URL(string: "https://a.example/x")), credentials: ["x-cg-demo-api-key": "CG-k"])
        var chain = RedirectChain(for: start, limit: 5)
        #expect(try chain.next(after: redirect(to: "https://a.example:443/y"), to: start)?.credentials == start.credentials)
    }

    @Test(
        "a Location that is not an http(s) URL with a host fails",
        arguments: ["ftp://a.example/x", "http://", "mailto:x@a.example", "http://a.example:0/"])
    func invalid(location: String) throws {
        let start = try request("http://a.example/x?key=1")
        var chain = RedirectChain(for: start, limit: 5)
        do {
            _ = try chain.next(after: redirect(to: location), to: start)
            Issue.record("followed \(location)")
        } catch {
            #expect(error == NetError(.invalidRedirect))
            #expect(error.url?.absoluteString == "http://a.example/x")
        }
    }
}
