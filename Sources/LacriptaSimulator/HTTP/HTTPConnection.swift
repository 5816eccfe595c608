/// Serves the requests of one accepted connection until either side closes it.
///
/// Runs on its own thread (see `HTTPServer`); it never closes the descriptor, its owner does.
struct HTTPConnection: Sendable {
    let descriptor: Int32
    let handler: HTTPServer.Handler
    let stopSignal: StopSignal

    /// Reads, answers and repeats while the client keeps the connection alive.
    func run() {
        var parser = HTTPRequestParser()
        while true {
            switch parser.next() {
            case .needMoreData:
                guard let bytes = POSIXSocket.receive(descriptor), !bytes.isEmpty else { return }
                parser.append(bytes)
            case .failure(let failure):
                let answer = HTTPResponse.text(HTTPResponse.reasonPhrase(for: failure.status) + "\n", status: failure.status)
                _ = POSIXSocket.sendAll(descriptor, answer.head(keepAlive: false) + answer.body)
                return
            case .request(let request):
                guard answer(request) else { return }
            }
        }
    }

    /// Writes the handler's answer; returns whether the connection stays open.
    private func answer(_ request: HTTPRequest) -> Bool {
        let response = handler(request)
        if response.delay > .zero, stopSignal.wait(for: response.delay) { return false }
        if stopSignal.isFired { return false }
        let keepAlive = request.wantsKeepAlive
        let bodyAllowed = request.method != "HEAD"
        switch response.delivery {
        case .complete:
            let body = bodyAllowed ? response.body : []
            guard POSIXSocket.sendAll(descriptor, response.head(keepAlive: keepAlive) + body) else { return false }
            return keepAlive
        case .closeWithoutAnswer:
            return false
        case .truncatedBody(let bytes):
            let part = response.body.prefix(max(0, bytes))
            _ = POSIXSocket.sendAll(descriptor, response.head(keepAlive: false) + part)
            return false
        case .raw(let bytes):
            _ = POSIXSocket.sendAll(descriptor, bytes)
            return false
        }
    }
}
