import Foundation
import Testing

@testable import LacriptaCLI

/// The help text, the man page and the completion scripts come from the option tables the parser
/// uses; what is checked in must match, and each must work in the program that reads it.
@Suite("Generated help, man page and completions")
struct GeneratedFilesTests {
    private let commands = CLI.commands.map { $0.configuration }

    @Test("help snapshots: the program and each command")
    func helpSnapshots() throws {
        try Snapshot.check(HelpRenderer.programHelp(commands: commands), at: "Tests/LacriptaCLITests/Snapshots/help.txt")
        for command in commands {
            try Snapshot.check(HelpRenderer.commandHelp(command), at: "Tests/LacriptaCLITests/Snapshots/help-\(command.name).txt")
        }
    }

    @Test("Resources holds the man page and completions as generated")
    func resourcesUpToDate() throws {
        try Snapshot.check(ManPage.render(commands: commands), at: "Resources/man/lacripta.1")
        try Snapshot.check(CompletionScript.render(.bash, commands: commands), at: "Resources/completions/lacripta.bash")
        try Snapshot.check(CompletionScript.render(.zsh, commands: commands), at: "Resources/completions/_lacripta")
        try Snapshot.check(CompletionScript.render(.fish, commands: commands), at: "Resources/completions/lacripta.fish")
    }

    @Test("every option, choice and command of the parser's tables is in the man page and each script")
    func nothingLeftOut() {
        let page = ManPage.render(commands: commands)
        let scripts = CompletionScript.Shell.allCases.map { CompletionScript.render($0, commands: commands) }
        for command in commands {
            #expect(page.contains(".SS \"lacripta \(command.name) "))
            for option in command.options + GlobalOptions.specs {
                #expect(page.contains("\\-\\-\(ManPage.escaped(option.name))"))
                for script in scripts {
                    #expect(script.contains(option.name), "\(option.name) missing from a completion script")
                    for choice in option.choices { #expect(script.contains(choice)) }
                }
            }
        }
    }

    @Test("roff: text that starts with a dot or holds backslashes cannot become a request")
    func roffEscaping() {
        #expect(ManPage.escaped(".SH oops") == "\\&.SH oops")
        #expect(ManPage.escaped("a\\b-c") == "a\\eb\\-c")
        #expect(ManPage.escaped("▲ é") == "\\[u25B2] \\[u00E9]")
    }

    /// What bash completes for the words of `line` (the last one being completed).
    private func bashCompletions(_ words: [String]) async throws -> [String] {
        let script = Snapshot.root.appendingPathComponent("Resources/completions/lacripta.bash").path
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _lacripta; printf '%s\\n' \"${COMPREPLY[@]}\""
        let output = try await run("/bin/bash", ["--norc", "-c", program], in: Snapshot.root)
        return output.split(separator: "\n").map(String.init)
    }

    @Test("bash completes commands, options and their fixed values", .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func bash() async throws {
        #expect(try await bashCompletions(["lacripta", "n"]) == ["news"])
        #expect(try await bashCompletions(["lacripta", "news", "--sort", ""]) == ["latest", "oldest", "random"])
        #expect(try await bashCompletions(["lacripta", "top", "-s", "m"]) == ["mcap"])
        #expect(try await bashCompletions(["lacripta", "top", "--li"]) == ["--limit"])
        #expect(try await bashCompletions(["lacripta", "completions", ""]) == ["bash", "zsh", "fish"])
        #expect(try await bashCompletions(["lacripta", "help", "l"]) == ["live"])
        #expect(try await bashCompletions(["lacripta", "news", "--share", "Packa"]) == ["Package.swift"])
        #expect(try await bashCompletions(["lacripta", "top", "--limit", ""]) == [])
    }

    @Test("man renders the page without warnings", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
    func manRenders() async throws {
        let page = Snapshot.root.appendingPathComponent("Resources/man/lacripta.1").path
        let rendered = try await run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", page], in: Snapshot.root, failOnStderr: true)
        // Bold and underline come as overstrikes ("l\bl"): keep the letters.
        let text = rendered.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        #expect(text.contains("lacripta news"))
        #expect(text.contains("EXIT STATUS"))
    }

    @Test("zsh and fish accept their scripts", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
    func zshAndFishParse() async throws {
        _ = try await run("/usr/bin/zsh", ["-n", "Resources/completions/_lacripta"], in: Snapshot.root, failOnStderr: true)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") {
            _ = try await run("/usr/bin/fish", ["--no-execute", "Resources/completions/lacripta.fish"], in: Snapshot.root, failOnStderr: true)
            let listed = try await run(
                "/usr/bin/fish", ["--no-config", "-c", "source Resources/completions/lacripta.fish; complete -C 'lacripta news --sort '"],
                in: Snapshot.root)
            let values: [String] = listed.split(separator: "\n").map { line in String(line.prefix { $0 != "\t" }) }
            #expect(values == ["latest", "oldest", "random"])
        }
    }

    /// Runs a program and returns its standard output; fails when it exits non-zero, or writes to
    /// standard error when `failOnStderr`.
    ///
    /// The wait happens off Swift concurrency's pool (two threads here), as `BinaryRunner` does:
    /// a test blocking a pool thread for a shell's start-up starves the tests running beside it.
    private func run(_ program: String, _ arguments: [String], in directory: URL, failOnStderr: Bool = false) async throws -> String {
        let (status, output, errors) = try await BinaryRunner.offPool { try Self.runBlocking(program, arguments, in: directory) }
        #expect(status == 0, "\(program) failed: \(errors)")
        if failOnStderr { #expect(errors.isEmpty, "\(program) said: \(errors)") }
        return output
    }

    private static func runBlocking(_ program: String, _ arguments: [String], in directory: URL) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), errors)
    }
}
