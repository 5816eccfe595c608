import LacriptaCore
import Testing

/// One connection's schedule as a table: the instants the driver asks at, what arrived between,
/// and what it is told each time.
@Suite("Session watch: first data, keepalive, stale, watchdog")
struct SessionWatchTests {
    /// An exchange's deadlines: nothing yet after 5 s, keepalive after 20 s, given up after 40 s.
    static let exchange = SessionWatch.Rules(keepaliveAfter: .seconds(20), watchdogTimeout: .seconds(40), firstDataPatience: .seconds(5))
    /// The streamer's: stale after 65 s, given up after 90 s, no keepalive, no first-data notice.
    static let streamer = SessionWatch.Rules(staleAfter: .seconds(65), watchdogTimeout: .seconds(90))

    /// One row: at `second`, optionally after something arrived at `heard`, the action expected.
    struct Step: Sendable {
        let heard: Int?
        let second: Int
        let action: SessionWatch.Action
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let rules: SessionWatch.Rules
        let steps: [Step]
        var testDescription: String { name }
    }

    static func at(_ second: Int, heard: Int? = nil, _ action: SessionWatch.Action) -> Step {
        Step(heard: heard, second: second, action: action)
    }

    static let rows: [Row] = [
        Row(
            name: "a market that never answers: said once at 5 s, keepalive at 20 s, given up at 40 s",
            rules: exchange,
            steps: [
                at(0, .sleep(until: .seconds(5))), at(5, .reportNoData(after: .seconds(5))), at(5, .sleep(until: .seconds(20))),
                at(20, .sendKeepalive), at(20, .sleep(until: .seconds(40))), at(40, .giveUp),
            ]),
        Row(
            name: "a market that answers at once is never said to be silent, and its messages move the deadlines",
            rules: exchange,
            steps: [
                at(1, heard: 1, .sleep(until: .seconds(21))), at(21, .sendKeepalive), at(22, heard: 22, .sleep(until: .seconds(42))),
                at(42, .sendKeepalive), at(42, .sleep(until: .seconds(62))), at(62, .giveUp),
            ]),
        Row(
            name: "a late first answer after the notice: the notice is not said again",
            rules: exchange,
            steps: [at(6, .reportNoData(after: .seconds(6))), at(7, heard: 7, .sleep(until: .seconds(27)))]),
        Row(
            name: "the streamer: stale once after 65 s of silence, given up at 90 s",
            rules: streamer,
            steps: [
                at(0, heard: 0, .sleep(until: .seconds(65))), at(65, .reportStale(age: .seconds(65))), at(66, .sleep(until: .seconds(90))),
                at(90, .giveUp),
            ]),
        Row(
            name: "data after a stale spell: stale may be said again after the next silence",
            rules: streamer,
            steps: [
                at(70, .reportStale(age: .seconds(70))), at(71, heard: 71, .sleep(until: .seconds(136))),
                at(136, .reportStale(age: .seconds(65))),
            ]),
        Row(
            name: "a watchdog shorter than the other deadlines wins",
            rules: SessionWatch.Rules(keepaliveAfter: .seconds(50), staleAfter: .seconds(60), watchdogTimeout: .seconds(30)),
            steps: [at(0, .sleep(until: .seconds(30))), at(30, .giveUp)]),
    ]

    @Test("schedule", arguments: rows)
    func schedule(row: Row) {
        var watch = SessionWatch(rules: row.rules, openedAt: .zero)
        for (index, step) in row.steps.enumerated() {
            if let heard = step.heard { watch.heard(at: .seconds(heard)) }
            let action = watch.next(at: .seconds(step.second))
            #expect(action == step.action, "step \(index + 1) at \(step.second) s")
        }
    }
}
