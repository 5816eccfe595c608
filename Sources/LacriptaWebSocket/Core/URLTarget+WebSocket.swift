import Foundation
import LacriptaNet

extension URLTarget.Schemes {
    /// ws:// and wss://.
    static let webSocket = URLTarget.Schemes(plain: "ws", secure: "wss")
}

extension URLTarget {
    /// Parses a ws:// or wss:// `url`.
    init(url: URL) throws(WebSocketError) {
        guard let target = URLTarget(url: url, schemes: .webSocket) else { throw WebSocketError(.invalidURL) }
        self = target
    }
}
