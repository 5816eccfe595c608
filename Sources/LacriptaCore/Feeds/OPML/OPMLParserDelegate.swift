import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects feeds from `XMLParser`'s events: a stack of the open outlines, each a folder (with its
/// path) or a feed.
final class OPMLParserDelegate: NSObject, XMLParserDelegate {
    /// The feeds read, each address once, in document order.
    private(set) var feeds: [OPMLFeed] = []
    /// The first error the parser reported.
    private(set) var firstError: (code: Int, line: Int)?
    /// Whether the root element is `opml`.
    private(set) var sawOPML = false
    /// Whether the root element closed.
    private(set) var rootClosed = false

    private var depth = 0
    /// Per open outline: the folder path it opened, or nil for a feed (or a nameless folder).
    private var outlines: [String?] = []
    private var seen: Set<String> = []

    /// The folders around the current position, outermost first, each as a full path.
    private var folders: [String] { outlines.compactMap { $0 } }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        if depth == 1 { sawOPML = elementName.lowercased() == "opml" }
        guard elementName.lowercased() == "outline" else { return }
        // OPML writers disagree on case (`xmlUrl`, `xmlurl`) and on which of text/title they fill.
        let lowered = Dictionary(attributes.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        let title = [lowered["title"], lowered["text"]].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty }
        if let url = lowered["xmlurl"]?.trimmingCharacters(in: .whitespacesAndNewlines), !url.isEmpty {
            if seen.insert(url).inserted { feeds.append(OPMLFeed(url: url, title: title, tags: folders)) }
            outlines.append(nil)
        } else {
            let name = [lowered["text"], lowered["title"]].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty }
            outlines.append(name.map { name in folders.last.map { "\($0)/\(name)" } ?? name })
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        defer { depth -= 1 }
        if depth == 1 { rootClosed = true }
        if elementName.lowercased() == "outline", !outlines.isEmpty { outlines.removeLast() }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let code = (parseError as NSError).code
        guard firstError == nil, !XMLErrorCode.isNamespaceWarning(code) else { return }
        firstError = (code, parser.lineNumber)
    }
}
