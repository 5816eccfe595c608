import Foundation
import LacriptaCore
import Testing

@testable import LacriptaCLI

@Suite("Sharing to files")
struct ShareWriterTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-share-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("writes the file and returns its absolute path, leaving no temporary behind")
    func writes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("news.md").path
        let written = try ShareWriter.write("# hello\n", to: path, force: false, home: nil)
        #expect(written == path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# hello\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["news.md"])
    }

    @Test("refuses to overwrite without force, and keeps the old content")
    func noClobber() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("news.md").path
        _ = try ShareWriter.write("old\n", to: path, force: false, home: nil)
        #expect(throws: LacriptaError.self) { try ShareWriter.write("new\n", to: path, force: false, home: nil) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["news.md"])
        _ = try ShareWriter.write("new\n", to: path, force: true, home: nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    }

    @Test("a missing folder is a clear error")
    func missingFolder() throws {
        #expect(throws: LacriptaError.self) { try ShareWriter.write("x", to: "/nonexistent-lacripta/dir/file.md", force: false, home: nil) }
    }

    @Test("~ means $HOME from the environment, as in a shell")
    func tilde() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let written = try ShareWriter.write("x\n", to: "~/shared.md", force: false, home: dir.path)
        #expect(written == dir.appendingPathComponent("shared.md").path)
        #expect(ShareWriter.absolutePath("~", home: "/h") == "/h")
        #expect(ShareWriter.absolutePath("/a/~b", home: "/h") == "/a/~b")
    }

    @Test("the format follows the file name")
    func formats() {
        #expect(ShareFormat(path: "a.JSON") == .json)
        #expect(ShareFormat(path: "a.txt") == .text)
        #expect(ShareFormat(path: "a.md") == .markdown)
        #expect(ShareFormat(path: "-") == .markdown)
    }
}
