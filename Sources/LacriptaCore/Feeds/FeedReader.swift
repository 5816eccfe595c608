import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an RSS 2.0, RSS 1.0 or Atom document into articles: a pure function of the bytes.
///
/// Safety comes before parsing: a body over `FeedLimits.maximumBytes` is refused unread; the
/// prolog is checked (`FeedProlog`) so UTF-16, web pages and documents that declare entities
/// never reach the parser, and so is the declared encoding (`FeedEncoding`), so the check reads
/// the characters the parser would; the parser is handed the document from its root element on
/// (no DOCTYPE can reach it), resolves no external entities, processes no namespaces, stops at
/// any DTD declaration, and the text it hands over is counted and capped. Malformed XML is an
/// error that names the feed and where it broke, unless some items had already closed: those are
/// returned, with the error in `Feed.problem`.
///
/// Parsing stops as soon as `isCancelled` returns true (by default: the current task was
/// cancelled), at the parser's next event, with `FeedError.Reason.cancelled`.
public enum FeedReader {
    /// Parses `data`, fetched from `outlet`, within `limits`.
    public static func read(
        _ data: Data, from outlet: FeedOutlet, limits: FeedLimits = .standard, isCancelled: @escaping () -> Bool = { Task.isCancelled }
    ) throws(FeedError) -> Feed {
        func failure(_ reason: FeedError.Reason) -> FeedError { FeedError(feed: outlet.name, reason: reason) }
        guard data.count <= limits.maximumBytes else {
            throw failure(.tooLarge(bytes: data.count, limit: limits.maximumBytes))
        }
        let encoding = FeedEncoding.declared(data)
        switch encoding {
        case .utf8, .singleByte: break
        case .unsupported(let name): throw failure(.declaredEncoding(name.count <= 40 ? name : ""))
        case .malformed: throw failure(.malformed(line: 1, column: 1, code: XMLErrorCode.declarationNotFinished))
        }
        let format: FeedProlog.Format
        let root: Int
        switch FeedProlog.check(data) {
        case .parse(let found, let offset): (format, root) = (found, offset)
        case .refuse(let reason): throw failure(reason)
        }

        let delegate = FeedParserDelegate(format: format, textLimit: limits.maximumTextBytes, isCancelled: isCancelled)
        var input = FeedProlog.parserInput(data, root: root, encoding: encoding)
        // Invalid UTF-8 in a name, and an instruction without data, trap Foundation's parser on
        // Linux (see FeedEncoding and FeedInstructions).
        if encoding == .utf8 { input = FeedEncoding.repairedUTF8(input) }
        let parser = XMLParser(data: FeedInstructions.withData(input))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = delegate
        let succeeded = parser.parse()

        if delegate.wasCancelled { throw failure(.cancelled) }
        if delegate.refusedDeclaration { throw failure(.declaresEntities) }
        if delegate.exceededTextLimit {
            throw failure(.textLimitExceeded(limit: limits.maximumTextBytes))
        }
        let articles = delegate.entries.compactMap { $0.article(from: outlet) }
        // Foundation on Linux can return true from parse() after a fatal error, and libxml2 reports
        // nothing for some cut-off documents: so the delegate's errors, the parser's, and whether
        // the root element closed all count. Namespace errors do not (see the delegate).
        var problem: FeedError?
        let parserCode = (parser.parserError as NSError?)?.code
        if let error = delegate.firstError {
            problem = failure(.malformed(line: error.line, column: error.column, code: error.code))
        } else if let code = parserCode, !XMLErrorCode.isNamespaceWarning(code) {
            problem = failure(.malformed(line: parser.lineNumber, column: parser.columnNumber, code: code))
        } else if !succeeded || !delegate.rootClosed {
            problem = failure(.malformed(line: parser.lineNumber, column: parser.columnNumber, code: XMLErrorCode.documentEnd))
        }
        if let problem, delegate.entries.isEmpty { throw problem }
        return Feed(outlet: outlet, title: delegate.channelTitle, articles: articles, problem: problem)
    }
}
