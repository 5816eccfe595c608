import Foundation
import LacriptaWebSocket

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SubAdd both probes send: the two pairs the benchmark streams.
let benchSubscription = #"{"action":"SubAdd","subs":["5~CCCAGG~BTC~USD","5~CCCAGG~ETH~USD"]}"#

/// The least a client can do: handshake, subscribe, then walk frame headers as bytes arrive,
/// answering pings (the flood paces itself on pongs) until the server's Close. Its rate is the
/// ceiling of the flood peer plus the loopback socket, so the pipeline's figure can be judged
/// against it: if this is not far above lacripta's, the peer is the bottleneck.
enum RawReader {
    /// Connects to `url` (ws://127.0.0.1:PORT/PATH) and reports messages per second.
    static func run(url: URL) {
        let socket = connect(url)
        defer { close(socket) }
        var leftover = handshake(socket, url: url)
        sendFrame(socket, Frame(opcode: .text, payload: Array(benchSubscription.utf8)))
        let clock = ContinuousClock()
        let start = clock.now
        var walker = Walker()
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var bytes = 0
        while !walker.closed {
            if !leftover.isEmpty {
                walker.consume(leftover[...], socket: socket)
                leftover = []
                continue
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes += count
            walker.consume(buffer[0..<count], socket: socket)
        }
        let elapsed = seconds(start.duration(to: clock.now))
        report("raw-reader", ["messagesPerSecond": Double(walker.messages) / elapsed, "messages": Double(walker.messages), "bytes": Double(bytes)])
    }

    /// A blocking TCP connection to the URL's IPv4 host and port.
    static func connect(_ url: URL) -> Int32 {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { fail("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(url.port ?? 80).bigEndian)
        guard inet_pton(AF_INET, url.host ?? "127.0.0.1", &address.sin_addr) == 1 else { fail("raw-reader needs an IPv4 address") }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                Darwin.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard result == 0 else { fail("connect: \(errno)") }
        return socket
    }

    /// Sends the upgrade request and reads the 101; returns the bytes after the response head.
    static func handshake(_ socket: Int32, url: URL) -> [UInt8] {
        let path = url.path.isEmpty ? "/" : url.path
        let request =
            "GET \(path) HTTP/1.1\r\nHost: \(url.host ?? "127.0.0.1"):\(url.port ?? 80)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        sendAll(socket, Array(request.utf8))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { fail("closed during the handshake") }
            received += buffer[0..<count]
            if let index = received.firstRange(of: end) {
                guard received.starts(with: Array("HTTP/1.1 101".utf8)) else { fail("upgrade refused") }
                return Array(received[index.upperBound...])
            }
        }
    }

    /// Sends a masked frame.
    static func sendFrame(_ socket: Int32, _ frame: Frame) {
        sendAll(socket, FrameEncoder(role: .client).encode(frame))
    }

    /// Writes all of `bytes`.
    static func sendAll(_ socket: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(socket, $0.baseAddress.map { $0 + offset }, bytes.count - offset, 0) }
            guard sent > 0 else { fail("send: \(errno)") }
            offset += sent
        }
    }

    /// Walks frame headers across reads, skipping data payloads without looking at them.
    struct Walker {
        /// Complete data messages seen.
        var messages = 0
        /// The server's Close arrived.
        var closed = false
        private var skip = 0
        private var carry: [UInt8] = []

        /// Consumes one read.
        mutating func consume(_ chunk: ArraySlice<UInt8>, socket: Int32) {
            let work = carry.isEmpty ? chunk : ArraySlice(carry + chunk)
            carry = []
            var index = work.startIndex
            if skip > 0 {
                let taken = min(skip, work.count)
                skip -= taken
                index += taken
            }
            while index < work.endIndex, !closed {
                let available = work.endIndex - index
                guard available >= 2 else { break }
                let first = work[index]
                let second = work[index + 1]
                var length = Int(second & 0x7F)
                var header = 2
                if length == 126 { header = 4 } else if length == 127 { header = 10 }
                if second & 0x80 != 0 { header += 4 }
                guard available >= header else { break }
                if length == 126 {
                    length = Int(work[index + 2]) << 8 | Int(work[index + 3])
                } else if length == 127 {
                    length = 0
                    for byte in 0..<8 { length = length << 8 | Int(work[index + 2 + byte]) }
                }
                let opcode = first & 0x0F
                if opcode >= 8 {
                    // Control frames are short; wait until the whole one is here.
                    guard available >= header + length else { break }
                    let payload = Array(work[(index + header)..<(index + header + length)])
                    if opcode == 9 { RawReader.sendFrame(socket, Frame(opcode: .pong, payload: payload)) }
                    if opcode == 8 { closed = true }
                    index += header + length
                    continue
                }
                if first & 0x80 != 0 { messages += 1 }
                if available >= header + length {
                    index += header + length
                } else {
                    skip = header + length - available
                    index = work.endIndex
                }
            }
            if index < work.endIndex, !closed { carry = Array(work[index...]) }
        }
    }
}
