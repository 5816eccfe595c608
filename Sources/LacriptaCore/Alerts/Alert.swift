import Foundation

/// One alert as the store keeps it: the rule, the user's note, whether it may fire, and when it
/// last fired. Written as one line of the `alerts` file:
///
/// ```
/// ID SYMBOL CURRENCY above|below PRICE [repeat] armed|fired [LAST-FIRED] [note TEXT]
/// ID SYMBOL CURRENCY move PERCENT WINDOW [repeat] armed|fired [LAST-FIRED] [note TEXT]
/// 1 BTC USD above 100000 armed
/// 2 ETH USD move 5 1h repeat armed 2026-11-24T10:00:00Z note the hourly swing
/// ```
public struct Alert: Sendable, Equatable {
    /// Whether the alert may fire.
    public enum State: String, Sendable, Equatable {
        /// Waiting for its condition.
        case armed
        /// Fired, and (for a one-shot alert) done; a repeating one re-arms on its own.
        case fired
    }

    /// The number `alert rm` takes; unique in the file.
    public var id: Int
    /// The coin, e.g. `BTC`.
    public var symbol: String
    /// The quote currency, e.g. `USD`.
    public var currency: String
    /// What it waits for.
    public var condition: AlertCondition
    /// Whether it re-arms after firing.
    public var repeats: Bool
    /// Armed or fired.
    public var state: State
    /// When it last fired (whole seconds, UTC), if ever.
    public var lastFired: Date?
    /// The user's note, one line of printable text; nil when none.
    public var note: String?

    /// Creates an alert.
    public init(
        id: Int, symbol: String, currency: String, condition: AlertCondition, repeats: Bool = false, state: State = .armed,
        lastFired: Date? = nil, note: String? = nil
    ) {
        self.id = id
        self.symbol = CoinSymbol.normalized(symbol) ?? symbol.uppercased()
        self.currency = currency.uppercased()
        self.condition = condition
        self.repeats = repeats
        self.state = state
        self.lastFired = lastFired
        self.note = note.flatMap(Self.cleanNote)
    }

    /// The rule the engine watches.
    public var rule: AlertRule {
        AlertRule(id: id, symbol: symbol, currency: currency, condition: condition, repeats: repeats)
    }

    /// "above 100000", "move 5 % within 1h": the condition in words.
    public var conditionText: String {
        switch condition {
        case .above(let level): "above \(level.text)"
        case .below(let level): "below \(level.text)"
        case .move(let percent, let window): "move \(percent.text) % within \(AlertEngine.describe(window))"
        }
    }

    /// `text` as the store writes a coin symbol (`btc` → `BTC`), or nil when it cannot be one.
    public static func normalizedSymbol(_ text: String) -> String? {
        CoinSymbol.normalized(text)
    }

    /// A note as the file can hold it: one line without controls or escapes, at most 200
    /// characters, nil when nothing is left. Notes are the user's own words, but they reach
    /// terminals, desktop notifications and other programs' environments, so they are kept clean.
    static func cleanNote(_ text: String) -> String? {
        let words = text.unicodeScalars.map { scalar -> Character in
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            return isControl ? " " : Character(scalar)
        }
        let single = String(words).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        // Trimmed as the file's reader trims a line, after the cut (which can end on a space), so
        // that a note reads back as written (found by fuzzing: store-files/crash-alert-note-end).
        let note = String(single.prefix(200)).trimmingCharacters(in: .whitespaces)
        return note.isEmpty ? nil : note
    }
}

extension Alert {
    /// Reads one line of the file; throws what is wrong, in our words.
    static func parse(_ line: String) throws(StoreLineError) -> Alert {
        var rest = Substring(line)
        var note: String?
        // The note is everything after the word `note`, spaces and all.
        if let range = line.range(of: " note ") {
            note = String(line[range.upperBound...])
            rest = line[..<range.lowerBound]
        } else if line.hasSuffix(" note") {
            rest = line.dropLast(5)
        }
        var words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        let shape = "expected `ID SYMBOL CURRENCY above|below PRICE [repeat] armed|fired [TIME] [note TEXT]` or `… move PERCENT 1h …`"
        guard words.count >= 5, let id = Int(words.removeFirst()), id > 0 else { throw StoreLineError(message: shape) }
        guard let symbol = CoinSymbol.normalized(words.removeFirst()) else {
            throw StoreLineError(message: "expected a coin symbol such as BTC after the id")
        }
        guard let currency = Configuration.parsedCurrencyCode(words.removeFirst()) else {
            throw StoreLineError(message: "expected a currency code such as USD after the symbol")
        }
        let condition = try parseCondition(&words)
        let repeats = words.first == "repeat"
        if repeats { words.removeFirst() }
        guard let stateWord = words.first, let state = State(rawValue: String(stateWord)) else {
            throw StoreLineError(message: "expected `armed` or `fired` after the condition")
        }
        words.removeFirst()
        var lastFired: Date?
        if let time = words.first {
            guard let date = try? Date(String(time), strategy: .iso8601) else {
                throw StoreLineError(message: "expected the time it last fired, such as 2026-11-24T10:00:00Z, or `note TEXT`")
            }
            lastFired = date
            words.removeFirst()
        }
        guard words.isEmpty else { throw StoreLineError(message: shape) }
        return Alert(
            id: id, symbol: symbol, currency: currency, condition: condition, repeats: repeats, state: state, lastFired: lastFired, note: note)
    }

    private static func parseCondition(_ words: inout ArraySlice<Substring>) throws(StoreLineError) -> AlertCondition {
        let kind = words.removeFirst().lowercased()
        guard let number = words.first.flatMap({ DecimalText($0) }), number.value > 0 else {
            throw StoreLineError(message: "expected a price or percentage above zero after `\(kind)`, plain digits such as 100000 or 2.5")
        }
        words.removeFirst()
        switch kind {
        case "above": return .above(number)
        case "below": return .below(number)
        case "move":
            guard let text = words.first, let window = AlertWindow.duration(String(text)) else {
                throw StoreLineError(message: "expected a window such as 1h or 24h after the percentage")
            }
            words.removeFirst()
            return .move(percent: number, window: window)
        default:
            throw StoreLineError(message: "expected `above`, `below` or `move` after the currency")
        }
    }

    /// The line the file holds for this alert.
    var line: String {
        var words = ["\(id)", symbol, currency]
        switch condition {
        case .above(let level): words += ["above", level.text]
        case .below(let level): words += ["below", level.text]
        case .move(let percent, let window): words += ["move", percent.text, AlertEngine.describe(window).replacingOccurrences(of: " ", with: "")]
        }
        if repeats { words.append("repeat") }
        words.append(state.rawValue)
        if let lastFired { words.append(lastFired.formatted(.iso8601)) }
        if let note { words += ["note", note] }
        return words.joined(separator: " ")
    }
}

/// The windows of move alerts, as typed and stored: `1h`, `24h`, or any whole number of seconds,
/// minutes or hours (`90s`, `15min`) in a hand-edited file.
public enum AlertWindow {
    /// The windows `alert add … move … --within` offers.
    public static let choices = ["1h", "24h"]

    /// `text` as a duration, or nil.
    public static func duration(_ text: String) -> Duration? {
        let units: [(suffix: String, seconds: Int64)] = [("min", 60), ("h", 3600), ("s", 1)]
        let longest: Int64 = 7 * 24 * 3600
        for unit in units where text.hasSuffix(unit.suffix) {
            // The count is bounded before it is multiplied: 3000000000000000h overflowed Int64
            // and trapped (the fuzzer typed it into the view's alert prompt).
            guard let count = Int64(text.dropLast(unit.suffix.count)), (1...(longest / unit.seconds)).contains(count) else { return nil }
            return .seconds(count * unit.seconds)
        }
        return nil
    }
}
