extension Fetched {
    /// The same answer (its time and offline mark kept) with its value transformed.
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Fetched<Other> {
        Fetched<Other>(value: try transform(value), fetchedAt: fetchedAt, offlineReason: offlineReason)
    }
}
