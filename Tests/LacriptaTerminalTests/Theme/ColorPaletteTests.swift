import LacriptaTerminal
import Testing

/// The mapping of richer colours to what a terminal can show, on a table: the nearest of the 256
/// palette entries from 16 up, and of the 16 ANSI colours.
@Suite("Colour mapping 24-bit → 256 → 16")
struct ColorPaletteTests {
    /// (24-bit colour, nearest 256 index, nearest ANSI colour)
    static let table: [(RGB, UInt8, Color)] = [
        (RGB(0, 0, 0), 16, .black),
        (RGB(255, 255, 255), 231, .brightWhite),
        (RGB(255, 0, 0), 196, .brightRed),
        (RGB(200, 10, 10), 160, .red),
        (RGB(0, 135, 0), 28, .green),
        (RGB(0, 255, 0), 46, .brightGreen),
        (RGB(86, 180, 233), 74, .brightBlue),  // Okabe–Ito sky blue: colorblind's up
        (RGB(230, 159, 0), 178, .yellow),  // Okabe–Ito orange: colorblind's down
        (RGB(128, 128, 128), 244, .brightBlack),  // a grey lands on the grey ramp
        (RGB(88, 88, 88), 240, .brightBlack),
        (RGB(18, 18, 18), 233, .black),
        (RGB(0, 95, 215), 26, .blue),
        (RGB(175, 135, 0), 136, .yellow),
        (RGB(135, 0, 135), 90, .magenta),
        (RGB(100, 200, 200), 80, .cyan),
    ]

    @Test("each colour maps to its nearest 256 index and ANSI colour", arguments: table.indices)
    func nearest(row: Int) {
        let (rgb, index, ansi) = Self.table[row]
        #expect(ColorPalette.nearestIndex(to: rgb) == index, "\(rgb)")
        #expect(ColorPalette.nearestANSI(to: rgb) == ansi, "\(rgb)")
    }

    @Test("every palette entry from 16 up is its own nearest index")
    func paletteIsFixedPoint() {
        for index in UInt8(16)...UInt8(255) {
            let nearest = ColorPalette.nearestIndex(to: ColorPalette.rgb(ofIndex: index))
            // The grey ramp and the cube share a few shades; either index is the same colour.
            #expect(ColorPalette.rgb(ofIndex: nearest) == ColorPalette.rgb(ofIndex: index), "index \(index)")
        }
    }

    @Test("the palette's cube and grey ramp are xterm's")
    func paletteValues() {
        #expect(ColorPalette.rgb(ofIndex: 16) == RGB(0, 0, 0))
        #expect(ColorPalette.rgb(ofIndex: 28) == RGB(0, 135, 0))
        #expect(ColorPalette.rgb(ofIndex: 208) == RGB(255, 135, 0))
        #expect(ColorPalette.rgb(ofIndex: 231) == RGB(255, 255, 255))
        #expect(ColorPalette.rgb(ofIndex: 232) == RGB(8, 8, 8))
        #expect(ColorPalette.rgb(ofIndex: 255) == RGB(238, 238, 238))
        #expect(ColorPalette.rgb(ofIndex: 9) == RGB(255, 0, 0))
    }

    /// (colour, parameters at 24-bit, at 256, at 16)
    static let parameters: [(TerminalColor, [UInt8], [UInt8], [UInt8])] = [
        (.ansi(.green), [32], [32], [32]),
        (.ansi(.brightBlue), [94], [94], [94]),
        (.indexed(28), [38, 5, 28], [38, 5, 28], [32]),
        (.indexed(208), [38, 5, 208], [38, 5, 208], [33]),
        (.rgb(RGB(86, 180, 233)), [38, 2, 86, 180, 233], [38, 5, 74], [94]),
        (.rgb(RGB(230, 159, 0)), [38, 2, 230, 159, 0], [38, 5, 178], [33]),
    ]

    @Test("a colour is written as 24-bit only at that depth, else as its nearest", arguments: parameters.indices)
    func writtenForTheDepth(row: Int) {
        let (color, trueColor, indexed, ansi) = Self.parameters[row]
        #expect(color.foregroundParameters(depth: .trueColor) == trueColor)
        #expect(color.foregroundParameters(depth: .indexed256) == indexed)
        #expect(color.foregroundParameters(depth: .ansi16) == ansi)
    }

    @Test("an index below 16 is the ANSI colour")
    func lowIndexes() {
        #expect(TerminalColor(index: 1) == .ansi(.red))
        #expect(TerminalColor(index: 15) == .ansi(.brightWhite))
        #expect(TerminalColor(index: 16) == .indexed(16))
    }

    @Test(
        "the depth follows COLORTERM, then TERM",
        arguments: [
            (["COLORTERM": "truecolor"], ColorDepth.trueColor),
            (["COLORTERM": "24bit", "TERM": "xterm"], .trueColor),
            (["COLORTERM": "TrueColor"], .trueColor),
            (["TERM": "xterm-256color"], .indexed256),
            (["TERM": "tmux-256color", "COLORTERM": "yes"], .indexed256),
            (["TERM": "screen"], .ansi16),
            ([:], .ansi16),
        ])
    func depth(environment: [String: String], expected: ColorDepth) {
        #expect(ColorDepth.resolve(environment: environment) == expected)
    }
}
