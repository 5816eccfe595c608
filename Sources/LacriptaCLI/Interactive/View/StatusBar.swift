import Foundation
import LacriptaCore
import LacriptaTerminal

/// The status row above the footer: when the data was fetched, the live connection state, and
/// the last error, which never hides the data still on screen.
struct StatusBar: Sendable {
    /// The state to describe.
    let model: InteractiveModel

    /// The row, at most `width` cells.
    func line(width: Int) -> StyledText {
        var parts: [StyledText] = []
        if let fired = model.alerts.flashing(at: model.now) { parts.append(fired.flashLine) }
        if let notice = model.notice {
            parts.append(StyledText("✓ " + notice, style: .ok))
        }
        // First: a star that was not saved matters more than the data's age.
        if let problem = model.yours.storeError { parts.append(StyledText("⚠ " + problem, style: .error)) }
        parts.append(contentsOf: dataParts())
        parts.append(liveState)
        return (StyledText(" ") + StyledText.joined(parts, separator: StyledText(" · ", style: .secondary))).truncated(toWidth: width)
    }

    /// Freshness and errors of the data the current screen shows.
    private func dataParts() -> [StyledText] {
        switch model.page {
        case .news(let news):
            let source = news.attribution.map { [StyledText("from \(Sanitizer.singleLine($0))", style: .secondary)] } ?? []
            return source + freshness(loading: news.loading, fetchedAt: news.fetchedAt, error: news.error, what: "news")
        case .article(let article):
            if let error = article.shareError { return [StyledText("⚠ " + error, style: .error)] }
            if article.sharing { return [StyledText("Sharing…", style: .secondary)] }
            // The article's own dates are on screen; the toplist's freshness would only confuse.
            return []
        case .toplist, .live, .alerts:
            return toplistFreshness + (model.yours.favoritesOnly ? quotesFreshness : [])
                + (model.alerts.problem.map { [StyledText("⚠ alerts: " + $0, style: .error)] } ?? [])
        case .coin(let detail):
            let note = detail.error.map { [StyledText("⚠ " + $0, style: .unchanged)] } ?? []
            return freshness(loading: detail.loading, fetchedAt: detail.fetchedAt, error: nil, what: "figures") + note
        case .holdings:
            return toplistFreshness + quotesFreshness
        case .addCoin:
            return model.yours.coinIndexError.map { [StyledText("⚠ " + $0, style: .unchanged)] } ?? []
        case .compare:
            return []
        }
    }

    /// The quotes request for coins outside the toplist: loading, or why it failed.
    private var quotesFreshness: [StyledText] {
        if let error = model.yours.quotesError { return [StyledText("⚠ " + error, style: .unchanged)] }
        return model.yours.quotesLoading ? [StyledText("pricing your coins…", style: .secondary)] : []
    }

    private var toplistFreshness: [StyledText] {
        let source = model.options.source.isEmpty ? [] : [StyledText(model.options.source, style: .secondary)]
        return source + freshness(loading: model.loading, fetchedAt: model.fetchedAt, error: model.toplistError, what: "prices")
    }

    /// "updated 12:34:05 UTC (just now)", "loading…", and "⚠ error" after either.
    private func freshness(loading: Bool, fetchedAt: Date?, error: String?, what: String) -> [StyledText] {
        var parts: [StyledText] = []
        if let fetchedAt {
            let age = RelativeDateFormatter(now: model.now).string(for: fetchedAt)
            let text = "updated \(UTCDateFormatter.time(fetchedAt)) UTC (\(age))" + (loading ? " · refreshing…" : "")
            parts.append(StyledText(text, style: .secondary))
        } else if loading {
            parts.append(StyledText("loading \(what)…", style: .secondary))
        }
        if let error {
            parts.append(StyledText("⚠ " + error, style: .unchanged))
        }
        return parts
    }

    /// The live connection in one word or a few: LIVE, RECONNECTING, STALE, or off.
    private var liveState: StyledText {
        guard model.liveEnabled else { return StyledText("live: off", style: .secondary) }
        if let failure = model.live.failure {
            return StyledText("live: off — \(Sanitizer.singleLine(failure))", style: .error)
        }
        switch model.live.state {
        case nil, .connecting?:
            return StyledText("live: connecting…", style: .secondary)
        case .live?:
            return StyledText("● LIVE", style: .ok)
        case .reconnecting(let attempt, let nextIn, _)?:
            return StyledText("RECONNECTING (attempt \(attempt), next in \(Self.seconds(nextIn)))", style: .unchanged)
        case .stale(let age)?:
            return StyledText("STALE (no data for \(Self.seconds(age)))", style: .unchanged)
        }
    }

    /// A duration as whole seconds: "5 s".
    static func seconds(_ duration: Duration) -> String {
        "\(max(0, duration.components.seconds)) s"
    }
}
