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
    /// Built by hand because the shape is fixed; strings are escaped anyway even though
    /// `Subscription` only admits characters that need none.
    public var json: String {
        var text = #"{"action":""# + action.rawValue + #"","subs":["#
        for (index, subscription) in subscriptions.enumerated() {
            if index > 0 { text += "," }
            text += JSONText.quoted(subscription.description)
        }
        text += "]}"
        return text
    }

    /// The request as a WebSocket text message.
    public var message: WebSocketMessage {
        .text(json)
    }
}

/// Minimal JSON string quoting for the few messages the client writes.
enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
        return result
    }
}
