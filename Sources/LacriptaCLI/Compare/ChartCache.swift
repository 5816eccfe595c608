import Foundation
import LacriptaNet
import LacriptaTerminal

/// The compare chart's lines, drawn at most `perSecond` times a second for a window of a given
/// size: its samples are a second apart and a cell spans seconds, so drawing it in every frame
/// (20 a second) changed nothing a reader could see and was half of `compare`'s CPU on a terminal.
final class ChartCache: Sendable {
    private struct Drawn {
        var slot: Int64
        var samples: Int
        var width: Int
        var height: Int
        var lines: [StyledText]
    }

    /// How often the chart is drawn anew, at most.
    let perSecond: Double
    private let drawn = Locked<Drawn?>(nil)

    init(perSecond: Double = 4) {
        self.perSecond = perSecond
    }

    /// The lines drawn by `draw`, or those drawn earlier in the same slot of time for the same
    /// size and the same number of samples (`QuoteHistory.samplesAdded`).
    func lines(at now: Date, samples: Int, width: Int, height: Int, draw: () -> [StyledText]) -> [StyledText] {
        let slot = Int64((now.timeIntervalSinceReferenceDate * perSecond).rounded(.down))
        if let cached = drawn.withLock({ $0 }), cached.slot == slot, cached.samples == samples, cached.width == width,
            cached.height == height
        {
            return cached.lines
        }
        let lines = draw()
        drawn.withLock { $0 = Drawn(slot: slot, samples: samples, width: width, height: height, lines: lines) }
        return lines
    }
}
