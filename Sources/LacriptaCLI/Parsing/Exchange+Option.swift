import LacriptaCore
import LacriptaTerminal

extension Exchange {
    /// The exchange an option names (nil without the option), for `compare --chart` and
    /// `live --market`: it must be one of `exchanges` (for `--chart`, those compared), else the
    /// usage error lists them.
    static func named(_ name: String?, among exchanges: [Exchange], option: String) throws -> Exchange? {
        guard let name else { return nil }
        guard let exchange = Exchange(rawValue: name.lowercased()), exchanges.contains(exchange) else {
            let which = exchanges == Exchange.allCases ? "one of" : "one of the exchanges compared:"
            throw ParseError.invalidArgument(
                name: option, value: Sanitizer.singleLine(name), expected: "\(which) \(exchanges.map(\.rawValue).joined(separator: ", "))")
        }
        return exchange
    }
}
