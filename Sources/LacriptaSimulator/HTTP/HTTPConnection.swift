import LacriptaNet

/// Serves the requests of one accepted connection until either side closes it, it idles past
/// `idleTimeout`, or the server stops.
///
/// Runs on its own thread (see `HTTPServer`) and owns the descriptor: it closes it when done.
struct HTTPConnection: Sendable {
    let descriptor: Int32
    let handler: HTTPServer.Handler
    let stopSignal: StopSignal
    let idleTimeout: Duration

    /// Reads, answers and repeats while the client keeps the connection alive.
    func run() {
        let stream = TCPByteStream(fileDescriptor: descriptor)
        defer { stream.close() }
        var parser = HTTPRequestParser()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            switch parser.next() {
            case .needMoreData:
                guard let count = receive(from: stream, into: &buffer) else { return }
                parser.append(buffer[..<count])
            case .failure(let failure):
                let answer = HTTPResponse.text(HTTPResponse.reasonPhrase(for: failure.status) + "\n", status: failure.status)
                _ = send(answer.head(keepAlive: false) + answer.body, to: stream)
                return
            case .request(let request):
                guard answer(request, on: stream) else { return }
            }
        }
    }

    /// Writes the handler's answer; returns whether the connection stays open.
    private func answer(_ request: HTTPRequest, on stream: TCPByteStream) -> Bool {
        let response = handler(request)
        if response.delay > .zero, stopSignal.wait(for: response.delay) { return false }
        if stopSignal.isFired { return false }
        let keepAlive = request.wantsKeepAlive
        let bodyAllowed = request.method != "HEAD"
        switch response.delivery {
        case .complete:
            let body = bodyAllowed ? response.body : []
            guard send(response.head(keepAlive: keepAlive) + body, to: stream) else { return false }
            return keepAlive
        case .closeWithoutAnswer:
            return false
        case .truncatedBody(let bytes):
            let part = response.body.prefix(max(0, bytes))
            _ = send(response.head(keepAlive: false) + part, to: stream)
            return false
        case .raw(let bytes):
            _ = send(bytes, to: stream)
            return false
        }
    }

    /// Reads what arrives into `buffer`; nil when the client closed or failed, stayed silent for
    /// `idleTimeout`, or the server is stopping.
    private func receive(from stream: TCPByteStream, into buffer: inout [UInt8]) -> Int? {
        let deadline = Deadline(after: idleTimeout)
        while true {
            switch try? buffer.withUnsafeMutableBytes({ try stream.read(into: $0) }) {
            case .transferred(let count)?:
                return count
            case .wouldBlock?:
                guard wait(for: stream, writable: false, until: deadline) else { return nil }
            case .closed?, nil:
                return nil
            }
        }
    }

    /// Writes all of `bytes`; false when the client is gone, stopped reading for `idleTimeout`,
    /// or the server is stopping. Never raises SIGPIPE (`TCPByteStream` sends with MSG_NOSIGNAL).
    private func send(_ bytes: [UInt8], to stream: TCPByteStream) -> Bool {
        let deadline = Deadline(after: idleTimeout)
        var offset = 0
        while offset < bytes.count {
            switch try? bytes.withUnsafeBytes({ try stream.write(UnsafeRawBufferPointer(rebasing: $0[offset...])) }) {
            case .transferred(let count)?:
                offset += count
            case .wouldBlock?:
                guard wait(for: stream, writable: true, until: deadline) else { return false }
            case .closed?, nil:
                return false
            }
        }
        return true
    }

    /// Polls until the socket is ready; false once `deadline` passes or the server stops.
    private func wait(for stream: TCPByteStream, writable: Bool, until deadline: Deadline) -> Bool {
        let ready = Posix.wait(
            stream.fileDescriptor, readable: !writable, writable: writable, wake: stopSignal.readEnd,
            timeout: deadline.remainingMilliseconds)
        if ready.woken { return false }
        return ready.readable || ready.writable || !deadline.hasPassed
    }
}
