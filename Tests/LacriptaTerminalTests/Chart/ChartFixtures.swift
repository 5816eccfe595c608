import Foundation
import LacriptaTerminal

/// Fixed series for the chart tests: daily points from 2026-01-01 UTC.
enum ChartFixtures {
    /// 2026-01-01 00:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// A series of daily `values` (nil for a gap).
    static func daily(_ values: [Double?], label: String = "", color: ColorRole? = nil, marker: Character? = nil) -> ChartSeries {
        ChartSeries(
            label: label,
            points: values.enumerated().map { ChartPoint(time: start.addingTimeInterval(Double($0.offset) * 86_400), value: $0.element) },
            color: color, marker: marker)
    }

    /// 30 days rising from 100 to 129.
    static let rising = daily((0..<30).map { 100 + Double($0) })
    /// 30 days falling from 129 to 100.
    static let falling = daily((0..<30).map { 129 - Double($0) })

    static let usd = PriceFormatter(currency: "USD")

    /// A renderer in `mode` pricing in dollars.
    static func renderer(_ mode: ChartMode, marksExtremes: Bool = true) -> ChartRenderer {
        ChartRenderer(mode: mode, priceFormatter: usd, marksExtremes: marksExtremes)
    }
}

extension [StyledText] {
    /// The lines as plain text.
    var plain: [String] { map(\.plainText) }
}

extension StyledText {
    /// The styles of the runs that contain any of `characters`.
    func styles(of characters: Set<Character>) -> Set<TextStyle> {
        Set(segments.filter { $0.text.contains(where: characters.contains) }.map(\.style))
    }
}

/// Braille patterns with at least one dot.
let brailleDots = Set((0x2801...0x28FF).compactMap { Unicode.Scalar($0).map(Character.init) })
/// The block characters of the blocks mode.
let blockCells: Set<Character> = ["▀", "▄", "█"]
