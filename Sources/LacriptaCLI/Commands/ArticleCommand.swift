import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta article REF`: one archived article, shown or marked (saved, rated, read), by its
/// short id or its position in the last list `news` printed. Reads and writes the archive only.
struct ArticleCommand: Command {
    static let configuration = CommandConfiguration(
        name: "article",
        abstract: "one article from your news archive: show it, save it, rate it, mark it read",
        usage: "REF [options]",
        discussion: """
            REF is the short id a news list shows before the outlet (k7q2), or the article's number in the
            last list lacripta news printed (3). Without a mark option the article is shown in full, as
            news --show does, and marked read. --save keeps it for ever (news --saved lists it after the
            feeds have dropped it); --rate 1-5 rates it (and marks it read), which news --for-you learns
            from; --read and --unread set the read mark. Marks are written at once, one statement each,
            so lacripta processes marking together never undo each other. Needs no network.
            """,
        options: [
            .flag("save", help: "save the article (kept for ever)"),
            .flag("unsave", help: "remove it from your saved articles"),
            .option("rate", value: "N", help: "rate it from 1 (poor) to 5 (excellent)"),
            .flag("unrate", help: "remove your rating"),
            .flag("read", help: "mark it read"),
            .flag("unread", help: "mark it unread"),
            .option("share", value: "PATH", path: true, help: "write it to PATH (.md, .json, .txt, or -)"),
            .flag("force", short: "f", help: "with --share: overwrite an existing file"),
            .flag("json", help: "print it as JSON (the fields of news --json, with ref, read, new, saved, rating)"),
        ],
        examples: [
            ("lacripta article 3", "article 3 of the last news list, in full"),
            ("lacripta article k7q2 --save", "keep it for ever"),
            ("lacripta article k7q2 --rate 4", "rate it 4 of 5"),
            ("lacripta article 2 --unread", "mark it unread again"),
            ("lacripta article k7q2 --share ~/read-later.md", "write it to a Markdown file"),
        ]
    )

    let reference: String
    let marks: [ArticleArchive.Mark]
    let sharePath: String?
    let force: Bool
    let json: Bool

    init(arguments: ParsedArguments, context: Context) throws {
        guard let reference = arguments.positionals.first else { throw ParseError.missingArgument("REF (a short id or a list number)") }
        guard arguments.positionals.count == 1 else { throw ParseError.unexpectedArgument(arguments.positionals[1]) }
        self.reference = reference
        var marks: [ArticleArchive.Mark] = []
        for (yes, no, mark) in [("save", "unsave", ArticleArchive.Mark.saved), ("read", "unread", ArticleArchive.Mark.read)] {
            if arguments.has(yes) && arguments.has(no) { throw ParseError.conflict("--\(yes) and --\(no) cannot be combined") }
            if arguments.has(yes) { marks.append(mark(true)) }
            if arguments.has(no) { marks.append(mark(false)) }
        }
        let rating = try arguments.integer("rate", in: 1...5)
        if rating != nil && arguments.has("unrate") { throw ParseError.conflict("--rate and --unrate cannot be combined") }
        if let rating { marks.append(.rating(rating)) }
        if arguments.has("unrate") { marks.append(.rating(nil)) }
        self.marks = marks
        sharePath = arguments.string("share")
        force = arguments.has("force")
        json = arguments.has("json")
        if force && sharePath == nil { throw ParseError.conflict("--force only applies to --share") }
        if json && sharePath != nil { throw ParseError.conflict("--json and --share cannot be combined (share to a .json file instead)") }
    }

    func run(in context: Context) async throws -> ExitCode {
        let archive = try context.openArchive()
        guard let found = try archive.resolve(reference) else {
            throw LacriptaError.failed(
                "No article \(Sanitizer.singleLine(reference)) in your news archive: use a short id from a news list (k7q2) or a number of the last list"
            )
        }
        let now = context.now()
        // Only showing it in full counts as reading it; marking alone leaves the read mark be.
        let showing = marks.isEmpty || json || sharePath != nil
        for mark in marks { try archive.set(mark, ref: found.ref, now: now) }
        if showing && marks.isEmpty { try archive.set(.read(true), ref: found.ref, now: now) }
        let article = try archive.article(ref: found.ref) ?? found
        let presenter = NewsPresenter(now: now, width: context.stdoutCapabilities.width)
        if let sharePath {
            let document = presenter.document(article.article, format: ShareFormat(path: sharePath))
            if sharePath == "-" {
                try context.printRaw(document)
                return .success
            }
            let written = try ShareWriter.write(document, to: sharePath, force: force, home: context.environment["HOME"])
            try context.printRaw("Shared the article to \(written)\n")
        } else if json {
            try context.printRaw(try presenter.json([article.article], marks: [article]))
        } else if showing {
            try context.print(presenter.detail(article.article, mark: article))
        } else {
            let title = ArticleText(article.article).title
            try context.print([StyledText("\(NewsPresenter.markSummary(article)): ") + StyledText(title, style: .bold)])
        }
        return .success
    }
}
