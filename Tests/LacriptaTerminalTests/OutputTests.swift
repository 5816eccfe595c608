import LacriptaTerminal
import LacriptaTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileDescriptorOutputTests {
    /// Reads whatever is buffered in the pipe's read end.
    private func drain(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(descriptor, &buffer, buffer.count)
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }

    @Test func writesEveryByteToTheDescriptor() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer {
            close(descriptors[0])
            close(descriptors[1])
        }
        let output = FileDescriptorOutput(fileDescriptor: descriptors[1])
        try output.write("héllo ")
        try output.write("日本 🚀\n")
        #expect(drain(descriptors[0]) == "héllo 日本 🚀\n")
        #expect(!output.isTerminal)
    }

    @Test func byteWritesLandAsTheyAreAndAClosedReaderIsReported() throws {
        FileDescriptorOutput.ignoreBrokenPipeSignal()
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { close(descriptors[1]) }
        let output = FileDescriptorOutput(fileDescriptor: descriptors[1])
        try Array("{\"price\":1.5}\n".utf8).withUnsafeBytes { try output.write(bytes: $0) }
        #expect(drain(descriptors[0]) == "{\"price\":1.5}\n")
        close(descriptors[0])
        #expect(throws: TerminalOutputError.closed) { try Array("lost".utf8).withUnsafeBytes { try output.write(bytes: $0) } }
        // Outputs that keep strings get the bytes decoded.
        let recording = RecordingOutput()
        try Array("é\n".utf8).withUnsafeBytes { try recording.write(bytes: $0) }
        #expect(recording.text == "é\n")
    }

    @Test func closedReaderIsReportedAsClosedInsteadOfKillingTheProcess() throws {
        FileDescriptorOutput.ignoreBrokenPipeSignal()
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        close(descriptors[0])
        defer { close(descriptors[1]) }
        let output = FileDescriptorOutput(fileDescriptor: descriptors[1])
        #expect(throws: TerminalOutputError.closed) { try output.write("nobody reads this\n") }
        #expect(throws: TerminalOutputError.closed) { try output.write("still nobody\n") }
    }

    @Test func closedDescriptorIsReportedAsClosed() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        close(descriptors[0])
        close(descriptors[1])
        // Write to a descriptor number that is certainly not open.
        let output = FileDescriptorOutput(fileDescriptor: -1)
        #expect(throws: TerminalOutputError.closed) { try output.write("x") }
    }

    @Test func emptyWritesSucceedWithoutTouchingTheDescriptor() throws {
        try FileDescriptorOutput(fileDescriptor: -1).write("")
    }
}

@Suite struct RecordingOutputTests {
    @Test func recordsWritesInOrder() throws {
        let output = RecordingOutput()
        try output.write("a")
        try output.write("b")
        #expect(output.writes == ["a", "b"])
        #expect(output.text == "ab")
        output.clear()
        #expect(output.text.isEmpty)
    }

    @Test func closedReaderMakesLaterWritesThrow() throws {
        let output = RecordingOutput()
        try output.write("kept")
        output.closeReader()
        #expect(throws: TerminalOutputError.closed) { try output.write("lost") }
        #expect(output.text == "kept")
    }

    @Test func concurrentWritesAreAllRecorded() async {
        let output = RecordingOutput()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { try? output.write("\(index)\n") }
            }
        }
        #expect(output.writes.count == 100)
        #expect(Set(output.writes) == Set((0..<100).map { "\($0)\n" }))
    }
}
