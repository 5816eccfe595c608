import Foundation

/// A desktop notification asked of the terminal itself, as escape sequences: OSC 777 (urxvt,
/// foot, WezTerm, Ghostty, …: title and body) and OSC 9 (iTerm2, kitty, Windows Terminal, …: body
/// only), so the one that the terminal knows shows and the other is ignored.
///
/// Inside tmux the sequences are wrapped for passthrough (`ESC P tmux; … ESC \` with each inner ESC
/// doubled), which tmux forwards to the outer terminal when `allow-passthrough` is on. The text is
/// sanitised and semicolons (the field separator) become commas, so nothing in a title can end the
/// sequence early or start another.
public struct DesktopNotification: Sendable, Equatable {
    /// The title (OSC 777 only).
    public var title: String
    /// The message.
    public var body: String

    /// A notification; both texts are cleaned here.
    public init(title: String, body: String) {
        self.title = Self.clean(title)
        self.body = Self.clean(body)
    }

    /// `ESC ] 777 ; notify ; TITLE ; BODY BEL`.
    public var osc777: String {
        "\(ANSI.escape)]777;notify;\(title);\(body)\(ANSI.bell)"
    }

    /// `ESC ] 9 ; TITLE: BODY BEL` (OSC 9 has no title field, so the title leads the text).
    public var osc9: String {
        "\(ANSI.escape)]9;\(title): \(body)\(ANSI.bell)"
    }

    /// Both sequences and a bell, wrapped for tmux when `insideTmux`.
    public func sequences(insideTmux: Bool) -> String {
        let both = insideTmux ? Self.tmuxPassthrough(osc777) + Self.tmuxPassthrough(osc9) : osc777 + osc9
        return both + ANSI.bell
    }

    /// `sequence` wrapped in tmux's passthrough DCS, every ESC inside doubled.
    public static func tmuxPassthrough(_ sequence: String) -> String {
        let doubled = sequence.replacingOccurrences(of: ANSI.escape, with: ANSI.escape + ANSI.escape)
        return "\(ANSI.escape)Ptmux;\(doubled)\(ANSI.escape)\\"
    }

    private static func clean(_ text: String) -> String {
        Sanitizer.singleLine(text).replacingOccurrences(of: ";", with: ",")
    }
}
