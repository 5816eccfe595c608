import Foundation

/// Writes feeds as an OPML 2.0 document: folders from each feed's first tag (nested by `/`), a
/// feed without tags at the top. Every attribute value is escaped, so any title survives a round
/// trip through `OPMLReader`.
public enum OPMLWriter {
    /// The document, dated `now`.
    public static func document(_ feeds: [OPMLFeed], title: String = "lacripta news feeds", now: Date) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        out += "    <title>\(escaped(title))</title>\n    <dateCreated>\(rfc822(now))</dateCreated>\n  </head>\n  <body>\n"
        // Feeds grouped by folder path, in order of first appearance.
        var order: [String] = []
        var byFolder: [String: [OPMLFeed]] = [:]
        for feed in feeds {
            let folder = feed.tags.last ?? ""
            if byFolder[folder] == nil { order.append(folder) }
            byFolder[folder, default: []].append(feed)
        }
        for folder in order {
            let parts = folder.split(separator: "/").map(String.init)
            let indent = String(repeating: "  ", count: parts.count + 2)
            for (level, part) in parts.enumerated() {
                out += String(repeating: "  ", count: level + 2) + "<outline text=\"\(escaped(part))\" title=\"\(escaped(part))\">\n"
            }
            for feed in byFolder[folder] ?? [] {
                let name = escaped(feed.title ?? feed.url)
                out += indent + "<outline type=\"rss\" text=\"\(name)\" title=\"\(name)\" xmlUrl=\"\(escaped(feed.url))\"/>\n"
            }
            for level in stride(from: parts.count - 1, through: 0, by: -1) {
                out += String(repeating: "  ", count: level + 2) + "</outline>\n"
            }
        }
        return out + "  </body>\n</opml>\n"
    }

    /// `text` safe inside a double-quoted attribute or an element: markup characters escaped,
    /// control characters (never valid in XML 1.0) dropped, line breaks as character references.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// RFC 822 date, as OPML 2.0 asks.
    private static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
