/// What the holdings screen shows under the ledger's table: the selected coin's lots or
/// disposals, or the whole portfolio's value over time.
enum HoldingsPanel: Sendable, Equatable, CaseIterable {
    /// Its open lots: when each was acquired, how much is left and what it cost.
    case lots
    /// Its disposals: proceeds, cost and the realised gain of each.
    case realized
    /// The portfolio's value per day and its cost basis (`holdings chart`).
    case chart

    /// The panel after this one (Tab).
    var next: HoldingsPanel {
        switch self {
        case .lots: .realized
        case .realized: .chart
        case .chart: .lots
        }
    }
}
