import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects entries from `XMLParser`'s events: a small state machine over the element stack.
///
/// Only direct children of an item are read as its fields (plus Atom's `author/name`), so the
/// `media:description` inside CoinDesk's `media:content` never becomes the article's description.
/// Names are matched as written (namespace processing is off, so an undeclared prefix cannot fail
/// the feed): RSS core elements unprefixed, extension elements by their local name under any
/// prefix (`dc:creator`, `content:encoded`, `atom:updated`), and in Atom every name by its local
/// part. It counts the character data handed over and stops the parser past the limit.
///
/// It also stops the parser at the first DTD declaration it is told of, since no feed has one
/// (on Linux only element, attribute-list, notation and unparsed-entity declarations are told;
/// `FeedProlog.parserInput` keeps DOCTYPEs from the parser in the first place), and as soon as
/// `isCancelled` says so, checked at every event: a user who quits never waits for a parse.
final class FeedParserDelegate: NSObject, XMLParserDelegate {
    /// The fields an element's text can fill.
    private enum Field {
        case title, link, guid, summary, content, published, dcDate, updated, author, source
        case category(domain: String)
        case channelTitle
    }

    private let format: FeedProlog.Format
    private let textLimit: Int
    private let isCancelled: () -> Bool

    /// Entries whose closing tag was read, in document order.
    private(set) var entries: [FeedEntry] = []
    /// The channel's (or Atom feed's) own title.
    private(set) var channelTitle: String?
    /// The first error the parser reported: code, line and column.
    private(set) var firstError: (code: Int, line: Int, column: Int)?
    /// Whether parsing was stopped because the text limit was crossed.
    private(set) var exceededTextLimit = false
    /// Whether parsing was stopped at a DTD declaration.
    private(set) var refusedDeclaration = false
    /// Whether parsing was stopped because `isCancelled` said so.
    private(set) var wasCancelled = false
    /// Whether the root element's end tag was read: without it the document is incomplete, even
    /// when the parser reports no error (it does not, for some cuts).
    private(set) var rootClosed = false

    private var depth = 0
    private var entry: FeedEntry?
    private var entryDepth = 0
    private var parentName = ""
    private var field: Field?
    private var fieldDepth = 0
    private var text = ""
    private var textBytes = 0

    /// Creates a delegate for a document of `format` that may hand over `textLimit` bytes of text,
    /// stopping once `isCancelled` returns true.
    init(format: FeedProlog.Format, textLimit: Int, isCancelled: @escaping () -> Bool = { false }) {
        self.format = format
        self.textLimit = textLimit
        self.isCancelled = isCancelled
    }

    /// Whether parsing must stop now (cancelled, or already stopped); stops the parser when so.
    private func shouldStop(_ parser: XMLParser) -> Bool {
        if exceededTextLimit || refusedDeclaration || wasCancelled { return true }
        guard isCancelled() else { return false }
        wasCancelled = true
        field = nil
        parser.abortParsing()
        return true
    }

    /// Stops the parser at a DTD declaration.
    private func refuseDeclaration(_ parser: XMLParser) {
        guard !refusedDeclaration else { return }
        refusedDeclaration = true
        field = nil
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        refuseDeclaration(parser)
    }

    func parser(
        _ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String, forElement elementName: String, type: String?,
        defaultValue: String?
    ) {
        refuseDeclaration(parser)
    }

    func parser(_ parser: XMLParser, foundNotationDeclarationWithName name: String, publicID: String?, systemID: String?) {
        refuseDeclaration(parser)
    }

    func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?, notationName: String?
    ) {
        refuseDeclaration(parser)
    }

    /// Never called by Foundation on Linux (see the type's comment); Darwin's parser does.
    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        refuseDeclaration(parser)
    }

    /// Never called by Foundation on Linux (see the type's comment); Darwin's parser does.
    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        refuseDeclaration(parser)
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        _ = shouldStop(parser)
    }

    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        _ = shouldStop(parser)
    }

    /// Opens an entry, or one of the open entry's fields, by the element's place and name.
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard !shouldStop(parser) else { return }
        depth += 1
        let (prefix, local) = Self.split(elementName)
        defer { if depth == entryDepth + 1 { parentName = String(local) } }
        guard field == nil else { return }  // markup inside a field (Atom xhtml): keep its text only
        if entry == nil {
            if isEntry(prefix: prefix, local: local) {
                entry = FeedEntry()
                entryDepth = depth
            } else if local == "title", isChannelTitlePosition {
                begin(.channelTitle)
            }
            return
        }
        if depth == entryDepth + 2, parentName == "author", local == "name" {
            begin(.author)
            return
        }
        guard depth == entryDepth + 1 else { return }
        switch format {
        case .atom: startAtomField(local, attributes: attributeDict)
        case .rss, .rdf: startRSSField(prefix: prefix, local: local, attributes: attributeDict)
        }
    }

    /// Closes the field or the entry the element ends: an entry only counts once it is closed.
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard !shouldStop(parser) else { return }
        defer { depth -= 1 }
        if depth == 1 { rootClosed = true }
        if field != nil, depth == fieldDepth {
            finishField()
        } else if let finished = entry, depth == entryDepth {
            entries.append(finished)
            entry = nil
        }
    }

    /// Text between tags, its entities already decoded (it can arrive in several pieces).
    func parser(_ parser: XMLParser, foundCharacters string: String) {
        append(string, utf8Count: string.utf8.count, parser: parser)
    }

    /// A CDATA section, taken as is; libxml2 hands it over in UTF-8 whatever the document's encoding.
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        append(String(decoding: CDATABlock, as: UTF8.self), utf8Count: CDATABlock.count, parser: parser)
    }

    /// Keeps the first error that matters, with where the parser was.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let code = (parseError as NSError).code
        // libxml2's namespace errors (200–205, e.g. an undeclared `media:` prefix) do not stop the
        // parse and say nothing about the feed's content: feeds forget declarations all the time.
        guard firstError == nil, !XMLErrorCode.isNamespaceWarning(code) else { return }
        firstError = (code, parser.lineNumber, parser.columnNumber)
    }

    /// Whether an element starts an entry: `item` in RSS (inside `channel`, or beside it in RSS 1.0),
    /// `entry` in Atom.
    private func isEntry(prefix: Substring, local: Substring) -> Bool {
        switch format {
        case .atom: local == "entry"
        case .rss, .rdf: local == "item" && prefix.isEmpty
        }
    }

    /// `rss/channel/title`, `rdf:RDF/channel/title` or `feed/title`.
    private var isChannelTitlePosition: Bool {
        channelTitle == nil && depth == (format == .atom ? 2 : 3)
    }

    /// An RSS item's field: core elements unprefixed, extensions (`dc:`, `content:`, `atom:`) by
    /// their local name under whatever prefix the feed chose.
    private func startRSSField(prefix: Substring, local: Substring, attributes: [String: String]) {
        if prefix.isEmpty {
            switch local {
            case "title": begin(.title)
            case "link": begin(.link)
            case "description": begin(.summary)
            case "pubDate": begin(.published)
            case "author": begin(.author)
            case "source": begin(.source)
            case "guid":
                entry?.guidIsPermaLink = attributes["isPermaLink"].map { $0.trimmingCharacters(in: .whitespaces).lowercased() == "true" }
                begin(.guid)
            case "category": begin(.category(domain: attributes["domain"] ?? ""))
            default: break
            }
        } else {
            switch local {
            case "creator": begin(.author)
            case "encoded": begin(.content)
            case "date": begin(.dcDate)
            case "updated": begin(.updated)
            case "published": begin(.published)
            default: break
            }
        }
    }

    /// An Atom entry's field; links and categories are read from their attributes.
    private func startAtomField(_ local: Substring, attributes: [String: String]) {
        switch local {
        case "title": begin(.title)
        case "id": begin(.guid)
        case "summary": begin(.summary)
        case "content": begin(.content)
        case "published": begin(.published)
        case "updated": begin(.updated)
        case "link":
            if let href = attributes["href"] { entry?.atomLinks.append((rel: attributes["rel"] ?? "", href: href)) }
        case "category":
            if let name = attributes["label"] ?? attributes["term"] { entry?.categories.append((domain: "", name: name)) }
        default: break
        }
    }

    /// Starts collecting the text of `newField`.
    private func begin(_ newField: Field) {
        field = newField
        fieldDepth = depth
        text = ""
    }

    /// Stores the collected text in the field being read.
    private func finishField() {
        guard let current = field else { return }
        field = nil
        switch current {
        case .channelTitle: channelTitle = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case .title: entry?.title = text
        case .link: entry?.link = text
        case .guid: entry?.guid = text
        case .summary: entry?.summary = text
        case .content: entry?.content = text
        case .published: entry?.published = text
        case .dcDate: entry?.dcDate = text
        case .updated: entry?.updated = text
        case .author: entry?.author = text
        case .source: entry?.source = text
        case .category(let domain): entry?.categories.append((domain: domain, name: text))
        }
    }

    /// Keeps text for the field being read, and stops the parser once the total passes the limit.
    private func append(_ string: String, utf8Count: Int, parser: XMLParser) {
        guard !shouldStop(parser) else { return }
        textBytes += utf8Count
        if textBytes > textLimit, !exceededTextLimit {
            exceededTextLimit = true
            field = nil
            parser.abortParsing()
            return
        }
        if field != nil { text += string }
    }

    /// Splits `dc:creator` into `dc` and `creator`; an unprefixed name has an empty prefix.
    private static func split(_ name: String) -> (prefix: Substring, local: Substring) {
        guard let colon = name.firstIndex(of: ":") else { return (name[name.startIndex..<name.startIndex], name[...]) }
        return (name[..<colon], name[name.index(after: colon)...])
    }
}
