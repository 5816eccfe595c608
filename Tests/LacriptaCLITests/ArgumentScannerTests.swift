import Testing

@testable import LacriptaCLI

@Suite("Argument scanning")
struct ArgumentScannerTests {
    private let scanner = ArgumentScanner(specs: TopCommand.configuration.options + GlobalOptions.specs)

    @Test("long, short, attached and = forms all set the value")
    func forms() throws {
        #expect(try scanner.scan(["--limit", "5"]).string("limit") == "5")
        #expect(try scanner.scan(["--limit=6"]).string("limit") == "6")
        #expect(try scanner.scan(["-n", "7"]).string("limit") == "7")
        #expect(try scanner.scan(["-n8"]).string("limit") == "8")
    }

    @Test("a flag, an optional value, and -- ending options")
    func flagsAndOptionalValues() throws {
        let parsed = try scanner.scan(["--json", "--watch", "--", "--limit"])
        #expect(parsed.has("json"))
        #expect(parsed.has("watch"))
        #expect(parsed.string("watch") == nil)
        #expect(parsed.positionals == ["--limit"])
        #expect(try scanner.scan(["--watch", "15"]).string("watch") == "15")
    }

    @Test("unknown options suggest the closest name")
    func unknownOption() {
        #expect(throws: ParseError.unknownOption("--limt", suggestion: "--limit")) { try scanner.scan(["--limt", "3"]) }
        #expect(throws: ParseError.unknownOption("--zzzzzzzz", suggestion: nil)) { try scanner.scan(["--zzzzzzzz"]) }
    }

    @Test("missing and unexpected values are errors naming the option")
    func values() {
        #expect(throws: ParseError.missingValue(option: "limit")) { try scanner.scan(["--limit"]) }
        #expect(throws: ParseError.missingValue(option: "currency")) { try scanner.scan(["--currency", "--json"]) }
        #expect(throws: ParseError.unexpectedValue(option: "json")) { try scanner.scan(["--json=yes"]) }
    }

    @Test("typed accessors reject bad values with what they expect")
    func typed() throws {
        let parsed = try scanner.scan(["--limit", "500", "--sort", "PRICE"])
        #expect(throws: ParseError.invalidValue(option: "limit", value: "500", expected: "a whole number from 1 to 100")) {
            try parsed.integer("limit", in: 1...100)
        }
        #expect(parsed.string("sort") == "price")
    }

    @Test("an option with fixed choices takes them in any case, in their spelling, and names them otherwise")
    func choices() throws {
        #expect(try scanner.scan(["--change=HOUR"]).string("change") == "hour")
        #expect(try scanner.scan(["-s", "McAp"]).string("sort") == "mcap")
        #expect(throws: ParseError.invalidValue(option: "sort", value: "size", expected: "one of rank, price, change, name, volume, mcap")) {
            try scanner.scan(["--sort", "size"])
        }
        #expect(throws: ParseError.invalidValue(option: "color", value: "sometimes", expected: "one of auto, always, never")) {
            try scanner.scan(["--color=sometimes"])
        }
    }

    @Test("edit distance suggestions stay plausible")
    func suggestions() {
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.suggestion(for: "nwes", among: ["top", "news", "live"]) == "news")
        #expect(EditDistance.suggestion(for: "portfolio", among: ["top", "news", "live"]) == nil)
    }
}
