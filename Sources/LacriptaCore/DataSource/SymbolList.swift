import Foundation

/// The tickers a caller asked quotes for, as every source sends and answers them: upper case,
/// trimmed, each once, in the order given.
///
/// Both services leave an unknown ticker out of a multi-coin answer (or refuse the request), so
/// the list is also what the answer is checked against: a ticker asked for and not answered is
/// an unknown symbol, never a silently shorter table.
struct SymbolList: Sendable, Equatable {
    /// The tickers, normalised.
    let symbols: [String]

    /// Normalises `input`, dropping blanks and repeats.
    init(_ input: [String]) {
        var seen: Set<String> = []
        symbols = input.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Throws `unknownSymbol` for the first ticker `answered` lacks.
    func requireAll<Value>(in answered: [String: Value], source: String) throws(LacriptaError) {
        if let missing = symbols.first(where: { answered[$0] == nil }) {
            throw .unknownSymbol(missing, detail: "\(source) has no data for it")
        }
    }
}
