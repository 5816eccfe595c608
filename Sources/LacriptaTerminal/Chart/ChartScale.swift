/// Maps times and values onto dot coordinates: the earliest time to the left edge, the latest to
/// the right, the highest value to the top dot row and the lowest to the bottom.
///
/// Arithmetic is done on halves so that a span as wide as the doubles allow (a hostile series
/// from 10⁻³⁰⁰ to 10³⁰⁸) never overflows to infinity.
struct ChartScale {
    /// The value range drawn; equal ends for a flat series.
    let low: Double
    let high: Double
    /// The time range drawn, in seconds since 1970; equal ends for a single instant.
    let start: Double
    let end: Double
    /// Dots across and down.
    let width: Int
    let height: Int

    /// The dot column of `time`: a single instant sits in the middle. Times outside the range map
    /// past the edges (up to one width beyond), so a line to a point scrolled out of view leaves the
    /// plot at the right slope and the canvas clips it.
    func x(_ time: Double) -> Int {
        guard end > start else { return (width - 1) / 2 }
        let fraction = min(max((time / 2 - start / 2) / (end / 2 - start / 2), -1), 2)
        return Int((fraction * Double(width - 1)).rounded())
    }

    /// The dot row of `value`: a flat series runs along the middle. Values outside the range (a
    /// point just outside the time window) map past the edges like times do.
    func y(_ value: Double) -> Int {
        guard high > low else { return (height - 1) / 2 }
        let fraction = min(max((value / 2 - low / 2) / (high / 2 - low / 2), -1), 2)
        return height - 1 - Int((fraction * Double(height - 1)).rounded())
    }

    /// The value at dot row `row` (fractions allowed, for a cell's middle).
    func value(atDotRow row: Double) -> Double {
        guard high > low, height > 1 else { return low }
        let fraction = min(max((Double(height - 1) - row) / Double(height - 1), 0), 1)
        // A weighted mean of the ends never leaves their range, so it cannot overflow.
        return low * (1 - fraction) + high * fraction
    }
}
