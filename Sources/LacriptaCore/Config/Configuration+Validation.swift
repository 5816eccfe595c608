import Foundation

/// A setting's text with where it came from: an environment variable's name, or the config file's
/// key and line. Messages name the origin and never the text, which may be (or, in a broken file,
/// contain) the API key.
struct SettingValue: Sendable, Equatable {
    /// The value as given.
    var text: String
    /// "LACRIPTA_API_URL", or "`api_url` (line 3 of /home/u/.config/lacripta/config)".
    var origin: String
}

/// The checks `Configuration.load` runs on each setting before anything uses it.
extension Configuration {
    /// The longest timeout accepted, in seconds.
    static let maximumTimeout: TimeInterval = 600

    /// A ws/wss or http/https URL with a host, a port from 1 to 65535 if any, no user name or
    /// password, and no API key in its query.
    static func url(_ setting: SettingValue?, default fallback: String, schemes: Set<String>) throws(LacriptaError) -> URL {
        guard let setting else {
            // The defaults are literals that parse; a failure here is a typo in this file.
            guard let url = URL(string: fallback) else { preconditionFailure("bad default URL \(fallback)") }
            return url
        }
        let kinds = schemes.sorted().joined(separator: " or ")
        let example = schemes.contains("https") ? defaultAPIURL : defaultStreamURL
        guard let url = URL(string: setting.text), let scheme = url.scheme?.lowercased(), schemes.contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw .configuration("\(setting.origin) must be a \(kinds) URL with a host, such as \(example)")
        }
        if let port = url.port, !(1...65_535).contains(port) {
            throw .configuration("\(setting.origin) has a port outside 1 to 65535: fix the port, or leave it out for the scheme's default")
        }
        if url.user != nil || url.password != nil {
            throw .configuration("\(setting.origin) must not hold a user name or password: put the API key in CRYPTOCOMPARE_API_KEY or `api_key`")
        }
        let query = (url.query ?? "").lowercased()
        if query.contains("api_key") || query.contains("apikey") {
            throw .configuration(
                "\(setting.origin) must not carry the API key: lacripta sends it in a header; set CRYPTOCOMPARE_API_KEY or `api_key`")
        }
        return url
    }

    /// The key, if the setting holds one: printable ASCII without spaces, as every CryptoCompare key
    /// is. A control character or a space is a copy-and-paste mistake; sent as is it would break the
    /// request header, and `live` would retry it for ever.
    static func apiKey(_ setting: SettingValue) throws(LacriptaError) -> APIKey? {
        guard let key = APIKey(setting.text) else { return nil }
        guard key.isWellFormed else { throw .unauthorized(.malformedKey(origin: setting.origin)) }
        return key
    }

    /// A CA bundle path that names a readable PEM file with at least one certificate.
    static func caFile(_ setting: SettingValue) throws(LacriptaError) -> String {
        let path = setting.text
        let reason: String
        switch ConfigFileReader.certificateProblem(atPath: path) {
        case nil: return path
        case .unreadable(let why): reason = "names a file lacripta cannot read (\(why))"
        case .notPEM: reason = "names a file with no PEM certificate (-----BEGIN CERTIFICATE-----) in it"
        }
        throw .configuration("\(setting.origin) \(reason): point it at your CA's PEM file, or unset it")
    }

    /// Seconds as plain decimal digits ("15", "2.5"), from 1 to 600.
    static func timeout(_ setting: SettingValue) throws(LacriptaError) -> TimeInterval {
        let text = setting.text.trimmingCharacters(in: .whitespaces)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let isDecimal =
            (1...2).contains(parts.count) && parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard isDecimal, let seconds = TimeInterval(text), seconds >= 1, seconds <= maximumTimeout else {
            throw .configuration("\(setting.origin) must be a number of seconds from 1 to \(Int(maximumTimeout)), such as 15 or 2.5")
        }
        return seconds
    }

    /// A program to run: a name on PATH or a path, without control characters (it is run
    /// directly, never by a shell, so it takes no arguments).
    static func alertProgram(_ setting: SettingValue) throws(LacriptaError) -> String {
        guard setting.text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw .configuration("\(setting.origin) must name a program, such as notify-me or /home/me/bin/on-alert")
        }
        return setting.text
    }

    /// A percentage from 0 to 50 as plain digits ("0.5", "1"), returned as a fraction.
    static func hysteresis(_ setting: SettingValue) throws(LacriptaError) -> Double {
        guard let percent = DecimalText(setting.text.trimmingCharacters(in: .whitespaces)), percent.value <= 50 else {
            throw .configuration("\(setting.origin) must be a percentage from 0 to 50, such as 0.5")
        }
        return NSDecimalNumber(decimal: percent.value).doubleValue / 100
    }

    /// Whole days from 1 to 36500, as plain digits.
    static func keepDays(_ setting: SettingValue) throws(LacriptaError) -> Int {
        let text = setting.text.trimmingCharacters(in: .whitespaces)
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let days = Int(text), (1...36_500).contains(days) else {
            throw .configuration("\(setting.origin) must be a number of days from 1 to 36500, such as 90")
        }
        return days
    }

    /// A currency code: 2 to 10 ASCII letters or digits, upper-cased.
    static func currencyCode(_ setting: SettingValue) throws(LacriptaError) -> String {
        guard let code = parsedCurrencyCode(setting.text) else {
            throw .configuration("\(setting.origin) must be a currency code such as USD, EUR or BTC")
        }
        return code
    }

    /// A comma-separated list of currency codes, upper-cased.
    static func currencyList(_ setting: SettingValue) throws(LacriptaError) -> [String] {
        var codes: [String] = []
        for part in setting.text.split(separator: ",") where !part.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let code = parsedCurrencyCode(part) else {
                throw .configuration("\(setting.origin) must be currency codes separated by commas, such as USD, EUR, BTC")
            }
            codes.append(code)
        }
        return codes
    }

    /// `text` as an upper-cased currency code, or nil.
    static func parsedCurrencyCode(_ text: some StringProtocol) -> String? {
        let code = text.trimmingSpaces.uppercased()
        // ASCII letters and digits, compared as bytes: `CharacterSet.alphanumerics` holds no other
        // ASCII, and asking it per character was a third of reading a journal (a price per line).
        let valid =
            (2...10).contains(code.count)
            && code.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        return valid ? code : nil
    }
}
