import Foundation
import LacriptaSimulator
import Testing

/// The built `lacripta` binary run as a process against the simulator on 127.0.0.1, checking what
/// a user sees: stdout, stderr and the exit code, for each command and each error class.
@Suite("lacripta end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct EndToEndTests {
    /// A key that must never appear in any output.
    static let secret = "sekrit-KEY-0123456789"

    /// A simulator plus a private home folder for one test.
    final class Fixture: EndToEndFixture {
        init(requireKey: String? = nil, fault: FaultMode? = nil) throws {
            try super.init("e2e", simulator: SimulatorHarness.start(requireKey: requireKey, fault: fault))
        }

        func run(_ arguments: String..., env: [String: String] = [:]) async throws -> BinaryRunner.Result {
            var extra = cryptoCompare.merging(["CRYPTOCOMPARE_API_KEY": EndToEndTests.secret]) { $1 }
            extra.merge(env) { _, new in new }
            let result = try await BinaryRunner.run(arguments, environment: environment(with: extra))
            // Whatever happened, the key must not have been echoed anywhere.
            #expect(!result.stdout.contains(EndToEndTests.secret))
            #expect(!result.stderr.contains(EndToEndTests.secret))
            return result
        }
    }

    @Test("top prints the 50-coin table, plain when not on a terminal")
    func top() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("top")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n")
        // The header, 50 coins, and the line naming the source and its ranking.
        try #require(lines.count == 52)
        #expect(lines.last == "CryptoCompare, ranked by top-tier volume")
        #expect(lines[1].contains("BTC") && lines[1].contains("Bitcoin") && lines[1].contains("$62,549.65"))
        #expect(!result.stdout.contains("\u{1B}"))
        // UMA has no RAW block: it is listed with dashes, not dropped.
        let uma = try #require(lines.first { $0.contains("UMA") })
        #expect(uma.contains("—"))
        #expect(result.stdout.contains("▲") && result.stdout.contains("▼"))
    }

    @Test("--color always colours up green and down red; NO_COLOR is overridden only by the flag")
    func colour() async throws {
        let fixture = try Fixture()
        let coloured = try await fixture.run("top", "-n", "10", "--color", "always")
        #expect(coloured.stdout.contains("\u{1B}[32m▲"))
        #expect(coloured.stdout.contains("\u{1B}[31m▼"))
        let forced = try await fixture.run("top", "-n", "10", env: ["FORCE_COLOR": "1"])
        #expect(forced.stdout.contains("\u{1B}["))
        let noColor = try await fixture.run("top", "-n", "10", env: ["FORCE_COLOR": "", "NO_COLOR": "1"])
        #expect(!noColor.stdout.contains("\u{1B}"))
    }

    @Test("--json gives documented fields with numbers and nulls, sorted as asked")
    func topJSON() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("top", "--json", "--currency", "eur", "--sort", "price", "--change", "hour")
        #expect(result.status == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 50)
        let first = try #require(items.first)
        #expect(first["symbol"] as? String == "WBTC" || first["symbol"] as? String == "BTC")
        #expect(first["currency"] as? String == "EUR")
        #expect(first["changePeriod"] as? String == "hour")
        let btc = try #require(items.first { $0["symbol"] as? String == "BTC" })
        let price = try #require(btc["price"] as? Double)
        #expect(price < 62549.65 && price > 40000)  // converted from USD, not USD
        let uma = try #require(items.first { $0["symbol"] as? String == "UMA" })
        #expect(uma["price"] is NSNull)
        #expect(items.last?["symbol"] as? String == "UMA")
    }

    @Test("--limit trims and bad values are usage errors naming the option (64)")
    func usage() async throws {
        let fixture = try Fixture()
        let three = try await fixture.run("top", "--limit", "3")
        #expect(three.stdout.split(separator: "\n").count == 5)
        fixture.simulator.rest.clearRequestLog()
        let bad = try await fixture.run("top", "--limit", "0")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("invalid value '0' for '--limit'"))
        #expect(bad.stderr.contains("lacripta top --help"))
        let typo = try await fixture.run("top", "--curency", "EUR")
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("did you mean '--currency'"))
        let command = try await fixture.run("tpo")
        #expect(command.status == 64)
        #expect(command.stderr.contains("did you mean 'top'"))
        #expect(fixture.simulator.rest.requestLog.isEmpty)  // nothing was sent for a bad command line
    }

    @Test("the key goes in the authorization header, never in the URL")
    func keyInHeader() async throws {
        let fixture = try Fixture()
        _ = try await fixture.run("top", "-n", "5")
        let record = try #require(fixture.simulator.rest.requestLog.first)
        #expect(record.hasAuthorizationHeader)
        #expect(!record.hasAPIKeyInQuery)
    }

    @Test("news resolves names, sorts oldest first and numbers the list")
    func news() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("news", "Ethereum", "--sort", "oldest")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("1.") == true)
        #expect(lines.first?.contains("Vitalik Buterin Shares Thoughts") == true)
        let request = try #require(fixture.simulator.rest.requestLog.last { $0.path == "/data/v2/news/" })
        #expect(request.queryValue("categories") == "ETH")
    }

    @Test("an unknown coin is one line naming it (65)")
    func unknownCoin() async throws {
        let fixture = try Fixture()
        let result = try await fixture.run("news", "notacoin")
        #expect(result.status == 65)
        #expect(result.stderr.contains("notacoin"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("--show prints one article in full and --share writes it without clobbering")
    func showAndShare() async throws {
        let fixture = try Fixture()
        let detail = try await fixture.run("news", "eth", "--show", "1")
        #expect(detail.status == 0)
        #expect(detail.stdout.contains("URL:"))
        #expect(detail.stdout.contains("https://coinpedia.org/news/microstrategys-bitcoin-maximalism-wavers-shift-to-ethereum/"))
        let path = fixture.home.appendingPathComponent("article.md").path
        let shared = try await fixture.run("news", "eth", "--show", "1", "--share", path)
        #expect(shared.status == 0)
        #expect(shared.stdout.contains(path))
        let markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(markdown.hasPrefix("# MicroStrategy"))
        #expect(!markdown.contains("\u{1B}"))
        let again = try await fixture.run("news", "eth", "--show", "1", "--share", path)
        #expect(again.status == 1)
        #expect(again.stderr.contains("--force"))
        let forced = try await fixture.run("news", "eth", "--share", path, "--force")
        #expect(forced.status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# News: ETH"))
        let json = fixture.home.appendingPathComponent("list.json").path
        _ = try await fixture.run("news", "eth", "--share", json)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [[String: Any]])
        #expect(items.count == 18)
    }

    @Test(
        "each service error class maps to its exit code with one line on stderr",
        arguments: [
            (FaultMode.rateLimit, Int32(75), "rate limit"),
            (.rateLimitCooldown, 75, "retry in 7 minutes"),
            (.auth401, 77, "CRYPTOCOMPARE_API_KEY"),
            (.authLegacy, 77, "refused the API key"),
            (.http500, 69, "HTTP 503"),
            (.html, 69, "web page"),
            (.garbage, 65, "cannot read"),
            (.drop, 69, "127.0.0.1"),
        ])
    func errors(fault: FaultMode, status: Int32, message: String) async throws {
        let fixture = try Fixture(fault: fault)
        let result = try await fixture.run("top")
        #expect(result.status == status)
        #expect(result.stderr.contains(message))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout == "")
    }

    @Test("a slow service times out (69) and a closed port is unavailable (69)")
    func timeouts() async throws {
        let fixture = try Fixture(fault: .slow(.seconds(5)))
        let slow = try await fixture.run("top", env: ["LACRIPTA_TIMEOUT": "1"])
        #expect(slow.status == 69)
        #expect(slow.stderr.contains("did not answer within 1 s"))
        let closed = try await Fixture().run("top", env: ["LACRIPTA_API_URL": "http://127.0.0.1:1"])
        #expect(closed.status == 69)
        #expect(closed.stderr.contains("cannot connect to 127.0.0.1:1"))
    }

    @Test("when the service fails after a good answer, the cached data is shown with an offline notice")
    func offline() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.run("top", "-n", "5").status == 0)
        fixture.simulator.rest.setFault(.http500)
        let result = try await fixture.run("top", "-n", "5")
        #expect(result.status == 0)
        #expect(result.stdout.contains("BTC"))
        // "just now", or "1 minute ago" when a busy machine took that long between the two runs.
        #expect(result.stderr.hasPrefix("offline: data from "))
        #expect(result.stderr.contains("CryptoCompare answered HTTP 503"))
    }

    @Test("a required key that is missing asks for it (77)")
    func missingKey() async throws {
        let fixture = try Fixture(requireKey: "the-right-key")
        let result = try await fixture.run("top", env: ["CRYPTOCOMPARE_API_KEY": ""])
        #expect(result.status == 77)
        #expect(result.stderr.contains("needs a paid API key") && result.stderr.contains("--source public"))
    }

    @Test("hostile news text never reaches the terminal with escapes")
    func hostileText() async throws {
        let fixture = try Fixture()
        let body =
            #"{"Type":100,"Message":"News list successfully returned","Data":[{"id":"1","title":"\u001b]0;pwned\u0007Evil \u001b[2Jtitle\u202e","url":"https://x.example/","body":"a\u001b[31mred","published_on":1675864091,"source":"evil\u009b31m","categories":"ETH","tags":""}]}"#
        fixture.simulator.rest.setOverride(.json(bytes: Array(body.utf8)), forPath: "/data/v2/news/")
        for arguments in [["news", "eth"], ["news", "eth", "--show", "1"], ["news", "eth", "--json"], ["news", "eth", "--share", "-"]] {
            let result = try await BinaryRunner.run(
                arguments,
                environment: BinaryRunner.environment(home: fixture.home, extra: ["LACRIPTA_API_URL": fixture.simulator.restBaseURL.absoluteString]))
            #expect(result.status == 0)
            #expect(!result.stdout.contains("\u{1B}"), "\(arguments)")
            #expect(!result.stdout.contains("\u{9B}"), "\(arguments)")
            #expect(!result.stdout.contains("\u{202E}"), "\(arguments)")
            #expect(result.stdout.contains("Evil"), "\(arguments)")
        }
    }

    @Test("--help explains each command with examples and exit codes; --version prints the version")
    func help() async throws {
        let fixture = try Fixture()
        for command in ["top", "news"] {
            let result = try await fixture.run(command, "--help")
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: lacripta \(command)"))
            #expect(result.stdout.contains("EXAMPLES:"))
            #expect(result.stdout.contains("EXIT CODES:"))
        }
        let version = try await fixture.run("--version")
        #expect(version.stdout.hasPrefix("lacripta "))
        let overview = try await fixture.run("--help")
        #expect(overview.stdout.contains("COMMANDS:"))
    }
}
