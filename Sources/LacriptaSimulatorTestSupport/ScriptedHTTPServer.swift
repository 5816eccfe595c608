import Foundation
import LacriptaNet
import LacriptaNetServer
import LacriptaSimulator

/// A raw HTTP server on 127.0.0.1 that answers every request with the same scripted bytes, for
/// the REST transport's tests: framings, split writes, broken heads and silence that the
/// simulator's well-behaved server never produces.
///
/// One thread accepts and serves connections one after the other (optionally over TLS), records
/// each request head, then plays `reply`. `stop()` ends it; it also runs on deinit.
public final class ScriptedHTTPServer: Sendable {
    /// What the server does once it has read a request head.
    public enum Reply: Sendable {
        /// Writes each piece with its own send (a short pause between, so the client is likely to
        /// see them in separate reads), then closes the connection.
        case pieces([[UInt8]])
        /// Never answers; the connection stays open until the client gives up or `stop()`.
        case silence
        /// Writes `bytes` (a head, perhaps part of a body), then stalls: the connection stays
        /// open, silent, until the client gives up or `stop()`.
        case stall([UInt8])
        /// Writes `head`, then `chunk` again and again until the client goes away or `stop()`: a
        /// body that never ends.
        case endless(head: [UInt8], chunk: [UInt8])
    }

    /// The bound port.
    public let port: UInt16
    private let usesTLS: Bool
    private let wake: WakePipe
    private let state = Locked(State())

    /// What the serving thread and the test share.
    private struct State {
        var stopped = false
        var requestHeads: [String] = []
    }

    /// Binds 127.0.0.1:0 and starts serving `reply`, over TLS with `tls`.
    public init(reply: Reply, tls: WebSocketServer.TLSIdentity? = nil) throws {
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        let context = try tls.map { try ServerTLSContext(certificateFile: $0.certificateFile, privateKeyFile: $0.privateKeyFile) }
        port = listener.port
        usesTLS = tls != nil
        wake = try WakePipe()
        let thread = Thread { [wake, state] in
            Self.serve(listener: listener, context: context, reply: reply, wake: wake, state: state)
        }
        thread.name = "scripted-http :\(listener.port)"
        thread.start()
    }

    /// A URL on this server; `host` defaults to 127.0.0.1 (use "localhost" to match the test
    /// certificate's DNS name).
    public func url(path: String = "/", host: String = "127.0.0.1") -> URL {
        URL(string: "\(usesTLS ? "https" : "http")://\(host):\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// The request heads received so far, as text, in order.
    public var requestHeads: [String] { state.withLock { $0.requestHeads } }

    /// Stops serving and closes the listener and any open connection. Idempotent.
    public func stop() {
        state.withLock { $0.stopped = true }
        wake.signal()
    }

    deinit { stop() }

    /// The serving thread: accept, read a head, reply, repeat until stopped.
    private static func serve(
        listener: TCPListener, context: ServerTLSContext?, reply: Reply, wake: WakePipe, state: Locked<State>
    ) {
        defer { listener.close() }
        let stopped = { state.withLock { $0.stopped } }
        while !stopped() {
            let ready = Posix.wait(listener.fileDescriptor, readable: true, writable: false, wake: wake.readEnd, timeout: -1)
            if ready.woken { wake.drain() }
            guard ready.readable, let fd = listener.accept() else { continue }
            let stream: any ByteStream
            do {
                stream =
                    try context.map { try $0.accept(fileDescriptor: fd, deadline: Deadline(after: .seconds(5))) }
                    ?? TCPByteStream(fileDescriptor: fd)
            } catch {
                continue  // e.g. the client refused our certificate: that is the test's business
            }
            defer { stream.close() }
            guard let head = readHead(stream, wake: wake, stopped: stopped) else { continue }
            state.withLock { $0.requestHeads.append(head) }
            switch reply {
            case .pieces(let pieces):
                for (index, piece) in pieces.enumerated() {
                    if index > 0 { Thread.sleep(forTimeInterval: 0.01) }
                    guard write(piece, to: stream, wake: wake, stopped: stopped) else { break }
                }
            case .silence:
                holdOpen(stream, wake: wake, stopped: stopped)
            case .stall(let bytes):
                if write(bytes, to: stream, wake: wake, stopped: stopped) { holdOpen(stream, wake: wake, stopped: stopped) }
            case .endless(let head, let chunk):
                guard write(head, to: stream, wake: wake, stopped: stopped) else { continue }
                while write(chunk, to: stream, wake: wake, stopped: stopped) {}
            }
        }
    }

    /// Keeps a connection open and silent until the client gives up (closes or resets) or `stop()`.
    private static func holdOpen(_ stream: any ByteStream, wake: WakePipe, stopped: () -> Bool) {
        while !stopped() {
            let ready = Posix.wait(stream.fileDescriptor, readable: true, writable: false, wake: wake.readEnd, timeout: -1)
            if ready.woken { wake.drain() }
            guard ready.readable else { continue }
            var scratch = [UInt8](repeating: 0, count: 1024)
            let result = try? scratch.withUnsafeMutableBytes { try stream.read(into: $0) }
            if result == nil || result == .closed { return }
        }
    }

    /// Reads until the blank line that ends a request head; nil if the client left first.
    private static func readHead(_ stream: any ByteStream, wake: WakePipe, stopped: () -> Bool) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopped(), received.count < 64 * 1024 {
            guard let result = try? buffer.withUnsafeMutableBytes({ try stream.read(into: $0) }) else { return nil }
            switch result {
            case .transferred(let count):
                received += buffer[..<count]
                if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                    return String(decoding: received[..<end.lowerBound], as: UTF8.self)
                }
            case .closed:
                return nil
            case .wouldBlock(let writable):
                let ready = Posix.wait(stream.fileDescriptor, readable: !writable, writable: writable, wake: wake.readEnd, timeout: -1)
                if ready.woken { wake.drain() }
            }
        }
        return nil
    }

    /// Writes all of `bytes`; false if the client went away or the server was stopped.
    private static func write(_ bytes: [UInt8], to stream: any ByteStream, wake: WakePipe, stopped: () -> Bool) -> Bool {
        var offset = 0
        while offset < bytes.count, !stopped() {
            let result = try? bytes.withUnsafeBytes { try stream.write(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch result {
            case .transferred(let count)?: offset += count
            case .wouldBlock(let writable)?:
                let ready = Posix.wait(stream.fileDescriptor, readable: !writable, writable: writable, wake: wake.readEnd, timeout: -1)
                if ready.woken { wake.drain() }
            case .closed?, nil: return false
            }
        }
        return offset == bytes.count
    }
}
