import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an OPML 1.0 or 2.0 subscription list into feeds: a pure function of the bytes.
///
/// Every `outline` with an `xmlUrl` is a feed, wherever it stands; an outline without one is a
/// folder whose name (`text`, else `title`) tags the feeds inside it. Each address is kept once
/// (the first), so several files can be merged. The same guards as the feed reader: a document
/// that declares entities is refused before parsing (no billion laughs), names are repaired to
/// UTF-8 and instructions given data (two traps of Foundation's parser on Linux), and nothing
/// external is resolved. A document cut short returns the feeds read so far only if its root
/// element closed; otherwise it is an error naming the line.
public enum OPMLReader {
    /// The largest file read, in bytes: subscription lists are small.
    public static let maximumBytes = 4 << 20

    /// The feeds of `data`.
    public static func read(_ data: Data) throws(OPMLError) -> [OPMLFeed] {
        guard data.count <= maximumBytes else { throw OPMLError(line: 1, message: "the file is over \(maximumBytes >> 20) MB") }
        // The byte scan below reads ASCII, so it is only right about an ASCII-compatible document:
        // the feeds' rule (FeedEncoding) holds here too, and under it a UTF-7 file cannot hide a
        // declaration from the scan.
        let input: Data
        switch FeedEncoding.declared(data) {
        case .utf8: input = FeedEncoding.repairedUTF8(data)
        case .singleByte: input = data
        case .unsupported:
            throw OPMLError(line: 1, message: "the file declares an encoding lacripta does not read (save it as UTF-8)")
        case .malformed: throw OPMLError(line: 1, message: "the XML declaration at its start does not read")
        }
        // Entities are never expanded, and Foundation on Linux crashes on some DTD declarations
        // (ATTLIST, NOTATION): a list of feeds needs none of them.
        for markup in ["<!ENTITY", "<!ATTLIST", "<!NOTATION", "<!ELEMENT"] {
            if data.range(of: Data(markup.utf8)) != nil || data.range(of: Data(markup.lowercased().utf8)) != nil {
                throw OPMLError(line: 1, message: "the file declares its own XML entities or document type, which lacripta never reads")
            }
        }
        let delegate = OPMLParserDelegate()
        let parser = XMLParser(data: FeedInstructions.withData(input))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = delegate
        let succeeded = parser.parse()
        if let error = delegate.firstError {
            throw OPMLError(line: max(error.line, 1), message: "the XML is malformed (libxml2 error \(error.code))")
        }
        guard delegate.sawOPML else { throw OPMLError(line: 1, message: "this is not an OPML file (its root element is not <opml>)") }
        guard succeeded, delegate.rootClosed else {
            throw OPMLError(line: max(parser.lineNumber, 1), message: "the file ends before </opml>: it may be cut short")
        }
        return delegate.feeds
    }
}
