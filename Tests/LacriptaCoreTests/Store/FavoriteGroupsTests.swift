import Foundation
import Testing

@testable import LacriptaCore

/// Watchlist groups in the favourites file: today's file reads unchanged, groups are `[name]`
/// sections a person can edit, and the file says `version 2` once it has one.
@Suite("Favourite groups")
struct FavoriteGroupsTests {
    private func parse(_ text: String) throws -> Favorites { try Favorites(fileText: text, path: "favorites") }

    @Test("a file from before groups reads unchanged: every coin in the default group, written back byte for byte")
    func oldFile() throws {
        let text = "# mine\nversion 1\nBTC\n\nETH\n"
        let favorites = try parse(text)
        #expect(favorites.symbols == ["BTC", "ETH"])
        #expect(favorites.symbols(in: nil) == ["BTC", "ETH"])
        #expect(favorites.groups.isEmpty)
        #expect(favorites.fileText == text)
    }

    @Test("adding to a group starts its section at the end and marks the file version 2; the default group grows before the first section")
    func addToGroups() throws {
        var favorites = try parse("version 1\nBTC\n")
        let added = [
            favorites.add("dot", to: "Long-Term"), favorites.add("BTC", to: "long-term"), favorites.add("DOT", to: "long-term"),
            favorites.add("SOL"), favorites.add("ETH", to: "trading"), favorites.add("ADA", to: "long-term"),
        ]
        // A coin may be in several groups, but once in each.
        #expect(added == [true, true, false, true, true, true])
        #expect(favorites.fileText == "version 2\nBTC\nSOL\n[long-term]\nDOT\nBTC\nADA\n[trading]\nETH\n")
        #expect(favorites.groups == ["long-term", "trading"])
        #expect(favorites.symbols(in: "long-term") == ["DOT", "BTC", "ADA"])
        #expect(favorites.symbols(in: nil) == ["BTC", "SOL"])
        #expect(favorites.symbols == ["BTC", "SOL", "DOT", "ADA", "ETH"])
        #expect(try parse(favorites.fileText) == favorites)
    }

    @Test("a comment that ends a section stays above the next one when a coin is added to the first")
    func commentsStay() throws {
        var favorites = try parse("version 2\nBTC\n# the long run\n[long-term]\nDOT\n")
        favorites.add("ETH")
        #expect(favorites.fileText == "version 2\nBTC\nETH\n# the long run\n[long-term]\nDOT\n")
    }

    @Test("removing from one group leaves the others; removing without a group unstars everywhere")
    func removal() throws {
        var favorites = try parse("version 2\nBTC\n[long-term]\nBTC\nDOT\n")
        let fromGroup = favorites.remove("BTC", fromGroup: "long-term")
        #expect(fromGroup)
        #expect(favorites.symbols(in: nil) == ["BTC"] && favorites.symbols(in: "long-term") == ["DOT"])
        let absent = favorites.remove("ETH", fromGroup: nil)
        let everywhere = favorites.remove("dot")
        #expect(!absent && everywhere)
        #expect(favorites.symbols == ["BTC"] && favorites.groups == ["long-term"])
    }

    @Test(
        "a group line that is not a name is refused with its line; a newer version too",
        arguments: [
            ("version 2\n[]\n", "line 2: expected a group such as [long-term]"),
            ("version 2\n[two words]\n", "line 2: expected a group such as [long-term]"),
            ("version 2\n[default]\n", "line 2: expected a group such as [long-term]"),
            ("version 2\n[open\n", "line 2: expected a group such as [long-term]"),
            ("version 3\nBTC\n", "line 1: written by a newer lacripta (version 3)"),
        ])
    func refused(text: String, message: String) throws {
        do {
            _ = try parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect((error as? LacriptaError)?.userMessage.contains(message) == true)
        }
    }

    @Test("group names: letters, digits, - and _, lower-cased; 'default' names the default group")
    func names() {
        #expect(Favorites.groupName(" Long-Term ") == "long-term")
        #expect(Favorites.groupName("defi_2") == "defi_2")
        #expect(Favorites.groupName("default") == nil && Favorites.groupName("a b") == nil && Favorites.groupName("") == nil)
        #expect(Favorites.groupName(String(repeating: "a", count: 33)) == nil)
    }
}
