import Foundation

/// The result of scanning a command line against a command's options: typed accessors that turn
/// bad values into usage errors naming the option and what it expects.
public struct ParsedArguments: Sendable {
    /// Values given per option name (a flag has one empty value per use).
    var values: [String: [String?]] = [:]
    /// Positional arguments in order.
    public var positionals: [String] = []
    /// The subcommand named (`add` in `fav add BTC`), if any.
    public var subcommand: String?

    /// Whether `name` was given at all.
    public func has(_ name: String) -> Bool { values[name] != nil }

    /// The last value given for `name`, if any.
    public func string(_ name: String) -> String? {
        values[name]?.last ?? nil
    }

    /// A whole number within `range`; `nil` when the option was not given.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ParseError.invalidValue(option: name, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
