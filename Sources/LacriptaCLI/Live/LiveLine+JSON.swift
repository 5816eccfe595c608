import LacriptaCore

/// The NDJSON form of a live line (`lacripta live --json`).
extension LiveLine {
    /// The documented NDJSON object: symbol, currency, market, price, direction, flags,
    /// lastUpdate (unix seconds), open/high/low of the day, change and changePercent since the
    /// day's open, volumeDay, volume24h. Absent figures are `null`.
    static func json(_ snapshot: PriceSnapshot, into out: inout String) {
        var bytes = OutputBytes(capacity: 512)
        json(snapshot, prefix: jsonPrefix(snapshot.pair), into: &bytes)
        out += String(decoding: bytes.bytes, as: UTF8.self)
    }

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
        return out.bytes
    }

    /// One NDJSON line for `snapshot`, whose pair's `jsonPrefix` is `prefix`, formatted from scratch.
    static func json(_ snapshot: PriceSnapshot, prefix: [UInt8], into out: inout OutputBytes) {
        var formatter = JSONFormatter(prefix: prefix)
        formatter.format(snapshot, into: &out)
    }

    /// Formats one pair's NDJSON lines, remembering the text of each figure: a partial update
    /// changes a few fields, so most figures (open, high, low, often the price) repeat and are
    /// copied instead of printed again.
    struct JSONFormatter {
        /// The line up to the price (see `jsonPrefix`).
        let prefix: [UInt8]
        private var figures = [NumberText](repeating: NumberText(), count: 8)

        /// A formatter for the pair whose `jsonPrefix` is `prefix`.
        init(prefix: [UInt8]) {
            self.prefix = prefix
        }

        /// Appends the line for `snapshot`.
        mutating func format(_ snapshot: PriceSnapshot, into out: inout OutputBytes) {
            let fields = snapshot.fields
            out.append(prefix)
            figures[0].append(fields.price, to: &out)
            switch snapshot.direction {
            case .up: out.append(",\"direction\":\"up\",\"flags\":")
            case .down: out.append(",\"direction\":\"down\",\"flags\":")
            case .unchanged: out.append(",\"direction\":\"unchanged\",\"flags\":")
            }
            out.append(Int64(snapshot.flags.rawValue))
            out.append(",\"lastUpdate\":")
            if let lastUpdate = fields.lastUpdate { out.append(Int64(lastUpdate)) } else { out.append("null") }
            out.append(",\"open\":")
            figures[1].append(fields.openDay, to: &out)
            out.append(",\"high\":")
            figures[2].append(fields.highDay, to: &out)
            out.append(",\"low\":")
            figures[3].append(fields.lowDay, to: &out)
            var change: Double?
            var percent: Double?
            if let current = fields.price, let open = fields.openDay, open != 0 {
                change = current - open
                percent = (current - open) / open * 100
            }
            out.append(",\"change\":")
            figures[4].append(change, to: &out)
            out.append(",\"changePercent\":")
            figures[5].append(percent, to: &out)
            out.append(",\"volumeDay\":")
            figures[6].append(fields.volumeDay, to: &out)
            out.append(",\"volume24h\":")
            figures[7].append(fields.volume24Hour, to: &out)
            out.append("}\n")
        }
    }

    /// The JSON text of the last value of one figure, reused while the value stays the same.
    struct NumberText {
        private var bits: UInt64?
        private var text: [UInt8] = []

        /// Appends `value` as `OutputBytes.appendJSONNumber` would.
        mutating func append(_ value: Double?, to out: inout OutputBytes) {
            guard let value else {
                out.append("null")
                return
            }
            if bits == value.bitPattern {
                out.append(text)
                return
            }
            let start = out.bytes.count
            out.appendJSONNumber(value)
            text.removeAll(keepingCapacity: true)
            text.append(contentsOf: out.bytes[start...])
            bits = value.bitPattern
        }
    }
}
