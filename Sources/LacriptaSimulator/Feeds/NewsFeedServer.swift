import Foundation
import LacriptaNet

/// The simulated news outlets: every `SimulatedFeed` at `/feeds/<slug>.xml`, with conditional GET,
/// per-feed faults and delays.
///
/// The documents are prepared once at start-up (dates moved to the clock when asked, validators
/// computed), so a body, and with it its ETag, stays the same while the simulator runs and a
/// client's conditional GET gets its 304. Request order: the request is logged; an unknown path
/// is a 404 page; a Cointelegraph feed refuses a request without a User-Agent (403); then the
/// feed's fault (or the all-feeds fault) answers; otherwise the document, or 304 when the client
/// has it. The feed's delay applies to whatever is answered. `/feeds/moved/<slug>.xml`, where
/// the redirect faults point, always serves the document at once.
/// Thread-safety: faults, delays and the log sit behind one lock; the documents are immutable.
public final class NewsFeedServer: Sendable {
    /// The path prefix of every feed.
    public static let mount = "/feeds"
    /// How many request records are kept (oldest dropped first).
    static let requestLogLimit = 1000

    /// Start-up settings.
    public struct Options: Sendable {
        /// When set, each feed's dates are moved so its newest item is a few minutes older than
        /// this moment (gaps kept); nil serves the recorded dates.
        public var freshDatesNow: Date?
        /// Faults active from the start.
        public var faults: [FeedSetting<FeedFault>]
        /// Delays active from the start.
        public var delays: [FeedSetting<Duration>]

        /// Creates options.
        public init(freshDatesNow: Date? = nil, faults: [FeedSetting<FeedFault>] = [], delays: [FeedSetting<Duration>] = []) {
            self.freshDatesNow = freshDatesNow
            self.faults = faults
            self.delays = delays
        }
    }

    /// One feed, ready to serve.
    struct Document {
        let body: [UInt8]
        let validators: FeedValidators
    }

    /// What tests and the command line may change while the server runs.
    struct RuntimeState {
        /// The fault of every feed without one of its own.
        var fault: FeedFault?
        var faults: [SimulatedFeed: FeedFault] = [:]
        /// The delay of every feed without one of its own.
        var delay = Duration.zero
        var delays: [SimulatedFeed: Duration] = [:]
        var log: [FeedRequestRecord] = []

        mutating func apply(fault: FeedFault?, to feed: SimulatedFeed?) {
            if let feed { faults[feed] = fault } else { self.fault = fault }
        }

        mutating func apply(delay: Duration, to feed: SimulatedFeed?) {
            if let feed { delays[feed] = delay } else { self.delay = delay }
        }
    }

    let documents: [SimulatedFeed: Document]
    private let state: Locked<RuntimeState>

    /// Reads every feed's recording from `directory` and prepares it.
    public init(directory: URL, options: Options = Options()) throws(RecordedDataError) {
        var documents: [SimulatedFeed: Document] = [:]
        for (index, feed) in SimulatedFeed.allCases.enumerated() {
            let url = directory.appendingPathComponent(feed.fileName)
            guard let bytes = try? Data(contentsOf: url), var text = String(data: bytes, encoding: .utf8) else {
                throw RecordedDataError(file: url.path, problem: "cannot be read as UTF-8")
            }
            guard let recordedNewest = FeedDateShifter.newest(in: text) else {
                throw RecordedDataError(file: url.path, problem: "has no date the simulator can read")
            }
            var newest = recordedNewest
            if let now = options.freshDatesNow {
                // Staggered, so the outlets interleave instead of all publishing the same minute.
                let target = now.addingTimeInterval(-Double(7 + 5 * index) * 60)
                let shift = (target.timeIntervalSince(recordedNewest) / 60).rounded(.down) * 60
                text = FeedDateShifter.shifted(text, by: shift)
                newest = recordedNewest.addingTimeInterval(shift)
            }
            let body = Array(text.utf8)
            documents[feed] = Document(body: body, validators: FeedValidators(body: body, lastModified: newest))
        }
        self.documents = documents
        var initial = RuntimeState()
        for setting in options.faults { initial.apply(fault: setting.value, to: setting.feed) }
        for setting in options.delays { initial.apply(delay: setting.value, to: setting.feed) }
        state = Locked(initial)
    }

    /// Answers one request to a path under `mount`; thread-safe.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let record = FeedRequestRecord(request)
        let primary = SimulatedFeed.allCases.first { $0.path == request.path }
        let moved = SimulatedFeed.allCases.first { $0.movedPath == request.path }
        let (fault, delay) = state.withLock { state -> (FeedFault?, Duration) in
            state.log.append(record)
            if state.log.count > Self.requestLogLimit { state.log.removeFirst(state.log.count - Self.requestLogLimit) }
            guard let primary else { return (nil, .zero) }
            return (state.faults[primary] ?? state.fault, state.delays[primary] ?? state.delay)
        }
        guard let feed = primary ?? moved, let document = documents[feed] else { return Self.notFound }
        if feed.requiresUserAgent, record.userAgent?.isEmpty != false { return Self.forbiddenPage.delayed(by: delay) }
        if let fault { return respond(to: request, feed: feed, document: document, with: fault).delayed(by: delay) }
        var headers = HTTPHeaders([("Content-Type", feed.contentType)])
        for (name, value) in document.validators.headers { headers.add(name, value) }
        guard !document.validators.isNotModified(request) else {
            headers.remove("Content-Type")
            return HTTPResponse(status: 304, headers: headers, delay: delay)
        }
        return HTTPResponse(headers: headers, body: document.body, delay: delay)
    }

    // MARK: Runtime control (thread-safe)

    /// Sets (or with nil clears) the fault of `feed`, or with `feed` nil of every feed that has
    /// none of its own.
    public func setFault(_ fault: FeedFault?, for feed: SimulatedFeed? = nil) {
        state.withLock { $0.apply(fault: fault, to: feed) }
    }

    /// The fault `feed` answers with now.
    public func fault(for feed: SimulatedFeed) -> FeedFault? {
        state.withLock { $0.faults[feed] ?? $0.fault }
    }

    /// Clears every fault.
    public func removeAllFaults() {
        state.withLock {
            $0.fault = nil
            $0.faults.removeAll()
        }
    }

    /// Makes `feed` (or with nil every feed without its own delay) answer after `delay`; `.zero`
    /// answers at once. A delay is cut short when the server stops.
    public func setDelay(_ delay: Duration, for feed: SimulatedFeed? = nil) {
        state.withLock { $0.apply(delay: delay, to: feed) }
    }

    /// The requests seen so far, oldest first.
    public var requestLog: [FeedRequestRecord] { state.withLock { $0.log } }

    /// Forgets the logged requests.
    public func clearRequestLog() {
        state.withLock { $0.log.removeAll() }
    }
}
