import LacriptaCore
import LacriptaTerminal

extension ChangeDirection {
    /// The marker and colour for a price move the streamer reported (`LacriptaTerminal` knows
    /// nothing of the feed, so the mapping lives here).
    init(_ direction: PriceDirection) {
        switch direction {
        case .up: self = .up
        case .down: self = .down
        case .unchanged: self = .unchanged
        }
    }
}
