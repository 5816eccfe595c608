/// Which lots a disposal takes (docs/store.md, reference §3): the method moves gain between
/// "realised now" and "unrealised", never changes their sum.
public enum CostMethod: String, Sendable, CaseIterable {
    /// The oldest lots first (the default, and the US rule without specific identification).
    case fifo
    /// The newest lots first.
    case lifo
    /// The lots with the highest cost per coin first (the smallest gain now).
    case hifo
    /// One pool per coin and currency: each acquisition re-averages the cost per coin, a disposal
    /// takes the average and leaves it unchanged.
    case average

    /// Reads a method's name as typed (`fifo`, `FIFO`, `avg`).
    public init?(name: some StringProtocol) {
        let lowered = name.lowercased()
        if lowered == "avg" || lowered == "acb" {
            self = .average
        } else if let method = CostMethod(rawValue: lowered) {
            self = method
        } else {
            return nil
        }
    }
}
