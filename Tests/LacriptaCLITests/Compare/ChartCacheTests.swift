import Foundation
import LacriptaNet
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The compare chart is drawn at most four times a second, and at once when its size or its
/// samples change.
@Suite("compare chart drawing")
struct ChartCacheTests {
    @Test func drawnOncePerQuarterSecondUnlessTheSizeOrTheSamplesChange() {
        let cache = ChartCache(perSecond: 4)
        let draws = Locked(0)
        func lines(_ seconds: Double, samples: Int = 1, width: Int = 80) -> [StyledText] {
            cache.lines(at: Date(timeIntervalSinceReferenceDate: seconds), samples: samples, width: width, height: 10) {
                draws.withLock { $0 += 1 }
                return [StyledText("drawn \(draws.withLock { $0 })")]
            }
        }
        #expect(lines(100.0) == [StyledText("drawn 1")])
        // Twenty frames a second within the same quarter: the same lines, not drawn again.
        for frame in 1..<5 { #expect(lines(100.0 + Double(frame) * 0.05) == [StyledText("drawn 1")]) }
        #expect(lines(100.25) == [StyledText("drawn 2")])
        #expect(lines(100.26, width: 100) == [StyledText("drawn 3")])
        #expect(lines(100.27, samples: 2, width: 100) == [StyledText("drawn 4")])
        #expect(draws.withLock { $0 } == 4)
    }
}
