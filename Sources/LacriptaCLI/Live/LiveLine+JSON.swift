import LacriptaCore

/// The NDJSON form of a live line (`lacripta live --json`).
extension LiveLine {
    /// The start of every line for `pair`, up to the price: it never changes, so the hot path
    /// computes it once per pair.
    static func jsonPrefix(_ pair: PairKey) -> [UInt8] {
        var out = OutputBytes(capacity: 96)
        out.append("{\"symbol\":")
        out.appendJSONString(pair.from)
        out.append(",\"currency\":")
        out.appendJSONString(pair.to)
        out.append(",\"market\":")
        out.appendJSONString(pair.market)
        out.append(",\"price\":")
        return Array(out.bytes)
    }

    /// Formats one pair's NDJSON lines, remembering the text of each figure: a partial update
    /// changes a few fields, so most figures (open, high, low, often the price) repeat and are
    /// copied instead of printed again.
    struct JSONFormatter {
        /// The line up to the price (see `jsonPrefix`).
        let prefix: [UInt8]
        private var price = NumberText(fromWire: true)
        private var open = NumberText(fromWire: true)
        private var high = NumberText(fromWire: true)
        private var low = NumberText(fromWire: true)
        private var change = NumberText(fromWire: false)
        private var percent = NumberText(fromWire: false)
        private var volumeDay = NumberText(fromWire: true)
        private var volume24Hour = NumberText(fromWire: true)

        /// A formatter for the pair whose `jsonPrefix` is `prefix`.
        init(prefix: [UInt8]) {
            self.prefix = prefix
        }

        /// The most bytes a line takes after the prefix: eight numbers, two integers and the
        /// literals around them.
        static let longestTail = 8 * ByteCursor.longestNumber + 2 * ByteCursor.longestInteger + 200

        /// Appends the line for `snapshot` through one cursor.
        mutating func format(_ snapshot: PriceSnapshot, into out: inout OutputBytes) {
            out.appendThroughCursor(limit: prefix.count + Self.longestTail) { cursor in
                cursor.append(prefix)
                format(snapshot, at: &cursor)
            }
        }

        /// The line after the prefix. Figures are read through `snapshot.fields` in place: a local
        /// copy of the fields would be a 300-byte copy per line.
        private mutating func format(_ snapshot: PriceSnapshot, at out: inout ByteCursor) {
            price.append(snapshot.fields.price, to: &out)
            switch snapshot.direction {
            case .up: out.append(",\"direction\":\"up\",\"flags\":")
            case .down: out.append(",\"direction\":\"down\",\"flags\":")
            case .unchanged: out.append(",\"direction\":\"unchanged\",\"flags\":")
            }
            out.append(Int64(snapshot.flags.rawValue))
            out.append(",\"lastUpdate\":")
            if let lastUpdate = snapshot.fields.lastUpdate { out.append(Int64(lastUpdate)) } else { out.append("null") }
            out.append(",\"open\":")
            open.append(snapshot.fields.openDay, to: &out)
            out.append(",\"high\":")
            high.append(snapshot.fields.highDay, to: &out)
            out.append(",\"low\":")
            low.append(snapshot.fields.lowDay, to: &out)
            var difference: Double?
            var relative: Double?
            if let current = snapshot.fields.price, let opening = snapshot.fields.openDay, opening != 0 {
                difference = LiveLine.rounded(current - opening, toDecimals: max(price.decimals, open.decimals))
                relative = (current - opening) / opening * 100
            }
            out.append(",\"change\":")
            change.append(difference, to: &out)
            out.append(",\"changePercent\":")
            percent.append(relative, to: &out)
            out.append(",\"volumeDay\":")
            volumeDay.append(snapshot.fields.volumeDay, to: &out)
            out.append(",\"volume24h\":")
            volume24Hour.append(snapshot.fields.volume24Hour, to: &out)
            out.append("}\n")
        }
    }

    /// `value` rounded to `decimals` places, the most either operand of a difference was written
    /// with: 118652.38 − 117380.24 is 1272.1399999999994 in binary, and the line says 1272.14.
    /// Left as it is when a place count is unknown (a figure written with an exponent) or too
    /// large for the power of ten to be exact.
    @inline(__always)
    static func rounded(_ value: Double, toDecimals decimals: Int) -> Double {
        guard decimals >= 0, decimals < powersOfTen.count else { return value }
        let scale = powersOfTen[decimals]
        // `+ 0` turns a rounded -0 into 0: a change too small to show is no change, not "-0".
        return (value * scale).rounded() / scale + 0
    }

    /// 10⁰ … 10¹⁵, each exact as a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { (0..<$0).reduce(1.0) { product, _ in product * 10 } }

    /// The JSON text of the last value of one figure, kept inline (no allocation, no reference
    /// counting) and reused while the value stays the same.
    struct NumberText {
        private var bits: UInt64 = 0
        /// Bytes of `text` in use; 0 while nothing is remembered.
        private var count = 0
        /// Room for the longest shortest-round-trip `Double` (24 bytes, "-1.7976931348623157e+308").
        private var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        /// As much as one number may take in the cursor's reserve: the fixed-size copy below reads
        /// this many bytes from where the number starts, which is safe only while the two agree.
        private static let capacity = ByteCursor.longestNumber
        /// Whether the figure comes from the wire (see `ByteCursor.appendJSONNumber`).
        private let fromWire: Bool
        /// Digits after the point in the text last written; -1 when it has an exponent (or
        /// nothing was written yet).
        private(set) var decimals = -1

        /// A figure remembering nothing yet.
        init(fromWire: Bool) {
            self.fromWire = fromWire
        }

        /// Appends `value` as `ByteCursor.appendJSONNumber` would.
        mutating func append(_ value: Double?, to out: inout ByteCursor) {
            guard let value else {
                out.append("null")
                return
            }
            if count > 0, bits == value.bitPattern {
                let count = self.count
                withUnsafeBytes(of: &text) { out.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                return
            }
            let start = out.next
            out.appendJSONNumber(value, fromWire: fromWire)
            let written = out.next - start
            decimals = Self.decimals(UnsafeRawBufferPointer(start: start, count: written))
            guard written <= Self.capacity else {
                count = 0
                return
            }
            // All 32 bytes are copied, whatever `written` is: a fixed-size copy is a few moves, not
            // a call. The cursor's reserve keeps 32 bytes from `start` inside its buffer.
            out.assertRoom(from: start, Self.capacity)
            withUnsafeMutableBytes(of: &text) { $0.copyMemory(from: UnsafeRawBufferPointer(start: start, count: Self.capacity)) }
            count = written
            bits = value.bitPattern
        }

        /// Digits after the point in a number's text: 2 for "1272.14", 0 for "42", -1 for "1e-7".
        static func decimals(_ text: UnsafeRawBufferPointer) -> Int {
            var point: Int?
            for (index, byte) in text.enumerated() {
                switch byte {
                case UInt8(ascii: "e"), UInt8(ascii: "E"): return -1
                case UInt8(ascii: "."): point = index
                default: continue
                }
            }
            return point.map { text.count - $0 - 1 } ?? 0
        }
    }
}
