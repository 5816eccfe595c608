import Testing

@testable import LacriptaWebSocket

/// The close handshake, ping/pong and failure rules, without any I/O.
@Suite struct ConnectionStateMachineTests {
    @Test func pingIsAnsweredWithTheSamePayload() {
        var machine = ConnectionStateMachine()
        let reaction = machine.receive(Frame(opcode: .ping, payload: [1, 2, 3]))
        #expect(reaction == .init(reply: Frame(opcode: .pong, payload: [1, 2, 3])))
    }

    @Test func serverCloseIsEchoedAndEndsTheStreamWithItsCode() {
        var machine = ConnectionStateMachine()
        let reaction = machine.receive(Frame.close(code: CloseCode(4000), reason: "bye"))
        #expect(reaction.reply == Frame.close(code: CloseCode(4000)))
        #expect(reaction.outcome == .closed(CloseStatus(code: CloseCode(4000), reason: "bye")))
        #expect(machine.state == .closeReceived)
        #expect(machine.receive(Frame(opcode: .text, payload: [0x41])) == .init())  // ignored after close
    }

    @Test func emptyCloseIsAnsweredWithAnEmptyCloseAndReports1005() {
        var machine = ConnectionStateMachine()
        let reaction = machine.receive(Frame(opcode: .close))
        #expect(reaction.reply == Frame(opcode: .close))
        #expect(reaction.outcome == .closed(CloseStatus(code: .noStatusReceived)))
    }

    @Test func invalidClosePayloadsFailWith1002Or1007() {
        var oneByte = ConnectionStateMachine()
        #expect(oneByte.receive(Frame(opcode: .close, payload: [0x03])).reply == Frame.close(code: .protocolError))
        var badCode = ConnectionStateMachine()
        #expect(badCode.receive(Frame(opcode: .close, payload: [0x03, 0xED])).reply == Frame.close(code: .protocolError))
        var badReason = ConnectionStateMachine()
        let reaction = badReason.receive(Frame(opcode: .close, payload: [0x03, 0xE8, 0xFF]))
        #expect(reaction.reply == Frame.close(code: .invalidFramePayloadData))
        #expect(reaction.outcome == .failed(.invalidCloseReason))
    }

    @Test func invalidUTF8FailsWith1007AndStopsDelivering() {
        var machine = ConnectionStateMachine()
        let reaction = machine.receive(Frame(opcode: .text, payload: [0xC0, 0xAF]))
        #expect(reaction == .init(reply: Frame.close(code: .invalidFramePayloadData), outcome: .failed(.invalidUTF8)))
        #expect(machine.state == .failed && !machine.wantsFrames)
    }

    @Test func oversizedMessageFailsWith1009() {
        var machine = ConnectionStateMachine(maxMessageSize: 4)
        let reaction = machine.receive(Frame(opcode: .binary, payload: [1, 2, 3, 4, 5]))
        #expect(reaction.reply == Frame.close(code: .messageTooBig))
    }

    @Test func clientCloseWaitsForTheReplyAndIgnoresDataMeanwhile() {
        var machine = ConnectionStateMachine()
        #expect(machine.requestClose(code: .normalClosure).reply == Frame.close(code: .normalClosure))
        #expect(!machine.isOpen)
        #expect(machine.receive(Frame(fin: false, opcode: .text, payload: [0x41])) == .init())
        #expect(machine.receive(Frame(opcode: .ping)) == .init())
        let reply = machine.receive(Frame.close(code: .normalClosure))
        #expect(reply == .init(outcome: .closed(CloseStatus(code: .normalClosure))))
        #expect(machine.state == .closed)
        #expect(machine.requestClose(code: .normalClosure) == .init())
    }

    @Test func codesThatMayNotBeSentBecome1000() {
        var machine = ConnectionStateMachine()
        #expect(machine.requestClose(code: .abnormalClosure).reply == Frame.close(code: .normalClosure))
    }

    @Test func transportLossWhileOpenIsAnAbnormalEnd() {
        var machine = ConnectionStateMachine()
        #expect(machine.transportClosed() == .init(outcome: .connectionLost))
        var closing = ConnectionStateMachine()
        _ = closing.requestClose(code: .goingAway)
        #expect(closing.transportClosed() == .init(outcome: .closed(CloseStatus(code: .abnormalClosure))))
        var echoed = ConnectionStateMachine()
        _ = echoed.receive(Frame.close(code: .normalClosure))
        #expect(echoed.transportClosed() == .init())
    }

    @Test func unsolicitedPongIsIgnored() {
        var machine = ConnectionStateMachine()
        #expect(machine.receive(Frame(opcode: .pong, payload: [9])) == .init())
        #expect(machine.isOpen)
    }
}
