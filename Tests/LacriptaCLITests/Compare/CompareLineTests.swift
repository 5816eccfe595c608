import Foundation
import LacriptaTestSupport
import Testing

@testable import LacriptaCLI

/// The times in `compare --json` lines: the integer formatter writes what `printf("%.Nf")` wrote.
@Suite("compare lines' times")
struct CompareLineTests {
    @Test(arguments: [0, 3, 6])
    func secondsAreWrittenAsPrintfWouldWriteThem(digits: Int) {
        var random = SeededRandom(seed: 11)
        var values: [Double] = [0, 1, 0.5, 1_669_852_800, 1_669_852_800.122581, 1_606_965_727.403931, -2.25, 1e-7]
        for _ in 0..<5_000 { values.append(Double.random(in: 1_400_000_000...1_900_000_000, using: &random)) }
        for _ in 0..<1_000 { values.append(Double.random(in: -1_000...1_000, using: &random)) }
        for value in values {
            #expect(CompareLine.seconds(value, digits: digits) == String(format: "%.\(digits)f", value), "\(value)")
        }
    }

    @Test func whatIsNoTimeIsNull() {
        #expect(CompareLine.seconds(.nan, digits: 6) == "null")
        #expect(CompareLine.seconds(.infinity, digits: 3) == "null")
    }
}
