/// The plot area as a grid of dots: lines are drawn dot by dot, then each cell becomes one
/// character (a braille pattern or a half block) in the colour of the last series that drew in it.
///
/// Dot coordinates run from the top left: `x` across, `y` down.
struct ChartCanvas {
    /// How the dots become characters.
    let mode: ChartMode
    /// Cells across and down.
    let columns: Int
    let rows: Int
    /// Each cell's dots as a bit mask (braille's own bit order, or bit 0 top / bit 1 bottom for blocks).
    private var masks: [UInt8]
    /// The series that last drew in each cell; -1 for none.
    private var owners: [Int]

    /// An empty canvas of `columns` × `rows` cells.
    init(mode: ChartMode, columns: Int, rows: Int) {
        self.mode = mode
        self.columns = columns
        self.rows = rows
        masks = Array(repeating: 0, count: columns * rows)
        owners = Array(repeating: -1, count: columns * rows)
    }

    /// Dots across the whole canvas.
    var width: Int { columns * mode.dotsPerColumn }
    /// Dots down the whole canvas.
    var height: Int { rows * mode.dotsPerRow }

    /// Braille bit for the dot at column `x` (0–1), row `y` (0–3) of a cell (Unicode's numbering:
    /// dots 1–3 and 4–6 down the two columns, then 7 and 8 along the bottom).
    private static let brailleBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Sets the dot at (`x`, `y`) for `series`; dots outside the canvas are ignored.
    mutating func set(x: Int, y: Int, series: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let cell = (y / mode.dotsPerRow) * columns + x / mode.dotsPerColumn
        let bit: UInt8
        switch mode {
        case .braille: bit = Self.brailleBits[x % 2][y % 4]
        case .blocks: bit = y % 2 == 0 ? 1 : 2
        }
        masks[cell] |= bit
        owners[cell] = series
    }

    /// Draws a straight line of dots from one point to another, both ends included (Bresenham).
    mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), series: Int) {
        var (x, y) = start
        let dx = abs(end.x - x)
        let dy = -abs(end.y - y)
        let stepX = x < end.x ? 1 : -1
        let stepY = y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            set(x: x, y: y, series: series)
            if x == end.x && y == end.y { return }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }

    /// The character for the cell at `column`, `row`, or nil when it is empty, and the series
    /// that owns it.
    func cell(column: Int, row: Int) -> (character: Character, series: Int)? {
        let index = row * columns + column
        let mask = masks[index]
        guard mask != 0 else { return nil }
        switch mode {
        case .braille:
            // U+2800 plus the mask is always a valid braille pattern.
            return (Character(Unicode.Scalar(0x2800 + UInt32(mask)) ?? " "), owners[index])
        case .blocks:
            return (mask == 3 ? "█" : mask == 1 ? "▀" : "▄", owners[index])
        }
    }
}
