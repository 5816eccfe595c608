import Foundation

/// One market behind all four exchanges: a mid price per pair on a seeded random walk, and per
/// exchange a small offset from it that wanders and pulls back (an Ornstein–Uhlenbeck walk), so
/// the venues move together, differ by a few basis points, and now and then one's bid rises
/// above another's ask (a crossed market).
///
/// Each pair walks in numbered steps with its own generator derived from the seed, so the price
/// at step N is the same whichever exchange asks first and however often: the same seed gives the
/// same path.
struct ExchangeMarket: Sendable {
    /// How the prices move; relative figures (1e-4 is one basis point).
    struct Walk: Sendable {
        /// Standard deviation of the mid's relative move per step.
        var volatility = 1.5e-4
        /// Share of an offset's distance from its bias pulled back per step.
        var offsetReversion = 0.05
        /// Standard deviation of an offset's own move per step (about 0.5 bp at rest): with the
        /// spreads below, one exchange's bid tops another's ask some 5 % of the time.
        var offsetVolatility = 1.5e-5
    }

    /// The state of one pair.
    struct PairState: Sendable {
        /// The shared mid price.
        var mid: Double
        /// The opening mid (the recorded price), for the 24-hour figures.
        let open: Double
        /// Steps taken so far.
        var step = 0
        /// Each exchange's relative offset from the mid, by `SimulatedExchange.allCases` index.
        var offsets: [Double]
        /// The pair's own generator.
        var random: StreamRandom
    }

    /// Where each exchange sits around the mid on average: a fixed lean of a fraction of a basis
    /// point, so that one venue tends to be a little dearer than another, as real ones are.
    static func bias(of exchange: SimulatedExchange) -> Double {
        switch exchange {
        case .coinbase: 0
        case .kraken: -0.1e-4
        case .bitstamp: 0.4e-4
        case .bitfinex: 0.5e-4
        case .binance: -0.2e-4
        case .binanceus: 0.2e-4
        case .okx: -0.1e-4
        case .gemini: 0.3e-4
        case .cex: 0.6e-4
        }
    }

    /// Half of each exchange's typical relative spread: Coinbase and Kraken tight, Bitstamp and
    /// Bitfinex wider.
    static func halfSpread(of exchange: SimulatedExchange) -> Double {
        switch exchange {
        case .coinbase: 0.6e-4
        case .kraken: 0.8e-4
        case .bitstamp: 2.0e-4
        case .bitfinex: 1.5e-4
        case .binance: 0.3e-4
        case .binanceus: 1.0e-4
        case .okx: 0.5e-4
        case .gemini: 1.2e-4
        case .cex: 2.5e-4
        }
    }

    /// Largest number of steps walked in one call; a market left alone for longer jumps ahead.
    static let maximumCatchUp = 100_000

    let seed: UInt64
    let walk: Walk
    /// The opening prices of every listed pair.
    let openingPrices: [ExchangePair: Double]
    private(set) var pairs: [ExchangePair: PairState] = [:]

    init(seed: UInt64, openingPrices: [ExchangePair: Double], walk: Walk = Walk()) {
        self.seed = seed
        self.openingPrices = openingPrices
        self.walk = walk
    }

    /// The state of `pair`, created at its opening price on first use; nil for an unknown pair.
    mutating func state(of pair: ExchangePair) -> PairState? {
        if let state = pairs[pair] { return state }
        guard let open = openingPrices[pair] else { return nil }
        let index = UInt64(ExchangeListing.pairs.firstIndex(of: pair) ?? 0)
        let state = PairState(
            mid: open, open: open, offsets: SimulatedExchange.allCases.map(Self.bias(of:)),
            random: StreamRandom.derived(from: seed, purpose: 100 + index))
        pairs[pair] = state
        return state
    }

    /// Walks `pair` forward to step `target` (never back).
    mutating func advance(_ pair: ExchangePair, to target: Int) {
        guard var state = state(of: pair), target > state.step else { return }
        let steps = min(target - state.step, Self.maximumCatchUp)
        for _ in 0..<steps { Self.step(&state, walk: walk) }
        state.step = target
        pairs[pair] = state
    }

    /// Walks `pair` one step.
    mutating func advance(_ pair: ExchangePair) {
        guard let state = state(of: pair) else { return }
        advance(pair, to: state.step + 1)
    }

    /// The raw (unrounded) best bid and ask of `exchange` for `pair` now.
    mutating func touch(of pair: ExchangePair, on exchange: SimulatedExchange) -> (bid: Double, ask: Double)? {
        guard let state = state(of: pair), let index = SimulatedExchange.allCases.firstIndex(of: exchange) else { return nil }
        let center = state.mid * (1 + state.offsets[index])
        let half = Self.halfSpread(of: exchange) * center
        return (center - half, center + half)
    }

    /// One step: the mid moves, each offset moves and is pulled back towards its bias.
    private static func step(_ state: inout PairState, walk: Walk) {
        state.mid *= 1 + walk.volatility * gaussian(&state.random)
        for (index, exchange) in SimulatedExchange.allCases.enumerated() {
            let bias = Self.bias(of: exchange)
            let offset = state.offsets[index]
            state.offsets[index] = offset + walk.offsetReversion * (bias - offset) + walk.offsetVolatility * gaussian(&state.random)
        }
    }

    /// A standard normal draw (Box–Muller).
    static func gaussian(_ random: inout StreamRandom) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &random)
        let u2 = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
