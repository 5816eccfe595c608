import Foundation
import LacriptaCore
import LacriptaTerminal

/// The live detail of one coin: the price as it ticks, today's open, high and low, the change
/// since the open, the age of the last tick and a sparkline of the ticks since the page opened.
struct LiveDetailView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let detail: LiveDetailPage

    /// The title bar.
    func title(width: Int) -> StyledText {
        let pair = "\(Sanitizer.singleLine(detail.symbol))/\(model.currency)"
        return FramePieces.titleBar("lacripta · live · \(pair) · \(Sanitizer.singleLine(detail.name))", width: width)
    }

    /// The body lines.
    func body(width: Int) -> [StyledText] {
        let price = PriceFormatter(currency: model.currency)
        let tick = model.liveTick(for: detail.symbol)
        let coin = model.coins.first { $0.symbol == detail.symbol }
        var lines: [StyledText] = [StyledText("")]
        let shown = tick?.price ?? coin?.quote?.price
        var headline = StyledText("  " + Sanitizer.singleLine(detail.symbol) + "  ", style: .bold)
        if let shown {
            let flash = model.livePair(for: detail.symbol).flatMap { model.live.flash(for: $0, at: model.now) }
            let style = flash.map { ToplistView.flashStyle(ChangeDirection($0)) } ?? .bold
            headline += StyledText(price.string(shown), style: style)
            if let direction = tick.map({ ChangeDirection($0.direction) }) {
                headline += StyledText(" " + direction.symbol, style: direction.style)
            }
        } else {
            headline += StyledText(PriceFormatter.missingValue, style: .secondary)
        }
        lines += [headline, StyledText("")]
        if let tick {
            lines += quoteLines(tick, price: price)
        } else {
            lines.append(StyledText("  " + waitingText, style: .secondary))
            if let quote = coin?.quote {
                lines.append(StyledText(""))
                lines.append(field("24h high", quote.high24h.map { price.string($0) }))
                lines.append(field("24h low", quote.low24h.map { price.string($0) }))
                if let percent = quote.changePercent24h { lines.append(field("Change 24h") + ChangeFormatter().percent(percent)) }
                lines.append(StyledText("  (from the last REST refresh)", style: .secondary))
            }
        }
        guard model.liveEnabled else { return lines }
        lines.append(StyledText(""))
        let chart = Sparkline.line(detail.ticks, width: max(1, width - 4))
        if chart.isEmpty {
            lines.append(StyledText("  No ticks since \(UTCDateFormatter.time(detail.openedAt)) UTC yet.", style: .secondary))
        } else {
            lines.append(StyledText("  " + chart, style: .accent))
            if let low = detail.ticks.min(), let high = detail.ticks.max() {
                let count = detail.ticks.count
                let text =
                    "  \(count) tick\(count == 1 ? "" : "s") since \(UTCDateFormatter.time(detail.openedAt)) UTC · low \(price.string(low)) · high \(price.string(high))"
                lines.append(StyledText(text, style: .secondary))
            }
        }
        return lines
    }

    /// Day open, high, low, change since the open and the tick's age.
    private func quoteLines(_ tick: LiveTick, price: PriceFormatter) -> [StyledText] {
        let fields = tick.snapshot.fields
        var lines = [
            field("Day open", fields.openDay.map { price.string($0) }),
            field("Day high", fields.highDay.map { price.string($0) }),
            field("Day low", fields.lowDay.map { price.string($0) }),
        ]
        if let change = tick.change(over: .day) {
            lines.append(field("Change today") + ChangeFormatter().change(change.amount, percent: change.percent, price: price))
        } else {
            lines.append(field("Change today", nil))
        }
        let age = max(0, Int(clamping: model.now.timeIntervalSince(tick.receivedAt)))
        var ageText = "\(age) s ago"
        if let trade = fields.lastUpdate { ageText += " (last trade \(UTCDateFormatter.time(Date(timeIntervalSince1970: TimeInterval(trade)))) UTC)" }
        lines.append(field("Last tick", ageText))
        return lines
    }

    /// Why no tick is shown yet.
    private var waitingText: String {
        if !model.liveEnabled { return "Live prices are off: no streamer connection." }
        if model.isRefused(detail.symbol) { return "The streamer has no \(detail.symbol)/\(model.currency) price." }
        return "Waiting for the first tick…"
    }

    /// "  Day open      $61,000.00" (a dash when unknown).
    private func field(_ name: String, _ value: String?) -> StyledText {
        field(name) + StyledText(value ?? PriceFormatter.missingValue)
    }

    /// The field name, padded.
    private func field(_ name: String) -> StyledText {
        StyledText("  " + name.padding(toLength: 14, withPad: " ", startingAt: 0), style: .secondary)
    }
}
