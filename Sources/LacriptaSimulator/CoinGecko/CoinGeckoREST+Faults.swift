extension CoinGeckoREST {
    /// The answer under `fault`; `slow` computes the normal answer first.
    func respond(to request: HTTPRequest, with fault: CoinGeckoFault) -> HTTPResponse {
        switch fault {
        case .rateLimited(let seconds):
            var response = HTTPResponse.coinGecko(data[.error429], status: 429)
            response.headers.set("Retry-After", String(seconds))
            return response
        case .rateLimitedWithoutRetryAfter:
            return .coinGecko(data[.error429], status: 429)
        case .cloudflare:
            return HTTPResponse(
                status: 403, headers: HTTPHeaders([("Content-Type", "text/html; charset=UTF-8"), ("Server", "cloudflare")]),
                body: data.cloudflarePage)
        case .unavailable:
            return HTTPResponse(status: 503)
        case .slow(let delay):
            return route(request).delayed(by: delay)
        case .drop:
            return HTTPResponse(delivery: .closeWithoutAnswer)
        }
    }
}
