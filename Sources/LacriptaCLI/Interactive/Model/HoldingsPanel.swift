/// What the holdings screen shows under the ledger's table for the selected coin.
enum HoldingsPanel: Sendable, Equatable, CaseIterable {
    /// Its open lots: when each was acquired, how much is left and what it cost.
    case lots
    /// Its disposals: proceeds, cost and the realised gain of each.
    case realized

    /// The panel after this one (Tab).
    var next: HoldingsPanel {
        switch self {
        case .lots: .realized
        case .realized: .lots
        }
    }
}
