import Foundation

/// The labels of a time axis, placed under the columns of the instants they name: a pure
/// function of the span, the plot's width and the kind of axis.
///
/// The step is the finest of a fixed list whose labels all fit with a space between them
/// (hours: 1, 2, 3, 4, 6, 12; days: 1, 2, 7, 14; months: 1, 2, 3, 6; years: 1, 2, 5, 10), and
/// ticks fall on round UTC instants (whole hours, midnights, the first of a month), so the
/// labels say when, not how far from the edge. A label that would overlap the one before is left
/// out; one that would stick out past an edge is moved in.
public enum TimeAxisLabels {
    /// One step and how its ticks are found and written.
    private enum Step {
        case seconds(Double, label: (DateComponents) -> String)
        case months(Int, label: (DateComponents) -> String)
    }

    /// The labels as (first column, text), left to right, within `columns` cells.
    public static func ticks(axis: TimeAxis, start: Date, end: Date, columns: Int) -> [(column: Int, text: String)] {
        guard end > start, columns > 0 else { return [] }
        let span = end.timeIntervalSince(start)
        let candidates = steps(axis: axis, span: span)
        for (index, step) in candidates.enumerated() {
            let times = tickTimes(step, start: start, end: end)
            let width = times.first.map { label(step, $0).count } ?? 0
            // The coarsest step is taken even when crowded: overlapping labels are dropped below.
            guard times.count * (width + 1) <= columns || index == candidates.count - 1 else { continue }
            var placed: [(column: Int, text: String)] = []
            var nextFree = 0
            for time in times {
                let text = label(step, time)
                guard text.count <= columns else { continue }
                let x = Int((time.timeIntervalSince(start) / span * Double(columns - 1)).rounded())
                let first = min(max(x - text.count / 2, 0), columns - text.count)
                guard first >= nextFree else { continue }
                placed.append((first, text))
                nextFree = first + text.count + 1
            }
            return placed
        }
        return []
    }

    /// The labels laid out as one line of `columns` cells at most (trailing spaces trimmed).
    public static func line(axis: TimeAxis, start: Date, end: Date, columns: Int) -> String {
        var line = ""
        for tick in ticks(axis: axis, start: start, end: end, columns: columns) {
            line += String(repeating: " ", count: tick.column - line.count) + tick.text
        }
        return line
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    private static func pad(_ value: Int?, _ width: Int = 2) -> String {
        let digits = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The candidate steps, finest first: hours for an hours axis (then days, for a span too
    /// long for hours), otherwise days, months and years.
    private static func steps(axis: TimeAxis, span: TimeInterval) -> [Step] {
        let hour: (DateComponents) -> String = { "\(pad($0.hour)):00" }
        let day: (DateComponents) -> String = { "\(pad($0.month))-\(pad($0.day))" }
        let month: (DateComponents) -> String = { "\(pad($0.year, 4))-\(pad($0.month))" }
        let year: (DateComponents) -> String = { pad($0.year, 4) }
        let hours = [1, 2, 3, 4, 6, 12].map { Step.seconds(Double($0) * 3600, label: hour) }
        let days = [1, 2, 7, 14].map { Step.seconds(Double($0) * 86_400, label: day) }
        let months = [1, 2, 3, 6].map { Step.months($0, label: month) } + [12, 24, 60, 120].map { Step.months($0, label: year) }
        switch axis {
        case .hours: return hours + days
        case .dates, .ends: return span < 2 * 86_400 ? hours + days + months : days + months
        }
    }

    /// The round instants of `step` from `start` to `end`.
    private static func tickTimes(_ step: Step, start: Date, end: Date) -> [Date] {
        var times: [Date] = []
        switch step {
        case .seconds(let seconds, _):
            var time = (start.timeIntervalSince1970 / seconds).rounded(.up) * seconds
            while time <= end.timeIntervalSince1970, times.count < 1000 {
                times.append(Date(timeIntervalSince1970: time))
                time += seconds
            }
        case .months(let months, _):
            let parts = utc.dateComponents([.year, .month], from: start)
            var index = (parts.year ?? 1970) * 12 + (parts.month ?? 1) - 1
            index = (index + months - 1) / months * months
            while times.count < 1000 {
                guard let date = utc.date(from: DateComponents(year: index / 12, month: index % 12 + 1, day: 1)) else { break }
                if date > end { break }
                if date >= start { times.append(date) }
                index += months
            }
        }
        return times
    }

    private static func label(_ step: Step, _ time: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day, .hour], from: time)
        switch step {
        case .seconds(_, let label), .months(_, let label): return label(parts)
        }
    }
}
