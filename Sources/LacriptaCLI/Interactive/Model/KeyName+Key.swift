import LacriptaCore
import LacriptaTerminal

extension KeyName {
    /// The name of a decoded key, to look it up in the keymap; nil for a paste or a sequence
    /// without a name, which no binding can name.
    init?(_ key: Key) {
        switch key {
        case .character(let character): self = .character(character)
        case .control(let letter): self = .control(letter)
        case .enter: self = .enter
        case .tab: self = .tab
        case .backTab: self = .backTab
        case .backspace: self = .backspace
        case .escape: self = .escape
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        case .home: self = .home
        case .end: self = .end
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .insert: self = .insert
        case .delete: self = .delete
        case .function(let number): self = .function(number)
        case .paste, .unknown: return nil
        }
    }
}

extension InteractivePage {
    /// The keymap's screen for this page; nil for the add-coin search, a text field whose keys
    /// are its own.
    var keymapScreen: Keymap.Screen? {
        switch self {
        case .toplist: .toplist
        case .news: .news
        case .article: .article
        case .live: .live
        case .coin: .coin
        case .holdings: .holdings
        case .addCoin: nil
        case .alerts: .alerts
        case .compare: .compare
        }
    }
}
