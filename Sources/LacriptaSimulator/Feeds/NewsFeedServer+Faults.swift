extension NewsFeedServer {
    /// The "billion laughs" document: ten entities, each ten of the one before, so `&lol9;` is
    /// 10⁹ copies of "lol" (3 GB) from under a kilobyte. A parser that expands entities runs out
    /// of memory; lacripta's refuses any DTD internal subset before parsing.
    static let billionLaughs: String = {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<!DOCTYPE rss [", "  <!ENTITY lol \"lol\">"]
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            lines.append("  <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">")
        }
        lines += [
            "]>", "<rss version=\"2.0\"><channel><title>Laughs</title><link>https://example.invalid/</link>",
            "<item><title>&lol9;</title><link>https://example.invalid/lol</link>",
            "<pubDate>Tue, 15 Sep 2026 12:00:00 +0000</pubDate></item>", "</channel></rss>", "",
        ]
        return lines.joined(separator: "\n")
    }()

    /// Issue 23's feed: read as ASCII, one comment and then an RSS root; read as the UTF-7 it
    /// declares, `+AC0ALQA+-` is `-->`, and a DOCTYPE declaring an entity and an injected item follow.
    static let utf7Doctype = """
        <?xml version="1.0" encoding="utf-7"?><!-- +AC0ALQA+- <!DOCTYPE rss [<!ENTITY a "INJECTED">]>\
        <rss><channel><item><title>&a;</title><link>https://evil.example/a</link></item></channel></rss>
        -->
        <rss version="2.0"><channel><title>Decoy</title></channel></rss>

        """

    /// The outlet's home page served where its feed was: publishers that kill a feed do this.
    static let homePage = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Latest crypto news</title></head>
        <body><header><nav><a href="/">Home</a> <a href="/markets">Markets</a></nav></header>
        <main><h1>Latest news</h1><article><h2><a href="/news/1">Bitcoin holds steady</a></h2></article></main>
        </body></html>

        """

    /// A CDN's block page: what Cointelegraph answers without a User-Agent, and Blockworks to
    /// datacenter addresses.
    static let forbiddenPage = HTTPResponse.html(
        """
        <!DOCTYPE html>
        <html><head><title>403 Forbidden</title></head>
        <body><h1>403 Forbidden</h1><p>Request blocked.</p></body></html>

        """, status: 403)

    /// The answer for a path that is no feed.
    static let notFound = HTTPResponse.html("<!DOCTYPE html>\n<html><body><h1>404 Not Found</h1></body></html>\n", status: 404)

    /// The answer under `fault` for `feed`.
    func respond(to request: HTTPRequest, feed: SimulatedFeed, document: Document, with fault: FeedFault) -> HTTPResponse {
        switch fault {
        case .redirect:
            return Self.redirect(status: 301, to: feed.movedPath)
        case .redirectFound:
            let host = request.headers["Host"] ?? "127.0.0.1"
            return Self.redirect(status: 302, to: "http://\(host)\(feed.movedPath)")
        case .truncated:
            return HTTPResponse(
                headers: HTTPHeaders([("Content-Type", feed.contentType)]), body: Array(document.body.prefix(document.body.count / 2)))
        case .billionLaughs:
            return HTTPResponse(headers: HTTPHeaders([("Content-Type", feed.contentType)]), body: Array(Self.billionLaughs.utf8))
        case .html:
            return .html(Self.homePage)
        case .forbidden:
            return Self.forbiddenPage
        case .down:
            return .text("down", status: 503)
        case .drop:
            return HTTPResponse(delivery: .closeWithoutAnswer)
        case .rateLimited:
            var response = HTTPResponse.text("rate limited", status: 429)
            response.headers.add("Retry-After", "120")
            return response
        case .notFound:
            return Self.notFound
        case .malformed:
            return HTTPResponse(
                headers: HTTPHeaders([("Content-Type", feed.contentType)]),
                body: Array("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Broken</title>\n<item><title>Half</titel>\n".utf8))
        case .utf7:
            return HTTPResponse(headers: HTTPHeaders([("Content-Type", feed.contentType)]), body: Array(Self.utf7Doctype.utf8))
        }
    }

    /// A redirect with a short HTML body, as web servers send.
    private static func redirect(status: Int, to location: String) -> HTTPResponse {
        var response = HTTPResponse.html("<html><body><a href=\"\(location)\">Moved</a></body></html>\n", status: status)
        response.headers.add("Location", location)
        return response
    }
}
