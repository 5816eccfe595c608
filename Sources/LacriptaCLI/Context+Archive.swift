import LacriptaCore
import LacriptaTerminal

extension Context {
    /// Opens the news archive under the data folder, with the configured retention.
    func openArchive() throws(LacriptaError) -> ArticleArchive {
        try ArticleArchive(directory: ArticleArchive.directory(environment: environment), keepDays: configuration.newsKeepDays)
    }

    /// The archive, or nil after saying once on stderr why it cannot be used: news still works
    /// without it, only without read marks and short ids.
    func archiveIfAvailable() -> ArticleArchive? {
        do {
            return try openArchive()
        } catch {
            printError(StyledText("note: news shown without read marks: \(Sanitizer.singleLine(error.userMessage))", style: .yellow))
            return nil
        }
    }
}
