/// Removes CSI sequences (`ESC [ params final`) so coloured output can be compared with plain.
func strippingEscapes(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
        if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
            index += 2
            while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) { index += 1 }
            index += 1
            continue
        }
        output.append(scalars[index])
        index += 1
    }
    return String(output)
}

/// True when `text` holds no C0/C1 control (other than `\n`), DEL or ESC.
func isTerminalSafe(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
        scalar == "\n" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
    }
}
