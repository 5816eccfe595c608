import Foundation

/// A value from the service, or from the cache when the service was out of reach.
public struct Fetched<Value: Sendable>: Sendable {
    /// The data.
    public var value: Value
    /// When the data was fetched.
    public var fetchedAt: Date
    /// Set when this is cached data standing in for a failed request: why the request failed.
    public var offlineReason: LacriptaError?

    /// Creates a fetched value.
    public init(value: Value, fetchedAt: Date, offlineReason: LacriptaError? = nil) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.offlineReason = offlineReason
    }

    /// Whether this came from the cache because the network failed.
    public var isOffline: Bool { offlineReason != nil }
}
