extension CryptoCompareREST {
    /// An HTML page served where JSON is expected, like a captive portal or a CDN challenge.
    static let faultHTMLPage = """
        <!DOCTYPE html>
        <html><head><title>Just a moment...</title></head>
        <body><h1>Checking your browser before accessing min-api.cryptocompare.com</h1>
        <p>This process is automatic.</p></body></html>

        """

    /// A body that is not JSON: a broken start, control characters and invalid UTF-8.
    static let faultGarbage: [UInt8] = Array("{\"Response\":\"Succ\u{0}\u{1B}[31m<<garbage>>".utf8) + [0xFF, 0xFE, 0x00]

    /// The answer under `fault`; faults that garble the normal answer compute it first.
    func respond(to request: HTTPRequest, with fault: FaultMode, requiredKey: RequiredAPIKey?) -> HTTPResponse {
        switch fault {
        case .rateLimit: return .json(recorded[.errorRateLimit])
        case .rateLimitCooldown: return .json(recorded[.errorRateLimitCooldown])
        case .auth401: return .json(recorded[.errorAuth401], status: 401)
        case .authLegacy: return .json(recorded[.errorAuthLegacy])
        case .http500: return .text("Service Unavailable\n", status: 503)
        case .html: return .html(Self.faultHTMLPage)
        case .garbage: return .json(bytes: Self.faultGarbage)
        case .drop: return HTTPResponse(delivery: .closeWithoutAnswer)
        case .truncatedJSON:
            var response = authorizedResponse(to: request, requiredKey: requiredKey)
            response.body = Array(response.body.prefix(response.body.count / 2))
            return response
        case .truncatedTransfer:
            let response = authorizedResponse(to: request, requiredKey: requiredKey)
            return response.delivered(.truncatedBody(bytes: response.body.count / 2))
        case .slow(let delay):
            return authorizedResponse(to: request, requiredKey: requiredKey).delayed(by: delay)
        }
    }
}
