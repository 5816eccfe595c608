import LacriptaCLI
import Testing

/// The seam the `arguments` fuzz target reads the command line through: it must reach each
/// command's own checks of its values, or the fuzzer never tries them.
@Suite("the command line as the arguments fuzz target reads it")
struct DescribeInvocationTests {
    @Test("a value the command itself refuses is its usage error; a good one builds the command")
    func commandChecks() {
        let refused = CLI.describeInvocation(["alert", "add", "BTC", "above", "1e400"])
        #expect(refused.contains("invalid PRICE '1e400'"), "\(refused)")
        #expect(refused.contains("lacripta alert --help"))
        let built = CLI.describeInvocation(["alert", "add", "BTC", "above", "100000"])
        #expect(built.contains("AlertCommand") && built.contains("100000"), "\(built)")
        #expect(CLI.describeInvocation(["coin", "BTC", "--days", "14"]).contains("expected one of 1, 7, 30, 90, 365, max"))
    }

    @Test("the view's alert prompt: an alert, or the prompt's complaint")
    func alertPrompt() {
        #expect(CLI.describeAlertPrompt("above 70000 repeat").contains("70000"))
        #expect(CLI.describeAlertPrompt("move 5 2d") == "2d is not a window: 1h or 24h")
    }
}
