import LacriptaCore

/// The files the user edits: the config file and the store's favourites, holdings and alerts.
enum UserFilesFuzz {
    /// An environment that points at nothing real, so only the fuzzed text is read.
    static let environment = ["HOME": "/nonexistent/lacripta-fuzz"]

    /// Parses the input as the config file, alone and through the whole load with its checks;
    /// and each line as a `color.*` value, which when it reads must read the same once written
    /// back as the file would hold it.
    static func config(_ input: [UInt8]) throws(FuzzFailure) {
        let text = FuzzInput.text(input)
        _ = try? ConfigFile(text: text, path: "config")
        _ = try? Configuration.load(environment: environment, readFile: { _ in text })
        // A key binding's value that reads, written back by its keys' names, reads as the same keys.
        for line in ConfigFile.lines(of: text) {
            guard let equals = line.firstIndex(of: "="), case .success(let keys) = Configuration.keys(String(line[line.index(after: equals)...]))
            else { continue }
            let written = keys.map(\.configName).joined(separator: ", ")
            let again = try? Configuration.keys(written).get()
            try FuzzFailure.check(again == keys, "keys \(keys) written as '\(written)' read back as \(String(describing: again))")
        }
        for line in text.split(separator: "\n") {
            guard let color = ColorSetting(parsing: String(line)) else { continue }
            try FuzzFailure.check(ColorSetting(parsing: color.configText) == color, "the colour \(color.configText) reads back different")
        }
    }

    /// Parses the input as each store file; when it parses, writing it and parsing that must give
    /// the same document, and writing again the same text.
    static func store(_ input: [UInt8]) throws(FuzzFailure) {
        let text = FuzzInput.text(input)
        try roundTrip(
            text, "favorites", parse: { (text: String) throws(LacriptaError) in try Favorites(fileText: text, path: "favorites") }, write: \.fileText)
        try roundTrip(
            text, "holdings", parse: { (text: String) throws(LacriptaError) in try Holdings(fileText: text, path: "holdings") }, write: \.fileText)
        try roundTrip(
            text, "alerts", parse: { (text: String) throws(LacriptaError) in try AlertList(fileText: text, path: "alerts") }, write: \.fileText)
    }

    /// Checks parse → write → parse for one format.
    static func roundTrip<Document: Equatable>(
        _ text: String, _ name: String, parse: (String) throws(LacriptaError) -> Document, write: (Document) -> String
    ) throws(FuzzFailure) {
        guard let document = try? parse(text) else { return }
        let written = write(document)
        let reread: Document
        do {
            reread = try parse(written)
        } catch {
            throw FuzzFailure("the \(name) file lacripta wrote cannot be read back: \(error.userMessage)")
        }
        try FuzzFailure.check(reread == document, "the \(name) file reads back different from what was written")
        try FuzzFailure.check(write(reread) == written, "the \(name) file is written differently the second time")
    }
}
