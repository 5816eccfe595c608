/// The STREAMERWELCOME for a new socket, shaped like the recorded one.
extension StreamRecordings {
    /// What changes from one welcome to the next.
    struct WelcomeFacts: Sendable {
        /// Wall-clock time of the connect, in epoch milliseconds.
        var serverTimeMilliseconds: Int64
        /// Seconds the streamer has been running.
        var uptimeSeconds: Int
        /// The socket's id (20 base64-ish characters).
        var socketID: String
        /// Open sockets of this client, this one included.
        var socketsActive: Int
        /// Sockets the client may still open.
        var socketsRemaining: Int
        /// Sockets opened since the streamer started, this one included (spends the rate limits).
        var socketsOpened: Int
    }

    /// The recorded welcome with the time, uptime, socket id, socket counts and remaining
    /// rate-limit budget replaced; the first socket's budget is exactly the recorded one.
    func welcome(_ facts: WelcomeFacts) -> JSONValue {
        let recordedUptime = welcome["SERVER_UPTIME_SECONDS"]?.doubleValue.map { Int($0) } ?? 0
        var message =
            welcome
            .setting("SERVER_UPTIME_SECONDS", to: .number(String(recordedUptime + facts.uptimeSeconds)))
            .setting("SERVER_TIME_MS", to: .number(String(facts.serverTimeMilliseconds)))
            .setting("SOCKET_ID", to: .string(facts.socketID))
            .setting("SOCKETS_ACTIVE", to: .number(String(facts.socketsActive)))
            .setting("SOCKETS_REMAINING", to: .number(String(facts.socketsRemaining)))
        for window in ["SECOND", "MINUTE", "HOUR", "DAY", "MONTH"] {
            let key = "RATELIMIT_REMAINING_\(window)"
            guard let recorded = welcome[key]?.doubleValue else { continue }
            message = message.setting(key, to: .number(String(max(0, Int(recorded) - (facts.socketsOpened - 1)))))
        }
        return message
    }

    /// A random socket id in the recorded style (`7zUlXfWU+zH7uX7ViDS2`).
    static func socketID(using random: inout StreamRandom) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        return String((0..<20).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
    }
}
