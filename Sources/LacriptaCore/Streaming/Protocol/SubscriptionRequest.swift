import LacriptaWebSocket

/// A client→server subscription message: `{"action":"SubAdd","subs":[...]}` or `SubRemove`.
public struct SubscriptionRequest: Sendable, Equatable {
    /// The two actions the v2 streamer understands.
    public enum Action: String, Sendable, Equatable {
        /// Start streaming the listed channels.
        case add = "SubAdd"
        /// Stop streaming the listed channels.
        case remove = "SubRemove"
    }

    /// What to do with `subscriptions`.
    public var action: Action
    /// The channels, in the order they are sent.
    public var subscriptions: [Subscription]

    /// Creates a request.
    public init(action: Action, subscriptions: [Subscription]) {
        self.action = action
        self.subscriptions = subscriptions
    }

    /// The JSON text sent to the server.
    ///
    /// Built by hand because the shape is fixed; strings are escaped anyway (by the same JSON
    /// writer as `live --json` lines) even though `Subscription` only admits characters that need none.
    public var json: String {
        var out = OutputBytes(capacity: 64)
        out.append(#"{"action":"#)
        out.appendJSONString(action.rawValue)
        out.append(#","subs":["#)
        for (index, subscription) in subscriptions.enumerated() {
            if index > 0 { out.append(",") }
            out.appendJSONString(subscription.description)
        }
        out.append("]}")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The request as a WebSocket text message.
    public var message: WebSocketMessage {
        .text(json)
    }
}
