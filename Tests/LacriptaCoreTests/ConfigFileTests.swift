import Foundation
import Testing

@testable import LacriptaCore

/// The config file as users write it (Windows line endings, inline comments, quotes) and every way
/// a setting can be wrong: each mistake is named by its setting and line, never echoed.
@Suite("Config file")
struct ConfigFileTests {
    static let secret = "0123abcdSECRETKEY"

    private func load(_ env: [String: String] = [:], file: String?) throws -> Configuration {
        try Configuration.load(environment: ["HOME": "/h"].merging(env) { _, new in new }) { _ in file }
    }

    /// The error `body` throws, as the user reads it.
    private func message(_ body: () throws -> Configuration) -> LacriptaError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? LacriptaError
        }
    }

    @Test("CRLF, CR and LF line endings all end a line", arguments: ["\r\n", "\r", "\n"])
    func lineEndings(ending: String) throws {
        let text = ["# mine", "stream_url = ws://127.0.0.1:9/v2", "api_key = \(Self.secret)", "currency = eur", ""].joined(separator: ending)
        let config = try load(file: text)
        #expect(config.streamURL.absoluteString == "ws://127.0.0.1:9/v2")
        #expect(config.apiKey == APIKey(Self.secret))
        #expect(config.defaultCurrency == "EUR")
    }

    @Test("a byte-order mark before the first setting is ignored")
    func byteOrderMark() throws {
        #expect(try load(file: "\u{FEFF}currency = GBP\n").defaultCurrency == "GBP")
    }

    @Test("an inline comment ends an unquoted value; inside quotes # is part of the value")
    func inlineComments() throws {
        let config = try load(file: "currency = EUR # euros\napi_key = \"ab#cd\" # quoted\ntimeout = 20\t# seconds\n")
        #expect(config.defaultCurrency == "EUR")
        #expect(config.apiKey == APIKey("ab#cd"))
        #expect(config.requestTimeout == 20)
    }

    @Test("an unclosed quote or text after a closing quote is an error naming the line")
    func quoting() {
        #expect(
            message { try load(file: "\ncurrency = \"EUR\n") }
                == .configuration("/h/.config/lacripta/config:2: the value of `currency` opens a quote it does not close"))
        #expect(
            message { try load(file: "currency = 'EUR' x\n") }
                == .configuration("/h/.config/lacripta/config:1: the value of `currency` has text after its closing quote"))
    }

    @Test("no setting's error echoes its value, and the key on another line never shows", arguments: ConfigKey.allCases)
    func neverEchoed(key: ConfigKey) throws {
        let bad = "\(Self.secret)\u{01} ://"
        let text = "api_key = \(Self.secret)\r\n\(key.rawValue) = \(bad)\r\n"
        let error = try #require(message { try load(file: text) })
        #expect(!error.userMessage.contains(Self.secret))
        #expect(error.userMessage.contains("`\(key.rawValue)`"))
        #expect(error.userMessage.contains("line 2"))
    }

    @Test("a malformed line or an unknown name does not echo what may be a pasted key")
    func malformedLines() throws {
        let bare = try #require(message { try load(file: "\(Self.secret)\n") })
        #expect(bare.userMessage == "/h/.config/lacripta/config:1: expected `key = value`")
        let odd = try #require(message { try load(file: "\(Self.secret)-with-dashes-\(Self.secret) = 1\n") })
        #expect(!odd.userMessage.contains(Self.secret))
        #expect(odd.exitCode == .usage)
    }

    @Test(
        "an environment value that is wrong is named by its variable, not shown",
        arguments: [
            ["LACRIPTA_API_URL": "secret-in-a-url"], ["LACRIPTA_STREAM_URL": "http://secret"], ["LACRIPTA_TIMEOUT": "secret"],
            ["LACRIPTA_CA_FILE": "/nonexistent/secret.pem"],
        ])
    func environmentNamed(env: [String: String]) throws {
        let error = try #require(message { try load(env, file: nil) })
        let variable = try #require(env.keys.first)
        #expect(error.userMessage.hasPrefix(variable))
        #expect(!error.userMessage.contains("secret"))
        #expect(error.exitCode == .usage)
    }

    @Test(
        "ports outside 1 to 65535, user names and keys in URLs are mistakes (64)",
        arguments: [
            "http://127.0.0.1:0/", "http://127.0.0.1:99999/", "http://127.0.0.1:65536", "http://user:pw@127.0.0.1:8/",
            "http://127.0.0.1:8/?api_key=x", "ftp://127.0.0.1/", "http:///path",
        ])
    func badURLs(url: String) throws {
        let error = try #require(message { try load(["LACRIPTA_API_URL": url], file: nil) })
        #expect(error.exitCode == .usage)
        #expect(error.userMessage.hasPrefix("LACRIPTA_API_URL "))
    }

    @Test("a port of 1 or 65535 and a path prefix are fine")
    func goodURLs() throws {
        #expect(try load(["LACRIPTA_API_URL": "http://127.0.0.1:1/proxy/"], file: nil).apiBaseURL.port == 1)
        #expect(try load(["LACRIPTA_STREAM_URL": "wss://[::1]:65535/v2"], file: nil).streamURL.port == 65535)
    }

    @Test(
        "a key with a control character, a space or non-ASCII is refused up front (77), not sent",
        arguments: [
            "abc\u{01}def", "abc def", "abc\u{7F}", "abc\u{85}d", "ключ", "abc\u{1B}[2J",
        ])
    func malformedKey(key: String) throws {
        let error = try #require(message { try load(["CRYPTOCOMPARE_API_KEY": key], file: nil) })
        #expect(error.exitCode == .authentication)
        #expect(error.userMessage.hasPrefix("CRYPTOCOMPARE_API_KEY is not a valid API key"))
        let fromFile = try #require(message { try load(file: "\n\napi_key = \(key)\n") })
        #expect(fromFile.userMessage.contains("`api_key` (line 3 of /h/.config/lacripta/config)"))
    }

    @Test(
        "the timeout takes plain seconds from 1 to 600 and says so",
        arguments: ["0", "0x10", "1e-9", "1e2", "nan", "inf", "601", "-5", "0.5", "1.", ".5", " "])
    func badTimeouts(text: String) throws {
        let error = try #require(message { try load(["LACRIPTA_TIMEOUT": text], file: nil) })
        #expect(error.userMessage == "LACRIPTA_TIMEOUT must be a number of seconds from 1 to 600, such as 15 or 2.5")
    }

    @Test("good timeouts are taken as written", arguments: [("1", 1.0), ("2.5", 2.5), ("600", 600.0), ("015", 15.0)])
    func goodTimeouts(text: String, seconds: Double) throws {
        #expect(try load(["LACRIPTA_TIMEOUT": text], file: nil).requestTimeout == seconds)
    }

    @Test("currencies in the file are checked where they are written, not blamed on --currency")
    func currencies() throws {
        let error = try #require(message { try load(file: "currency = E-U-R\n") })
        #expect(error.userMessage == "`currency` (line 1 of /h/.config/lacripta/config) must be a currency code such as USD, EUR or BTC")
        #expect(try load(file: "currencies = usd, gbp ,btc\n").currencies == ["USD", "GBP", "BTC"])
        #expect(message { try load(file: "currencies = usd, €\n") }?.exitCode == .usage)
    }

    @Test("a CA file must exist, be a file and hold a PEM certificate")
    func caFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pem = folder.appendingPathComponent("ca.pem")
        try Data("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8).write(to: pem)
        let text = folder.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: text)
        #expect(try load(["LACRIPTA_CA_FILE": pem.path], file: nil).caFile == pem.path)
        for (path, reason) in [
            (folder.appendingPathComponent("missing.pem").path, "no such file"), (folder.path, "it is a folder"), (text.path, "no PEM"),
        ] {
            let error = try #require(message { try load(["LACRIPTA_CA_FILE": path], file: nil) })
            #expect(error.exitCode == .usage)
            #expect(error.userMessage.contains(reason))
        }
    }
}
