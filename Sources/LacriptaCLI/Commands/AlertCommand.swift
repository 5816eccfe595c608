import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta alert [ACTION] …`: price alerts kept in the user's store. The action is the first
/// positional (`add`, `rm`, `clear`, `watch`; none lists them), read here, so the parser needs no
/// notion of subcommands.
struct AlertCommand: Command {
    static let configuration = CommandConfiguration(
        name: "alert",
        abstract: "price alerts: add, list, remove, and watch them fire",
        usage: "[add SYMBOL above|below PRICE | add SYMBOL move PERCENT | rm ID... | clear --fired | watch] [options]",
        discussion: """
            Alerts live in $XDG_DATA_HOME/lacripta/alerts (default ~/.local/share/lacripta), a plain
            text file you may edit by hand. Without an action, lists them: the condition, the price now
            and its distance to the level, armed or fired, and when it last fired. A level alert fires
            when a price reaches the level from the other side (or, when first checked, is already
            beyond it); it fires once, unless --repeat, which re-arms it after the price has moved
            back past the level by alert_hysteresis percent (default 0.5). A move alert fires when the
            price moves PERCENT either way within the window. `alert watch` streams the prices its
            alerts need (from CryptoCompare's streamer with a key, else from Coinbase's public feed)
            and fires them until stopped: a line on stdout, on a terminal a desktop
            notification (OSC 777 and OSC 9, passed through tmux) and a bell, notify-send when a
            desktop session is present, and --exec PROGRAM (or alert_exec) run directly with
            LACRIPTA_ALERT_SYMBOL, _PRICE, _CONDITION, _REASON, _NOTE, _ID, _CURRENCY, _TIME and
            _MESSAGE in its environment; a program that fails or runs over 10 s is reported, and the
            watch goes on. Two watches on one store never fire an alert twice.
            """,
        options: [
            .option("currency", short: "c", value: "CODE", help: "add: the quote currency (default USD or `currency`)"),
            .flag("repeat", help: "add: fire again each time the level is crossed (after the hysteresis)"),
            .option("note", value: "TEXT", help: "add: a note shown when the alert fires"),
            .option("within", value: "WINDOW", choices: AlertWindow.choices, help: "add … move: the window of the move, 1h (default) or 24h"),
            .flag("fired", help: "clear: remove the alerts that fired"),
            .flag("json", help: "list: print the alerts as a JSON array"),
            .flag("once", help: "watch: exit 0 after the first alert fires (1 if the stream ends first)"),
            .option("exec", value: "PROGRAM", path: true, help: "watch: run PROGRAM for each alert (no shell; the alert is in its environment)"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta alert add BTC above 100000", "tell me when Bitcoin reaches $100,000"),
            ("lacripta alert add ETH below 2000 --currency EUR --repeat --note 'buy more'", "every time Ether falls to €2,000"),
            ("lacripta alert add SOL move 5 --within 24h", "a 5 % move of Solana either way within a day"),
            ("lacripta alert", "the alerts, the price now and the distance to each level"),
            ("lacripta alert rm 2 3", "remove alerts 2 and 3"),
            ("lacripta alert clear --fired", "remove the alerts that fired"),
            ("lacripta alert watch --exec ~/bin/on-alert", "fire them until stopped, running a program for each"),
        ],
        positionalChoices: Action.names
    )

    /// What the command line asks for.
    enum Action: Sendable, Equatable {
        case list(json: Bool)
        case add(Alert)
        case remove([Int])
        case clearFired
        case watch(once: Bool, exec: String?)

        /// The action words, for completion.
        static let names = ["add", "rm", "clear", "watch", "list"]
    }

    let action: Action
    let provider: DataProvider

    init(arguments: ParsedArguments, context: Context) throws {
        var words = arguments.positionals[...]
        let name = words.popFirst()?.lowercased() ?? "list"
        let allowed: Set<String>
        switch name {
        case "list":
            allowed = ["json", "source"]
            action = .list(json: arguments.has("json"))
        case "add":
            allowed = ["currency", "repeat", "note", "within"]
            action = .add(try Self.alert(&words, arguments: arguments, context: context))
        case "rm", "remove":
            allowed = []
            guard !words.isEmpty else { throw ParseError.missingArgument("ID (see `lacripta alert` for the ids)") }
            action = .remove(try words.map(Self.id))
            words.removeAll()
        case "clear":
            allowed = ["fired"]
            guard arguments.has("fired") else { throw ParseError.conflict("`alert clear` needs --fired: it removes the alerts that fired") }
            action = .clearFired
        case "watch":
            allowed = ["once", "exec", "source"]
            action = .watch(once: arguments.has("once"), exec: arguments.string("exec"))
        default:
            let suggestion = EditDistance.suggestion(for: name, among: Action.names)
            throw ParseError.invalidArgument(
                name: "action", value: Sanitizer.singleLine(name),
                expected: "add, rm, clear or watch" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
        }
        if let extra = words.first { throw ParseError.unexpectedArgument(Sanitizer.singleLine(extra)) }
        let actionOptions: Set<String> = ["currency", "repeat", "note", "within", "fired", "json", "once", "exec", "source"]
        for option in actionOptions.subtracting(allowed).sorted() where arguments.has(option) {
            throw ParseError.conflict("--\(option) does not go with `alert \(name)`")
        }
        provider = context.provider(SourceOption.choice(in: arguments))
    }

    /// `SYMBOL above|below PRICE` or `SYMBOL move PERCENT`, with the options of `add`.
    private static func alert(_ words: inout ArraySlice<String>, arguments: ParsedArguments, context: Context) throws -> Alert {
        let usage = "SYMBOL above|below PRICE, or SYMBOL move PERCENT (e.g. lacripta alert add BTC above 100000)"
        guard let symbolText = words.popFirst(), let kind = words.popFirst()?.lowercased(), let numberText = words.popFirst() else {
            throw ParseError.missingArgument(usage)
        }
        guard let symbol = Alert.normalizedSymbol(symbolText) else {
            throw ParseError.invalidArgument(name: "SYMBOL", value: Sanitizer.singleLine(symbolText), expected: "a ticker such as BTC or ETH")
        }
        guard let number = DecimalText(numberText), number.value > 0 else {
            throw ParseError.invalidArgument(
                name: kind == "move" ? "PERCENT" : "PRICE", value: Sanitizer.singleLine(numberText),
                expected: "a number above zero in plain digits, such as 100000 or 2.5")
        }
        let condition: AlertCondition
        switch kind {
        case "above": condition = .above(number)
        case "below": condition = .below(number)
        case "move":
            let window = arguments.string("within") ?? "1h"
            guard let duration = AlertWindow.duration(window) else {
                throw ParseError.invalidValue(option: "within", value: window, expected: "1h or 24h")
            }
            condition = .move(percent: number, window: duration)
        default:
            throw ParseError.invalidArgument(name: "condition", value: Sanitizer.singleLine(kind), expected: "above, below or move")
        }
        if arguments.has("within") {
            guard case .move = condition else { throw ParseError.conflict("--within goes with `move`, not with a level") }
        }
        let currency = try TopCommand.currency(arguments.string("currency") ?? context.configuration.defaultCurrency)
        return Alert(
            id: 0, symbol: symbol, currency: currency, condition: condition, repeats: arguments.has("repeat"), note: arguments.string("note"))
    }

    /// An alert id: a whole number from 1.
    private static func id(_ text: String) throws -> Int {
        guard let id = Int(text), id > 0 else {
            throw ParseError.invalidArgument(
                name: "ID", value: Sanitizer.singleLine(text), expected: "an alert number, as `lacripta alert` lists them")
        }
        return id
    }

    func run(in context: Context) async throws -> ExitCode {
        let store = UserStore(directory: UserStore.directory(environment: context.environment))
        switch action {
        case .list(let json):
            return try await AlertListing(store: store, source: context.marketSource(provider), context: context).run(json: json)
        case .add(let alert):
            let added = try store.updateAlerts { $0.add(alert) }
            let kind = added.repeats ? "repeating" : "one-shot"
            try context.printRaw("alert \(added.id): \(added.symbol)/\(added.currency) \(added.conditionText) (\(kind))\n")
            return .success
        case .remove(let ids):
            let missing = try store.updateAlerts { list in ids.filter { !list.remove($0) } }
            for id in ids where !missing.contains(id) { try context.printRaw("removed alert \(id)\n") }
            guard missing.isEmpty else {
                throw LacriptaError.failed("no alert \(missing.map(String.init).joined(separator: ", ")): `lacripta alert` lists them")
            }
            return .success
        case .clearFired:
            let count = try store.updateAlerts { $0.removeFired() }
            try context.printRaw("removed \(count) fired alert\(count == 1 ? "" : "s")\n")
            return .success
        case .watch(let once, let exec):
            return try await AlertWatchSession(
                store: store, once: once, exec: exec.map { AlertProgram(command: $0, origin: "--exec") } ?? context.configuration.alertExec,
                provider: provider, context: context
            )
            .run()
        }
    }
}
