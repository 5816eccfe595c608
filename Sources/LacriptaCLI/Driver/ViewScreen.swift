import LacriptaTerminal

/// Where a driven view's frames go, and how the terminal is set up around them.
///
/// - `inline`: the frame is redrawn in place below the prompt (`Screen`), the cursor hidden
///   meanwhile, and left in the scrollback at the end: `live` and `top --watch` on a terminal.
/// - `fullScreen`: the alternate screen, only changed rows rewritten (`FrameWriter`), the
///   shell's screen given back at the end: the interactive view (which sets raw mode itself).
/// - `none`: off a terminal nothing is redrawn; the view writes its own lines.
struct ViewScreen: Sendable {
    private enum Kind: Sendable {
        case none
        case inline(Screen, ANSIRenderer)
        case fullScreen(any TerminalOutput, ANSIRenderer)
    }

    private let kind: Kind
    /// What the full screen shows, so an update writes only the rows that changed.
    private var writer = FrameWriter()

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// No screen: frames are not drawn.
    static let none = ViewScreen(.none)

    /// Frames redrawn in place on `output`, styled by `renderer` (colour as the stream allows).
    static func inline(_ output: any TerminalOutput, renderer: ANSIRenderer) -> ViewScreen {
        ViewScreen(.inline(Screen(output: output), renderer))
    }

    /// Frames on the alternate screen of `output`, styled by `renderer` (the stream's
    /// `screenRenderer`: the user's theme, and attributes alone when colour is off).
    static func fullScreen(_ output: any TerminalOutput, renderer: ANSIRenderer = .colored) -> ViewScreen {
        ViewScreen(.fullScreen(output, renderer))
    }

    /// Sets the terminal up for the first frame.
    func enter() async throws {
        switch kind {
        case .none: break
        case .inline(let screen, _): try await screen.hideCursor()
        case .fullScreen(let output, _): try output.write(TerminalModes.enterFullScreen)
        }
    }

    /// Shows `frame`; with `full`, every row is written again, not just those that changed.
    mutating func draw(_ frame: ViewFrame, full: Bool) async throws {
        switch kind {
        case .none:
            break
        case .inline(let screen, let renderer):
            try await screen.draw(frame.lines, renderer: renderer, size: frame.size)
        case .fullScreen(let output, let renderer):
            if full { writer.invalidate() }
            let bytes = writer.update(to: frame.lines, renderer: renderer, columns: frame.size.columns)
            if !bytes.isEmpty { try output.write(bytes) }
        }
    }

    /// Gives the terminal back: the cursor shown below the last frame, or the shell's screen.
    func leave() async throws {
        switch kind {
        case .none: break
        case .inline(let screen, _): try await screen.restore()
        case .fullScreen(let output, _): try output.write(TerminalModes.leaveFullScreen)
        }
    }
}
