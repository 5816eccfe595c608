import Foundation

/// What `lacripta convert` was asked: a sum of signed amounts, each in a unit (a coin or a
/// currency), and the unit to express it in: `0.5 BTC EUR`, `250 EUR in BTC`,
/// `1 BTC + 2.5 ETH - 500 USD in CHF`.
///
/// A pure parser over the words of the command line: amounts are exact decimals (no binary
/// floating point between the digits typed and the answer), units are upper-cased tickers.
public struct ConversionExpression: Sendable, Equatable {
    /// One signed amount in one unit.
    public struct Term: Sendable, Equatable {
        public var amount: Decimal
        public var unit: String

        public init(amount: Decimal, unit: String) {
            self.amount = amount
            self.unit = unit
        }
    }

    /// The amounts, in the order given, their signs applied.
    public var terms: [Term]
    /// The unit of the answer.
    public var target: String

    /// Creates an expression.
    public init(terms: [Term], target: String) {
        self.terms = terms
        self.target = target
    }

    /// Every unit named, each once, in order of appearance (the target last unless it appeared).
    public var units: [String] {
        var seen: [String] = []
        for unit in terms.map(\.unit) + [target] where !seen.contains(unit) { seen.append(unit) }
        return seen
    }

    /// The amounts as a person writes them, exact: "1 BTC + 2.5 ETH - 500 USD".
    public var termsText: String {
        var text = ""
        for (index, term) in terms.enumerated() {
            let amount = Conversion.text(abs(term.amount))
            let sign = term.amount < 0 ? "-" : "+"
            text += index == 0 ? (term.amount < 0 ? "-" : "") + "\(amount) \(term.unit)" : " \(sign) \(amount) \(term.unit)"
        }
        return text
    }

    /// The whole expression in its canonical form, which parses back to the same expression:
    /// "1 BTC + 2.5 ETH - 500 USD in CHF".
    public var text: String { "\(termsText) in \(target)" }

    /// The most digits an amount may have: more is a typo, not an amount.
    static let maximumDigits = 30

    /// Parses the command line's words (`["1", "BTC", "+", "2.5", "ETH", "in", "CHF"]`; words may
    /// also hold several tokens, `"1 BTC + 2 ETH"`). The grammar:
    ///
    ///     expression = term { ("+" | "-") term } [ "in" | "to" | "=" ] unit
    ///     term       = [ "-" ] number unit
    ///
    /// A number is digits with at most one decimal point (`0.5`, `.5`, `1_000` is not one); a unit
    /// is letters and digits starting with a letter or a digit (`BTC`, `1INCH`), any case.
    public static func parse(_ words: [String]) throws(ConversionSyntaxError) -> ConversionExpression {
        var tokens = tokenize(words)[...]
        guard !tokens.isEmpty else { throw .empty }
        var terms: [Term] = []
        var sign: Decimal = 1
        while true {
            var token = try next(&tokens, expecting: "an amount")
            if token == "-" {
                sign = -sign
                token = try next(&tokens, expecting: "an amount after -")
            }
            guard let amount = number(token) else {
                // "1e5" is a unit by its letters but meant as a number: say so, not "needs an amount".
                let numeric =
                    token.first.map { $0.isASCII && ($0.isNumber || $0 == ".") } ?? false
                    && token.allSatisfy { $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-" }
                if terms.isEmpty, isUnit(token), !numeric { throw .missingAmount(unit: token.uppercased()) }
                throw .notAnAmount(token)
            }
            guard let unitToken = tokens.popFirst() else { throw .missingUnit(amount: token) }
            guard isUnit(unitToken), !isKeyword(unitToken) else { throw .missingUnit(amount: token) }
            terms.append(Term(amount: sign * amount, unit: unitToken.uppercased()))
            sign = 1
            guard let following = tokens.first else { throw .missingTarget }
            if following == "+" || following == "-" {
                tokens.removeFirst()
                if following == "-" { sign = -1 }
                continue
            }
            if isKeyword(following) { tokens.removeFirst() }
            let target = try next(&tokens, expecting: "the unit to convert into")
            guard isUnit(target), !isKeyword(target) else {
                throw number(target) != nil ? .operatorMissing(before: target) : .notAUnit(target)
            }
            if let extra = tokens.first { throw .unexpected(extra) }
            return ConversionExpression(terms: terms, target: target.uppercased())
        }
    }

    /// The words split on spaces, with `+` always a token of its own and `-` one when it stands
    /// between spaces or before a space (a `-` glued to digits is the amount's sign).
    static func tokenize(_ words: [String]) -> [String] {
        words.joined(separator: " ").replacingOccurrences(of: "+", with: " + ")
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).flatMap { word -> [String] in
                let text = String(word)
                if text.count > 1, text.hasPrefix("-"), number(String(text.dropFirst())) != nil { return ["-", String(text.dropFirst())] }
                return [text]
            }
    }

    private static func next(_ tokens: inout ArraySlice<String>, expecting what: String) throws(ConversionSyntaxError) -> String {
        guard let token = tokens.popFirst() else { throw .ended(expecting: what) }
        return token
    }

    /// `in`, `to` or `=`: the word before the target.
    private static func isKeyword(_ token: String) -> Bool {
        ["in", "to", "="].contains(token.lowercased())
    }

    /// A unit: 1…20 ASCII letters and digits with at least one letter.
    static func isUnit(_ token: String) -> Bool {
        (1...20).contains(token.count) && token.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            && token.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// An amount: ASCII digits with at most one `.`, at least one digit, at most 30 digits.
    static func number(_ token: String) -> Decimal? {
        let digits = token.filter { $0 != "." }
        guard !digits.isEmpty, digits.count <= maximumDigits, token.filter({ $0 == "." }).count <= 1,
            digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
        else { return nil }
        return Decimal(string: token.hasPrefix(".") ? "0" + token : token, locale: Locale(identifier: "en_US_POSIX"))
    }
}

/// Why a `convert` expression does not parse, in words a user can act on.
public enum ConversionSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case ended(expecting: String)
    case missingAmount(unit: String)
    case notAnAmount(String)
    case missingUnit(amount: String)
    case missingTarget
    case operatorMissing(before: String)
    case notAUnit(String)
    case unexpected(String)

    public var description: String {
        switch self {
        case .empty: "nothing to convert: give an amount, its unit and the unit to convert into (0.5 BTC EUR)"
        case .ended(let what): "the expression ends where \(what) should be"
        case .missingAmount(let unit): "\(unit) needs an amount before it (1 \(unit) EUR)"
        case .notAnAmount(let token): "'\(Self.shown(token))' is not an amount: write digits with a decimal point (0.5, 250, 1.25)"
        case .missingUnit(let amount): "\(amount) needs a unit after it (\(amount) BTC, \(amount) EUR)"
        case .missingTarget: "convert into what? end with the unit to convert into (… in EUR)"
        case .operatorMissing(let token): "put + or - between amounts, before '\(Self.shown(token))'"
        case .notAUnit(let token): "'\(Self.shown(token))' is not a unit: use a ticker or a currency code (BTC, EUR)"
        case .unexpected(let token): "unexpected '\(Self.shown(token))' after the unit to convert into"
        }
    }

    /// A token as a message shows it: at most 24 characters, nothing but printable ASCII.
    private static func shown(_ token: String) -> String {
        let printable = String(token.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
        return printable.count > 24 ? String(printable.prefix(24)) + "…" : printable
    }
}
