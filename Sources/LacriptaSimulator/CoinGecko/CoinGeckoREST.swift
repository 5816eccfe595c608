import LacriptaNet

/// The simulated CoinGecko v3 public API (keyless, with an optional Demo key), from recorded bodies.
///
/// Paths are the real ones below the host (`/api/v3/coins/markets`); the simulator mounts the
/// service under a prefix (`Simulator.coinGeckoBaseURL`). Like `CryptoCompareREST` it speaks raw
/// JSON and shares no decoding code with the client. Request order: the request is logged (Demo
/// key redacted), a request without a User-Agent gets the recorded 403 (CoinGecko has refused
/// them since 2026-01), then an active fault answers, then the route. Thread-safety: `handle`
/// runs on many connection threads at once; the fault and the log sit behind one lock, the
/// recorded data is immutable.
public final class CoinGeckoREST: Sendable {
    /// What tests and the command line may change while the server runs.
    struct RuntimeState {
        var fault: CoinGeckoFault?
        /// Requests left before `fault` clears itself; nil keeps it until changed.
        var faultRemaining: Int?
        var log: [CoinGeckoRequestRecord] = []
    }

    /// `Cache-Control` of CoinGecko's answers: its edge caches them for 30 s.
    static let cacheControl = "max-age=30, public"
    /// How many request records are kept (oldest dropped first).
    static let requestLogLimit = 1000

    let data: CoinGeckoData
    let currencies: CoinGeckoCurrencies
    private let state: Locked<RuntimeState>

    /// Creates the service over recorded data; `rates` gives the fiat exchange rates.
    public init(data: CoinGeckoData, rates: ExchangeRates, fault: CoinGeckoFault? = nil) {
        self.data = data
        currencies = CoinGeckoCurrencies(rates: rates, markets: data.marketItems)
        state = Locked(RuntimeState(fault: fault))
    }

    /// Answers one request whose path starts at the host root (`/api/v3/…`); thread-safe.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let record = CoinGeckoRequestRecord(request)
        let fault = state.withLock { state -> CoinGeckoFault? in
            state.log.append(record)
            if state.log.count > Self.requestLogLimit { state.log.removeFirst(state.log.count - Self.requestLogLimit) }
            guard record.userAgent?.isEmpty == false, let fault = state.fault else { return nil }
            if let remaining = state.faultRemaining {
                state.faultRemaining = remaining - 1
                if remaining <= 1 { (state.fault, state.faultRemaining) = (nil, nil) }
            }
            return fault
        }
        // An empty User-Agent counts as none, as on the real service ("no or an empty UA").
        guard record.userAgent?.isEmpty == false else { return .coinGecko(data[.error403UserAgent], status: 403) }
        if let fault { return respond(to: request, with: fault) }
        return route(request)
    }

    // MARK: Runtime control (thread-safe)

    /// Sets (or with nil clears) the fault; with `count` it clears itself after that many
    /// requests (requests refused for their User-Agent do not count).
    public func setFault(_ fault: CoinGeckoFault?, count: Int? = nil) {
        state.withLock {
            $0.fault = fault
            $0.faultRemaining = fault == nil ? nil : count
        }
    }

    /// The active fault.
    public var fault: CoinGeckoFault? { state.withLock { $0.fault } }

    /// The requests seen so far, oldest first, Demo keys redacted.
    public var requestLog: [CoinGeckoRequestRecord] { state.withLock { $0.log } }

    /// Forgets the logged requests.
    public func clearRequestLog() {
        state.withLock { $0.log.removeAll() }
    }

    // MARK: Answering

    /// The answer of the real service for a request it accepts.
    func route(_ request: HTTPRequest) -> HTTPResponse {
        guard let route = CoinGeckoRoute(path: request.path) else { return .coinGecko(Self.incorrectPath, status: 404) }
        switch route {
        case .ping: return .coinGecko(Self.ping)
        case .markets: return markets(request)
        case .coinsList: return coinsList(request)
        case .coin(let id): return coin(id: id, request)
        case .marketChart(let id): return marketChart(id: id, request)
        case .ohlc(let id): return ohlc(id: id, request)
        case .search: return search(request)
        case .simplePrice: return simplePrice(request)
        }
    }

    /// `/ping`'s body, as recorded in OpenBB#1149.
    static let ping = JSONValue.object([JSONValue.Member("gecko_says", .string("(V3) To the Moon!"))])

    /// The body for a path that is not an API path. Not recorded: it is written in the service's
    /// `{"error":"…"}` shape, and the client decides on the 404 alone.
    static let incorrectPath = JSONValue.object([JSONValue.Member("error", .string("Incorrect path. Please check https://docs.coingecko.com/"))])

    /// `{"error":"Missing parameter NAME"}`, the shape recorded for `/simple/price`; used for every
    /// required parameter (only that one's text is recorded).
    static func missingParameter(_ name: String) -> HTTPResponse {
        .coinGecko(.object([JSONValue.Member("error", .string("Missing parameter \(name)"))]), status: 400)
    }

    /// The recorded 400 for a `vs_currency` CoinGecko does not quote in.
    var invalidCurrency: HTTPResponse { .coinGecko(data[.error400Currency], status: 400) }

    /// The recorded 404 for an id no coin has.
    var coinNotFound: HTTPResponse { .coinGecko(data[.error404Coin], status: 404) }
}

extension HTTPResponse {
    /// A CoinGecko JSON answer: its content type, and on success its 30-second edge caching.
    static func coinGecko(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        var headers = HTTPHeaders([("Content-Type", "application/json; charset=utf-8")])
        if status == 200 { headers.add("Cache-Control", CoinGeckoREST.cacheControl) }
        return HTTPResponse(status: status, headers: headers, body: value.serialized())
    }
}
