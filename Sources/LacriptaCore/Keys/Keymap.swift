/// Which action each key stands for on each screen of the full-screen view: a pure value, built
/// once at start from the defaults and the `key.*` settings, and looked up on every key press.
///
/// The rule for a binding: `key.<action> = …` replaces that action's default keys on every screen
/// the action lives on (`key.move-down = j` leaves ↓ doing nothing). One key bound to two actions
/// on the same screen is a clash, named at start; the defaults alone never clash. Ctrl-C is not
/// in the map at all: it always quits, so nobody is ever trapped by a binding.
public struct Keymap: Sendable, Equatable {
    /// The screens with keys of their own. The add-coin search is not among them: it is a text
    /// field, where keys are text (its arrows, Enter and Esc are the field's).
    public enum Screen: String, Sendable, Hashable, CaseIterable {
        case toplist, news, article, live, coin, holdings, alerts, compare

        /// "the toplist", "the news list": for messages.
        public var inWords: String {
            switch self {
            case .toplist: "the toplist"
            case .news: "the news list"
            case .article: "an article"
            case .live: "the live detail"
            case .coin: "a coin's detail"
            case .holdings: "the holdings"
            case .alerts: "the alerts screen"
            case .compare: "the compare screen"
            }
        }
    }

    /// Two actions one key stands for on some screens: a clash.
    public struct Clash: Sendable, Equatable {
        /// The key.
        public var key: KeyName
        /// The two actions, in the order of the screen's list.
        public var actions: [ViewAction]
        /// Where they clash.
        public var screens: [Screen]
    }

    /// Each screen's actions with their keys, in the order the help lists them.
    private var lists: [Screen: [(action: ViewAction, keys: [KeyName])]]
    /// The same, by key, for the lookups of every key press.
    private var lookup: [Screen: [KeyName: ViewAction]]
    /// The actions a setting bound, with their keys (the rest keep their defaults).
    public private(set) var bound: [ViewAction: [KeyName]]

    /// The default keys: the view as it has always been.
    public static let standard = build([:]).keymap

    /// The defaults with `bindings` in place of their actions' default keys, and the clashes: each
    /// key left standing for two actions on one screen, once per key and pair with every screen it
    /// clashes on. With clashes the map is not to be used (the first action listed kept the key).
    public static func build(_ bindings: [ViewAction: [KeyName]]) -> (keymap: Keymap, clashes: [Clash]) {
        var lists: [Screen: [(action: ViewAction, keys: [KeyName])]] = [:]
        var lookup: [Screen: [KeyName: ViewAction]] = [:]
        var clashes: [Clash] = []
        for screen in Screen.allCases {
            var list: [(action: ViewAction, keys: [KeyName])] = []
            var map: [KeyName: ViewAction] = [:]
            for (action, defaultKeys) in defaults(for: screen) + everyScreen {
                var keys: [KeyName] = []
                for key in bindings[action] ?? defaultKeys where !keys.contains(key) { keys.append(key) }
                for key in keys {
                    guard let other = map[key] else {
                        map[key] = action
                        continue
                    }
                    if let index = clashes.firstIndex(where: { $0.key == key && $0.actions == [other, action] }) {
                        clashes[index].screens.append(screen)
                    } else {
                        clashes.append(Clash(key: key, actions: [other, action], screens: [screen]))
                    }
                }
                list.append((action, keys))
            }
            lists[screen] = list
            lookup[screen] = map
        }
        let bound = bindings.filter { action, _ in lists.values.contains { $0.contains { $0.action == action } } }
        return (Keymap(lists: lists, lookup: lookup, bound: bound), clashes)
    }

    private init(lists: [Screen: [(action: ViewAction, keys: [KeyName])]], lookup: [Screen: [KeyName: ViewAction]], bound: [ViewAction: [KeyName]]) {
        self.lists = lists
        self.lookup = lookup
        self.bound = bound
    }

    /// The action `key` stands for on `screen`, if any.
    public func action(for key: KeyName, on screen: Screen) -> ViewAction? {
        lookup[screen]?[key]
    }

    /// The keys of `action` on `screen`, in the order given (none when it does not live there).
    public func keys(for action: ViewAction, on screen: Screen) -> [KeyName] {
        lists[screen]?.first { $0.action == action }?.keys ?? []
    }

    /// The action of a key that works on every screen (help, quit, suspend, repaint), if it is one.
    public func everyScreenAction(for key: KeyName) -> ViewAction? {
        guard let action = lookup[.toplist]?[key], ViewAction.everyScreen.contains(action) else { return nil }
        return action
    }

    /// Every action, with its keys in force and the screens it lives on, in the order of the
    /// screens' lists: what `lacripta config` shows.
    public var allBindings: [(action: ViewAction, keys: [KeyName])] {
        var seen: Set<ViewAction> = []
        var result: [(action: ViewAction, keys: [KeyName])] = []
        for screen in Screen.allCases {
            for entry in lists[screen] ?? [] where seen.insert(entry.action).inserted {
                result.append(entry)
            }
        }
        return result
    }

    public static func == (lhs: Keymap, rhs: Keymap) -> Bool {
        lhs.lookup == rhs.lookup && lhs.bound == rhs.bound
    }
}

extension Keymap: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(lookup)
        hasher.combine(bound)
    }
}
