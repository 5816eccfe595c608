/// The subscriptions a feed wants, in the order they were first asked for, without duplicates.
///
/// Order matters only for readability of the SubAdd the feed sends after every reconnect.
struct SubscriptionList: Sendable, Equatable {
    private(set) var all: [Subscription] = []
    private var members: Set<Subscription> = []

    /// A list holding `subscriptions`, duplicates dropped.
    init(_ subscriptions: [Subscription] = []) {
        _ = add(subscriptions)
    }

    var isEmpty: Bool { all.isEmpty }

    /// Adds the ones not yet present; returns those, in order.
    mutating func add(_ subscriptions: [Subscription]) -> [Subscription] {
        var added: [Subscription] = []
        for subscription in subscriptions where members.insert(subscription).inserted {
            all.append(subscription)
            added.append(subscription)
        }
        return added
    }

    /// Removes the ones present; returns those, in order.
    mutating func remove(_ subscriptions: [Subscription]) -> [Subscription] {
        var removed: [Subscription] = []
        for subscription in subscriptions where members.remove(subscription) != nil {
            removed.append(subscription)
        }
        if !removed.isEmpty {
            all.removeAll { !members.contains($0) }
        }
        return removed
    }

    /// Makes the list equal to `subscriptions`; returns what was added and what was removed.
    mutating func replace(with subscriptions: [Subscription]) -> (added: [Subscription], removed: [Subscription]) {
        let wanted = Set(subscriptions)
        let removed = remove(all.filter { !wanted.contains($0) })
        let added = add(subscriptions)
        return (added, removed)
    }
}
