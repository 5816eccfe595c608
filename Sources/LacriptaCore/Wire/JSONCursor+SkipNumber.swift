/// Stepping over a number without computing its value: figures nobody asked for and unknown keys
/// are checked against the grammar `readNumber` reads, a word of digits at a time.
extension JSONCursor {
    /// Steps over the number at `offset`, checking the same grammar as `readNumber` but computing
    /// no value: figures nobody asked for (see `StreamerParser.init(fields:expecting:)`) and unknown keys
    /// cost a scan of their digits, not a conversion.
    mutating func skipNumber() throws(JSONReadFailure) {
        // The common shape, with room to load whole words: digits, maybe a point and digits, and
        // no exponent, each run found a word at a time. Anything else (an exponent, a missing
        // digit, a run of 24 digits or more) is judged by the general steps below. The most this
        // reads is a sign, then three words, then three more after the point: 49 bytes.
        if offset &+ 49 <= count {
            var index = offset
            if base[index] == UInt8(ascii: "-") { index &+= 1 }
            var end = digitRunEnd(from: index)
            if end > index, base[end] == UInt8(ascii: ".") {
                let fraction = end &+ 1
                end = digitRunEnd(from: fraction)
                if end == fraction { end = -1 }
            }
            if end > index, (base[end] | 0x20) != UInt8(ascii: "e") {
                offset = end
                return
            }
        }
        try skipNumberInSteps()
    }

    /// Where the run of digits from `index` ends, looking at up to three words; -1 when all 24
    /// bytes are digits. The caller guarantees 24 readable bytes from `index`.
    @inline(__always)
    private func digitRunEnd(from index: Int) -> Int {
        var index = index
        for _ in 0..<3 {
            let stops = Self.nonDigitBits(Self.word(at: base + index))
            if stops != 0 { return index &+ stops.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        return -1
    }

    /// `skipNumber` one part at a time, bounds-checked throughout.
    private mutating func skipNumberInSteps() throws(JSONReadFailure) {
        let start = offset
        if offset < count && base[offset] == UInt8(ascii: "-") { offset &+= 1 }
        try skipDigits(numberStart: start)
        if offset < count && base[offset] == UInt8(ascii: ".") {
            offset &+= 1
            try skipDigits(numberStart: start)
        }
        if offset < count && (base[offset] | 0x20) == UInt8(ascii: "e") {
            offset &+= 1
            if offset < count && (base[offset] == UInt8(ascii: "-") || base[offset] == UInt8(ascii: "+")) { offset &+= 1 }
            try skipDigits(numberStart: start)
        }
    }

    /// Steps over one or more digits of the number that began at `numberStart`, eight bytes a
    /// step: the first byte that is not a digit is found in a word at once, not by a byte loop.
    @inline(__always)
    private mutating func skipDigits(numberStart: Int) throws(JSONReadFailure) {
        let first = offset
        var stopped = false
        while offset &+ 8 <= count {
            let stops = Self.nonDigitBits(Self.word(at: base + offset))
            if stops != 0 {
                offset &+= stops.trailingZeroBitCount &>> 3
                stopped = true
                break
            }
            offset &+= 8
        }
        if !stopped {
            while offset < count, base[offset] &- UInt8(ascii: "0") < 10 { offset &+= 1 }
        }
        guard offset > first else { throw offset < count ? .invalidNumber(offset: numberStart) : .truncated }
    }
}
