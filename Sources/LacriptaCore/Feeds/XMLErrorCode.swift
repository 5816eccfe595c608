/// The libxml2 error numbers `XMLParser` reports (its `NSError.code`), with our words for them.
///
/// These are libxml2's `xmlParserErrors` values, which Apple's `XMLParser.ErrorCode` also uses;
/// swift-corelibs-foundation's `XMLParser.ErrorCode` enum is numbered one lower than the codes
/// its parser actually reports, so the numbers are written out here instead of compared with it.
enum XMLErrorCode {
    /// `XML_ERR_DOCUMENT_END`: the document ended before its root element closed.
    static let documentEnd = 5

    /// `XML_ERR_XMLDECL_NOT_FINISHED`: an XML declaration that does not take apart.
    static let declarationNotFinished = 57

    /// libxml2's namespace errors (200–205, `XML_NS_ERR_*`): reported, but the parse goes on.
    static func isNamespaceWarning(_ code: Int) -> Bool {
        (200...205).contains(code)
    }

    /// A few words for the errors broken feeds really produce.
    static func explanation(_ code: Int) -> String {
        switch code {
        case 4: "the document is empty"
        case documentEnd: "the document ends early"
        case 9, 81: "an invalid character"
        case 26, 27: "an undefined entity"
        case 22, 23: "a stray ampersand"
        case 38...42: "a broken attribute"
        case declarationNotFinished: "a broken XML declaration"
        case 73, 77: "an unfinished tag"
        case 76, 85: "the tags do not match"
        case 86: "content after the end of the document"
        case 89: "an entity loop"
        default: "XML error \(code)"
        }
    }
}
