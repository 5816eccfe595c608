import Foundation
import LacriptaWebSocket

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A connection backed by `URLSessionWebSocketTask`.
final class URLSessionWebSocketConnection: WebSocketConnection {
    let messages: AsyncThrowingStream<WebSocketMessage, any Error>
    private let box: TaskBox

    init(box: TaskBox) {
        self.box = box
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: WebSocketMessage.self, throwing: (any Error).self)
        messages = stream
        let receiver = Task {
            do {
                while true {
                    // Not a switch: Apple's enum is open (`@unknown default` needed) and
                    // FoundationNetworking's is not (the same line is a warning there).
                    let message = try await box.task.receive()
                    if case .string(let text) = message {
                        continuation.yield(.text(text))
                    } else if case .data(let data) = message {
                        continuation.yield(.binary([UInt8](data)))
                    }
                }
            } catch {
                box.session.finishTasksAndInvalidate()  // releases the delegate the session retains
                if box.task.closeCode != .invalid {
                    continuation.finish()
                } else {
                    continuation.finish(throwing: WebSocketError(.connectionLost, detail: error.localizedDescription))
                }
            }
        }
        continuation.onTermination = { termination in
            guard case .cancelled = termination else { return }
            receiver.cancel()
            box.task.cancel(with: .goingAway, reason: nil)
        }
    }

    /// Sends through the task.
    func send(_ message: WebSocketMessage) async throws {
        switch message.kind {
        case .text: try await box.task.send(.string(String(decoding: message.payload, as: UTF8.self)))
        case .binary: try await box.task.send(.data(Data(message.payload)))
        }
    }

    /// Cancels the task with `code` (URLSession runs the close handshake).
    func close(code: CloseCode) async {
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code.rawValue)) ?? .normalClosure
        box.task.cancel(with: closeCode, reason: nil)
        box.session.finishTasksAndInvalidate()
    }

    var closeStatus: CloseStatus? {
        get async {
            let code = box.task.closeCode
            guard code != .invalid else { return nil }
            let reason = box.task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return CloseStatus(code: CloseCode(UInt16(clamping: code.rawValue)), reason: reason)
        }
    }
}
