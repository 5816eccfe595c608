/// The store's parse and write steps, open to the rest of this package (not to users of the
/// library): the fuzz entries (`LacriptaFuzzing`) check that parse → write → parse is the
/// identity for each file format, through the very code `UserStore` reads and writes with.
/// `StoreDocument` itself stays internal, so its requirements do not become API.
extension Favorites {
    /// Parses the text of a favourites file, as `UserStore` does.
    package init(fileText: String, path: String) throws(LacriptaError) { try self.init(text: fileText, path: path) }
    /// The text `UserStore` would write.
    package var fileText: String { text }
}

extension Holdings {
    /// Parses the text of a holdings file, as `UserStore` does.
    package init(fileText: String, path: String) throws(LacriptaError) { try self.init(text: fileText, path: path) }
    /// The text `UserStore` would write.
    package var fileText: String { text }
}

extension AlertList {
    /// Parses the text of an alerts file, as `UserStore` does.
    package init(fileText: String, path: String) throws(LacriptaError) { try self.init(text: fileText, path: path) }
    /// The text `UserStore` would write.
    package var fileText: String { text }
}
