import Foundation

extension CryptoCompareStreamer {
    /// How the streamer behaves: pacing, limits, faults and the flood benchmark mode.
    public struct Options: Sendable {
        /// Seed of the random walk, socket ids and flood frames; nil picks a random one. The same
        /// seed (with the same subscriptions and `now`) gives the same messages.
        public var seed: UInt64?
        /// Partial updates per second for each subscribed pair (summed over pairs); 0 sends none
        /// (tests then call `publishUpdates`).
        public var ticksPerSecond: Double
        /// Period of the TYPE 999 heartbeat on every socket; nil sends none.
        public var heartbeatInterval: Duration?
        /// Period of server WebSocket pings on every socket; nil (the default) sends none.
        public var pingInterval: Duration?
        /// Sockets one client may hold at once; the next gets 429 TOO_MANY_SOCKETS and a close.
        /// nil is unlimited (the welcome then reports a nominal allowance of `nominalSocketLimit`).
        public var maxSockets: Int?
        /// Share of partial updates whose FLAGS is a numeric string (`"2"`), the REST quirk.
        public var flagsAsStringProbability: Double
        /// Misbehaviour on every connection.
        public var faults: Faults
        /// Benchmark mode: after the first SubAdd's snapshots, send this many partial updates as
        /// fast as the socket takes them, then Close 1000 (no walk, no heartbeats on that socket).
        public var flood: Int?
        /// Serve wss:// with this certificate and key instead of ws://.
        public var tls: WebSocketServer.TLSIdentity?
        /// The wall clock for LASTUPDATE, TIMEMS and the welcome (pacing uses a monotonic clock).
        public var now: @Sendable () -> Date

        /// The allowance the welcome reports when `maxSockets` is nil.
        public static let nominalSocketLimit = 10

        /// Creates options; the defaults behave like the service for a free key, minus the limit.
        public init(
            seed: UInt64? = nil, ticksPerSecond: Double = 2, heartbeatInterval: Duration? = .seconds(30),
            pingInterval: Duration? = nil, maxSockets: Int? = nil, flagsAsStringProbability: Double = 0.1,
            faults: Faults = Faults(), flood: Int? = nil, now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.seed = seed
            self.ticksPerSecond = ticksPerSecond
            self.heartbeatInterval = heartbeatInterval
            self.pingInterval = pingInterval
            self.maxSockets = maxSockets
            self.flagsAsStringProbability = flagsAsStringProbability
            self.faults = faults
            self.flood = flood
            self.now = now
        }
    }

    /// Faults applied to every connection. Counts are of text messages the streamer sent on that
    /// socket, the welcome included; a reconnecting client meets the same fault again.
    public struct Faults: Sendable, Equatable {
        /// Reset TCP (no Close) right after the Nth message.
        public var dropAfter: Int?
        /// With `dropAfter`: first send the start of a frame, so the loss comes mid-frame.
        public var dropMidFrame: Bool
        /// Stop sending anything and stop answering pings and Close after the Nth message; TCP stays open.
        public var silentAfter: Int?
        /// After the Nth message send 500 FORCE_DISCONNECT and Close (1008).
        public var forceDisconnectAfter: Int?
        /// Split every message into fragments of `fragmentSize` bytes.
        public var fragmentSize: Int?
        /// With `fragmentSize`: a ping between fragments (RFC 6455 allows control frames there).
        public var pingBetweenFragments: Bool
        /// Answer every socket with the recorded 401 and Close (1008), key or not.
        public var unauthorized: Bool
        /// Answer every socket with the recorded 429 TOO_MANY_SOCKETS and Close (1008).
        public var tooManySockets: Bool

        /// Creates faults; the default is none.
        public init(
            dropAfter: Int? = nil, dropMidFrame: Bool = false, silentAfter: Int? = nil, forceDisconnectAfter: Int? = nil,
            fragmentSize: Int? = nil, pingBetweenFragments: Bool = false, unauthorized: Bool = false,
            tooManySockets: Bool = false
        ) {
            self.dropAfter = dropAfter
            self.dropMidFrame = dropMidFrame
            self.silentAfter = silentAfter
            self.forceDisconnectAfter = forceDisconnectAfter
            self.fragmentSize = fragmentSize
            self.pingBetweenFragments = pingBetweenFragments
            self.unauthorized = unauthorized
            self.tooManySockets = tooManySockets
        }
    }
}
