/// The exchange feeds' flags: `--exchange-*` and `--no-exchanges`.
extension SimulatorCommandLine {
    /// Applies a flag without a value; returns false when `argument` is not one.
    mutating func setExchangeSwitch(_ argument: String) -> Bool {
        guard argument == "--no-exchanges" else { return false }
        exchangesDisabled = true
        return true
    }

    /// Applies an exchange flag with a value; returns false when `name` is not one.
    /// `--exchange-fault` and `--exchange-rate` may be given more than once.
    mutating func parseExchangeOption(
        _ name: String, value: () throws(SimulatorUsageError) -> String
    ) throws(SimulatorUsageError) -> Bool {
        switch name {
        case "--exchange-port":
            // One port per exchange from this one on.
            let highest = UInt16.max - UInt16(SimulatedExchange.allCases.count - 1)
            guard let port = UInt16(try value()), port <= highest else {
                throw SimulatorUsageError(message: "\(name) needs a number from 0 to \(highest)")
            }
            exchangeOptions.port = port
        case "--exchange-url-file": exchangeURLFile = try value()
        case "--exchange-seed":
            guard let seed = UInt64(try value()) else { throw SimulatorUsageError(message: "\(name) needs a whole number") }
            exchangeOptions.seed = seed
        case "--exchange-rate":
            guard let setting = ExchangeSetting.parse(try value(), value: Self.rate) else {
                throw SimulatorUsageError(message: "\(name) needs N[@EXCHANGE] (0 to 10000); exchanges: \(Self.exchangeNames)")
            }
            exchangeOptions.rates.append(setting)
        case "--exchange-fault":
            guard let setting = ExchangeSetting.parse(try value(), value: ExchangeFault.init(argument:)) else {
                throw SimulatorUsageError(
                    message: "\(name) needs MODE[@EXCHANGE]; modes: \(ExchangeFault.argumentNames.joined(separator: ", ")); "
                        + "exchanges: \(Self.exchangeNames)")
            }
            exchangeOptions.faults.append(setting)
        default: return false
        }
        return true
    }

    /// The exchanges' argument names, for error messages.
    static var exchangeNames: String { SimulatedExchange.allCases.map(\.rawValue).joined(separator: ", ") }

    /// Updates per second, 0 to 10,000.
    private static func rate(_ text: String) -> Double? {
        guard let rate = Double(text), rate.isFinite, (0...10_000).contains(rate) else { return nil }
        return rate
    }
}
