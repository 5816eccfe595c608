import Foundation

/// Builds min-api error bodies from the recorded ones, substituting the caller's symbols where
/// the recording has placeholders (`XYZ`, `NOTACOIN-USD`, `tsym`).
struct ErrorBodies: Sendable {
    let recorded: RecordedData

    /// `{"Response":"Error","Message":"<name> is a required param.",…,"ParamWithError":"<name>"}`.
    func missingParameter(_ name: String) -> JSONValue {
        recorded[.errorMissingParam]
            .setting("Message", to: .string("\(name) is a required param."))
            .setting("ParamWithError", to: .string(name))
    }

    /// "There is no data for any of the toSymbols <symbols> ." (HasWarning, ParamWithError tsyms).
    func unknownToSymbol(_ symbols: String) -> JSONValue {
        recorded[.errorInvalidSymbol].mappingStrings { $0.replacingFirst("XYZ", with: symbols) }
    }

    /// "cccagg_or_exchange market does not exist for this coin pair (<FSYM>-<TSYM>)".
    func unknownPair(from fromSymbol: String, to toSymbol: String) -> JSONValue {
        recorded[.errorInvalidFsym].mappingStrings { $0.replacingFirst("NOTACOIN-USD", with: "\(fromSymbol)-\(toSymbol)") }
    }

    /// "Path does not exist", Type 0.
    var pathDoesNotExist: JSONValue { recorded[.errorPathNotExist] }
}

extension String {
    /// The string with the first occurrence of `target` replaced (no Foundation needed).
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
