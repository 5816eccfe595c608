import Foundation
import Testing

@testable import LacriptaCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Only "no such file" means "no config": anything else that stops the file being read is said.
@Suite("Config file reader")
struct ConfigFileReaderTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func error(_ path: String) -> LacriptaError? {
        do {
            _ = try ConfigFileReader.contents(of: path)
            return nil
        } catch {
            return error
        }
    }

    @Test("a missing file is no config; a present one is its text")
    func presentAndMissing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config").path
        #expect(try ConfigFileReader.contents(of: path) == nil)
        try Data("currency = EUR\r\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try ConfigFileReader.contents(of: path) == "currency = EUR\r\n")
    }

    @Test("a folder where the file should be, or a file where a folder should be, is an error (64)")
    func wrongKinds() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let asFolder = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: asFolder, withIntermediateDirectories: true)
        #expect(error(asFolder.path)?.userMessage == "the config file \(asFolder.path) is not a regular file: make it one, or remove it")
        let file = folder.appendingPathComponent("lacripta")
        try Data().write(to: file)
        let under = file.appendingPathComponent("config").path
        #expect(error(under)?.userMessage == "cannot read the config file \(under): a folder on its path is a file")
        #expect(error(under)?.exitCode == .usage)
    }

    @Test("a file larger than the limit is refused without being read whole; exactly the limit is read")
    func sizeLimit() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config")
        let line = "# " + String(repeating: "x", count: 61) + "\n"
        var text = String(repeating: line, count: ConfigFile.maxSize / line.utf8.count)
        text += String(repeating: "#", count: ConfigFile.maxSize - text.utf8.count)
        try Data(text.utf8).write(to: path)
        #expect(try ConfigFileReader.contents(of: path.path)?.utf8.count == ConfigFile.maxSize)
        try Data((text + "\n").utf8).write(to: path)
        #expect(error(path.path)?.userMessage.contains("is larger than 64 KiB") == true)
    }

    @Test("a file that is not UTF-8 is refused")
    func notUTF8() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config")
        try Data([0x63, 0x75, 0xFF, 0xFE, 0x0A]).write(to: path)
        #expect(error(path.path)?.userMessage == "the config file \(path.path) is not UTF-8 text: save it as UTF-8")
    }

    @Test("permission problems name the cause instead of dropping the config")
    func permissionDenied() {
        // Tests run as root in CI, where a mode-000 folder is still readable; the errno path is
        // checked directly.
        #expect(
            ConfigFileReader.unreadable("/c", EACCES).userMessage
                == "cannot read the config file /c: permission denied (check the permissions of the file and its folders)")
        #expect(ConfigFileReader.unreadable("/c", EACCES).exitCode == .usage)
    }
}
