/// Re-expresses a recorded USD toplist item in another to-symbol, field by field.
///
/// Converted (multiplied by the rate): every value quoted in the to-symbol, i.e. PRICE, MEDIAN,
/// OPEN*/HIGH*/LOW*, CHANGE24HOUR/CHANGEDAY/CHANGEHOUR, MKTCAP, CIRCULATINGSUPPLYMKTCAP and
/// the `*VOLUME*TO` fields. Left alone: from-symbol volumes, supplies, CHANGEPCT* (a ratio),
/// MKTCAPPENALTY, timestamps and strings (FLAGS stays a string). New numbers are printed
/// JS-style. Items without RAW (UMA in the recording) stay without RAW and DISPLAY.
struct ToplistCurrencyConverter: Sendable {
    /// Fields quoted in the to-symbol, with the DISPLAY rule each one follows.
    static let convertedFields: [String: DisplayFormatter.Kind] = {
        var fields: [String: DisplayFormatter.Kind] = [:]
        for name in [
            "PRICE", "MEDIAN", "OPENHOUR", "HIGHHOUR", "LOWHOUR", "OPENDAY", "HIGHDAY", "LOWDAY",
            "OPEN24HOUR", "HIGH24HOUR", "LOW24HOUR", "LASTVOLUMETO", "VOLUMEHOURTO", "VOLUMEDAYTO",
            "VOLUME24HOURTO", "TOPTIERVOLUME24HOURTO",
        ] {
            fields[name] = .price
        }
        for name in ["CHANGE24HOUR", "CHANGEDAY", "CHANGEHOUR"] { fields[name] = .change }
        for name in ["MKTCAP", "CIRCULATINGSUPPLYMKTCAP", "TOTALVOLUME24HTO", "TOTALTOPTIERVOLUME24HTO"] {
            fields[name] = .abbreviated
        }
        return fields
    }()

    /// The symbol the recording is quoted in.
    static let recordedSymbol = "USD"

    /// The requested to-symbol.
    let symbol: String
    /// Units of `symbol` per USD.
    let rate: Double

    /// The item with RAW and DISPLAY converted and keyed by `symbol`.
    func convert(_ item: JSONValue) -> JSONValue {
        var result = item
        if let raw = item["RAW"]?[Self.recordedSymbol] {
            result = result.setting("RAW", to: .object([JSONValue.Member(symbol, convertRaw(raw))]))
            if let display = item["DISPLAY"]?[Self.recordedSymbol] {
                let block = convertDisplay(display, raw: raw)
                result = result.setting("DISPLAY", to: .object([JSONValue.Member(symbol, block)]))
            }
        }
        return result
    }

    private func convertRaw(_ raw: JSONValue) -> JSONValue {
        guard symbol != Self.recordedSymbol, let members = raw.objectMembers else { return raw }
        return .object(
            members.map { member in
                if member.key == "TOSYMBOL" { return JSONValue.Member(member.key, .string(symbol)) }
                guard Self.convertedFields[member.key] != nil, let value = member.value.doubleValue else { return member }
                return JSONValue.Member(member.key, .number(value * rate))
            })
    }

    private func convertDisplay(_ display: JSONValue, raw: JSONValue) -> JSONValue {
        guard symbol != Self.recordedSymbol, let members = display.objectMembers else { return display }
        let sign = ExchangeRates.displaySign(for: symbol)
        return .object(
            members.map { member in
                if member.key == "TOSYMBOL" { return JSONValue.Member(member.key, .string(sign)) }
                guard let kind = Self.convertedFields[member.key], let value = raw[member.key]?.doubleValue else {
                    return member
                }
                return JSONValue.Member(member.key, .string(DisplayFormatter.format(value * rate, sign: sign, kind: kind)))
            })
    }
}
