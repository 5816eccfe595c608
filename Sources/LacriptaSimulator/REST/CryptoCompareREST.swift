import LacriptaNet

/// The simulated CryptoCompare min-api: turns requests into the recorded wire format.
///
/// It speaks raw JSON from `RecordedData` and deliberately shares no decoding code with the
/// client, so client bugs cannot cancel out. Request order: the request is logged (without key
/// values), then a per-path override wins, then an active fault, then the key check, then the
/// route. Thread-safety: `handle` runs concurrently on the server's connection threads; the
/// mutable runtime state (fault, overrides, required key, log) sits behind one lock, and the
/// recorded data is immutable.
public final class CryptoCompareREST: Sendable {
    /// Start-up settings.
    public struct Options: Sendable {
        /// The key clients must send; `nil` accepts any key or none (the default).
        public var requiredKey: RequiredAPIKey?
        /// The fault active from the start; `nil` serves normally.
        public var fault: FaultMode?
        /// How many request records are kept (oldest dropped first).
        public var requestLogLimit: Int
        /// When set, news timestamps are shifted so the newest article is seven minutes older than
        /// this clock (gaps kept). Recorded news is from 2023 and would otherwise only ever show
        /// absolute dates, hiding the relative ones ("2 hours ago") users see against the service.
        public var newsNow: (@Sendable () -> Double)?

        /// Creates options; an empty `requireKey` means no key is required.
        public init(requireKey: String? = nil, fault: FaultMode? = nil, requestLogLimit: Int = 1000) {
            requiredKey = requireKey.flatMap(RequiredAPIKey.init)
            self.fault = fault
            self.requestLogLimit = requestLogLimit
        }
    }

    /// What tests and the CLI may change while the server runs.
    struct RuntimeState {
        var fault: FaultMode?
        /// Requests left before `fault` clears itself; `nil` keeps it until changed.
        var faultRemaining: Int?
        var overrides: [String: HTTPResponse] = [:]
        var requiredKey: RequiredAPIKey?
        var log: [SimulatorRequestRecord] = []
    }

    let recorded: RecordedData
    let rates: ExchangeRates
    let errors: ErrorBodies
    private let requestLogLimit: Int
    /// See `Options.newsNow`.
    let newsNow: (@Sendable () -> Double)?
    private let state: Locked<RuntimeState>

    /// Creates the service over recorded data.
    public init(recorded: RecordedData, options: Options = Options()) {
        self.recorded = recorded
        rates = ExchangeRates(recorded: recorded)
        errors = ErrorBodies(recorded: recorded)
        requestLogLimit = max(0, options.requestLogLimit)
        newsNow = options.newsNow
        state = Locked(RuntimeState(fault: options.fault, requiredKey: options.requiredKey))
    }

    /// Answers one request; safe to call from many threads at once.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let record = SimulatorRequestRecord(request)
        let (override, fault, requiredKey) = state.withLock { state in
            state.log.append(record)
            if state.log.count > requestLogLimit { state.log.removeFirst(state.log.count - requestLogLimit) }
            if let override = state.overrides[request.path] { return (Optional(override), FaultMode?.none, state.requiredKey) }
            let fault = state.fault
            if fault != nil, let remaining = state.faultRemaining {
                state.faultRemaining = remaining - 1
                if remaining <= 1 {
                    state.fault = nil
                    state.faultRemaining = nil
                }
            }
            return (nil, fault, state.requiredKey)
        }
        if let override { return override }
        if let fault { return respond(to: request, with: fault, requiredKey: requiredKey) }
        return authorizedResponse(to: request, requiredKey: requiredKey)
    }

    // MARK: Runtime control (thread-safe)

    /// Sets (or with `nil` clears) the fault; with `count` it clears itself after that many requests.
    public func setFault(_ fault: FaultMode?, count: Int? = nil) {
        state.withLock {
            $0.fault = fault
            $0.faultRemaining = fault == nil ? nil : count
        }
    }

    /// The active fault.
    public var fault: FaultMode? { state.withLock { $0.fault } }

    /// Serves `response` for every request to exactly `path` (before faults and key checks);
    /// `nil` removes the override.
    public func setOverride(_ response: HTTPResponse?, forPath path: String) {
        state.withLock { $0.overrides[path] = response }
    }

    /// Removes every per-path override.
    public func removeAllOverrides() {
        state.withLock { $0.overrides.removeAll() }
    }

    /// Requires `key` from now on (`nil` or empty: accept anything).
    public func setRequiredKey(_ key: String?) {
        setRequiredAPIKey(key.flatMap(RequiredAPIKey.init))
    }

    /// Requires `key` from now on (`nil`: accept anything).
    public func setRequiredAPIKey(_ key: RequiredAPIKey?) {
        state.withLock { $0.requiredKey = key }
    }

    /// The requests seen so far, oldest first, with key values redacted.
    public var requestLog: [SimulatorRequestRecord] { state.withLock { $0.log } }

    /// Forgets the logged requests.
    public func clearRequestLog() {
        state.withLock { $0.log.removeAll() }
    }

    // MARK: Answering

    /// The key check, then the route.
    func authorizedResponse(to request: HTTPRequest, requiredKey: RequiredAPIKey?) -> HTTPResponse {
        switch APIKeyPresentation(request).verdict(requiring: requiredKey) {
        case .missing: return .json(recorded[.errorAuth401], status: 401)
        case .wrong: return .json(recorded[.errorAuthLegacy])
        case .accepted: return route(request)
        }
    }

    /// The answer of the real service for a request it accepts.
    func route(_ request: HTTPRequest) -> HTTPResponse {
        guard let route = Route(path: request.path) else { return .json(errors.pathDoesNotExist) }
        switch route {
        case .toplistTopTierVolume, .toplistTotalVolume, .toplistMarketCap: return toplist(request)
        case .news: return news(request)
        case .newsCategories: return .json(recorded[.newsCategories])
        case .newsFeeds: return .json(recorded[.newsFeeds])
        case .newsFeedsAndCategories: return .json(recorded[.newsFeedsAndCategories])
        case .rateLimitStats: return .json(recorded[.statsRateLimit])
        case .priceMultiFull: return priceMultiFull(request)
        case .histoday: return histoday(request)
        case .histohour: return intraday(request, widthSeconds: 3600)
        case .histominute: return intraday(request, widthSeconds: 60)
        case .price: return price(request)
        case .coinList: return coinList()
        }
    }
}
