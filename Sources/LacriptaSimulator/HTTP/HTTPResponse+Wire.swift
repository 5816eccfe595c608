extension HTTPResponse {
    /// The status line and header block, ending with the blank line.
    ///
    /// `Content-Length` always describes the full body (also for a truncated delivery, whose point
    /// is that fewer bytes follow), and `Connection: close` is added when the server will close.
    /// A 204 or 304 gets none: they never have a body, and a 304's length would have to be the
    /// 200's, not 0 (RFC 9110 §8.6).
    func head(keepAlive: Bool) -> [UInt8] {
        var lines = "HTTP/1.1 \(status) \(Self.reasonPhrase(for: status))\r\n"
        var fields = headers
        if status != 204 && status != 304 { fields.set("Content-Length", String(body.count)) }
        if !keepAlive { fields.set("Connection", "close") }
        if !fields.contains("Server") { fields.set("Server", "lacripta-sim") }
        for field in fields {
            lines += "\(field.name): \(field.value)\r\n"
        }
        lines += "\r\n"
        return Array(lines.utf8)
    }

    /// The standard reason phrase for the statuses the simulator uses.
    static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
