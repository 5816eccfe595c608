import LacriptaCore
import Testing

@Suite struct HTMLEntitiesTests {
    @Test(arguments: [
        ("Fish &amp; Chips", "Fish & Chips"),
        ("&lt;b&gt; &quot;quoted&quot; &apos;single&apos;", "<b> \"quoted\" 'single'"),
        ("a&nbsp;b", "a\u{00A0}b"),
        ("Wait&hellip;", "Wait…"),
        ("&lsquo;x&rsquo; &ldquo;y&rdquo;", "‘x’ “y”"),
        ("1&ndash;2 &mdash; end", "1–2 — end"),
        ("&euro;5 &pound;3 &copy; &trade; &eacute;t&eacute;", "€5 £3 © ™ été"),
    ])
    func namedEntities(input: String, expected: String) {
        #expect(HTMLEntities.decode(input) == expected)
    }

    @Test(arguments: [
        ("It&#8217;s", "It’s"),
        ("It&#x2019;s", "It’s"),
        ("It&#X2019;s", "It’s"),
        ("A&#038;B", "A&B"),
        ("rocket &#128640;", "rocket 🚀"),
        ("en&#150;dash &#147;cp1252&#148;", "en–dash “cp1252”"),
        ("nul&#0;", "nul\u{FFFD}"),
        ("surrogate&#xD800;", "surrogate\u{FFFD}"),
    ])
    func numericEntities(input: String, expected: String) {
        #expect(HTMLEntities.decode(input) == expected)
    }

    @Test(arguments: [
        "AT&T", "&", "&;", "&amp", "&unknown;", "&#;", "&#x;", "&#xZZ;", "&#12a;", "&#+5;",
        "&#1114112;", "&#99999999999999999999;", "&#x110000;", "tom & jerry; friends",
        "&#x１２;",
    ])
    func malformedReferencesAreLeftAsWritten(input: String) {
        #expect(HTMLEntities.decode(input) == input)
    }

    @Test func decodingIsSinglePass() {
        #expect(HTMLEntities.decode("&amp;lt;") == "&lt;")
    }

    @Test func decodedControlsAreLeftForTheSanitizer() {
        // Core decodes; the terminal layer's Sanitizer removes these before display (ArticleTextTests).
        #expect(HTMLEntities.decode("x&#27;[2Jy&#x202E;z") == "x\u{1B}[2Jy\u{202E}z")
    }
}

@Suite struct HTMLTextTests {
    @Test func paragraphsAndBreaksBecomeLines() {
        let html = "<p>First paragraph.</p><p>Second<br>line two<br/>line three</p>"
        #expect(HTMLText.plainText(fromHTML: html) == "First paragraph.\n\nSecond\nline two\nline three")
    }

    @Test func listsLinksAndAttributes() {
        let html = #"<ul><li>One</li><li><a href="https://x.test/?a=1&amp;b=2" title="a > b">Two</a></li></ul>"#
        #expect(HTMLText.plainText(fromHTML: html) == "• One\n• Two")
    }

    @Test func scriptsStylesAndCommentsVanish() {
        let html = "<style>p{color:red}</style>Hi<!-- hidden --><script>alert('<b>x</b>')</script> there<SCRIPT>bad()</SCRIPT>"
        #expect(HTMLText.plainText(fromHTML: html) == "Hi there")
    }

    @Test func textThatOnlyLooksLikeMarkupStays() {
        #expect(HTMLText.plainText(fromHTML: "a < b and 3<4 and <") == "a < b and 3<4 and <")
        #expect(HTMLText.stripTags("x <unclosed") == "x <unclosed")
        #expect(HTMLText.stripTags("<!-- never closed") == "<!-- never closed")
        #expect(HTMLText.stripTags(#"<a title=don't>ok</a>"#) == "ok")
    }

    @Test func anUnclosedScriptHidesTheRestAsInABrowser() {
        #expect(HTMLText.stripTags("Hi <script>steal() and more <b>text</b>") == "Hi ")
        #expect(HTMLText.stripTags("<p>a</p><style>x</style>b<style>never closed") == "\n\na\n\nb")
    }

    @Test func hostileRepetitionsEndWithTheRightText() {
        // Each of these once rescanned the rest of the body for every "<": quadratic, minutes
        // for a large body. They must now come out right (a hang would fail the run).
        let comments = String(repeating: "<!--", count: 50_000) + "tail"
        #expect(HTMLText.stripTags(comments) == comments)
        let scripts = "head" + String(repeating: "<script>", count: 50_000)
        #expect(HTMLText.stripTags(scripts) == "head")
        let opens = String(repeating: "<a", count: 50_000)
        #expect(HTMLText.stripTags(opens) == opens)
        let quotes = String(repeating: "<a x=\"", count: 20_000) + "\">end"
        #expect(HTMLText.stripTags(quotes).hasSuffix("end"))
        #expect(HTMLText.stripTags("<a title=\"x < y\">kept</a> 1 <b 2 <i>3</i>") == "kept 1 <b 2 3")
    }

    @Test func entitiesDecodeAfterTagsAreGone() {
        #expect(HTMLText.plainText(fromHTML: "&lt;p&gt; is a tag &amp; more") == "<p> is a tag & more")
    }

    @Test func sourceLineBreaksAreKeptAndWhitespaceTidied() {
        let body = "  Bitcoin   rose.\r\n\r\n\r\n\r\nAnalysts\tsaid&#8230;  \n"
        #expect(HTMLText.plainText(fromHTML: body) == "Bitcoin rose.\n\nAnalysts said…")
    }

    @Test func descriptionsFromFeeds() {
        // Cointelegraph: a floated image paragraph before the text (§2.2 of the keyless reference).
        let cointelegraph =
            #"<p style="float:right; margin:0 0 10px 15px; width:240px;"><img src="https://s3-images.ctmedia.io/x.jpg"></p><p>Need to know what happened in crypto today?</p>"#
        #expect(HTMLText.plainText(fromHTML: cointelegraph) == "Need to know what happened in crypto today?")
        // The Block: CDATA with leading and trailing newlines and indentation.
        let theBlock = "\n            <p>Built on Hyperliquid, Trasia was co-founded.</p>\n        "
        #expect(HTMLText.plainText(fromHTML: theBlock) == "Built on Hyperliquid, Trasia was co-founded.")
        // Google News: the XML layer already decoded once, leaving `&nbsp;` for the HTML layer.
        #expect(HTMLText.plainText(fromHTML: #"<a href="x">Toncoin Jumps</a>&nbsp;CoinMarketCap"#) == "Toncoin Jumps\u{A0}CoinMarketCap")
    }

    @Test func tabsAndCarriageReturnsAreWhitespace() {
        #expect(HTMLText.normalizeWhitespace("a\t\tb\r\nc\rd") == "a b\nc\nd")
    }

    @Test func controlsSurviveForTheSanitizer() {
        let html = "<p>\u{1B}]0;owned\u{07}Title&#27;[2J</p>"
        #expect(HTMLText.plainText(fromHTML: html) == "\u{1B}]0;owned\u{07}Title\u{1B}[2J")
    }
}
