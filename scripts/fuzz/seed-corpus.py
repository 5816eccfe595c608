#!/usr/bin/env python3
"""Writes the seed inputs of every fuzz target into FuzzTesting/Corpus/<target>/.

Seeds come from the recorded wire data in Resources/recorded/ (trimmed so the fuzzer's inputs
stay small) and from hand-made inputs that reach each parser's branches (frames of every kind,
chunked HTTP, escape sequences, store files). Each seed is named `seed-<what>`; inputs the
fuzzers found are added beside them as `crash-<what>` or `found-<hash>` and are never rewritten
here. Run from the repository root; it only adds or overwrites `seed-*` files.
"""
import json
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REC = os.path.join(ROOT, "Resources", "recorded")
OUT = os.path.join(ROOT, "FuzzTesting", "Corpus")
# Keeps seeds (and so the fuzzers' default -max_len) small.
MAX_SEED = 6000


def write(target, name, data):
    folder = os.path.join(OUT, target)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(folder, "seed-" + name), "wb") as f:
        f.write(data[:MAX_SEED])


def shrink(value):
    """Keeps at most three elements of every JSON array, so a long recorded body stays valid JSON."""
    if isinstance(value, list):
        return [shrink(v) for v in value[:3]]
    if isinstance(value, dict):
        return {k: shrink(v) for k, v in value.items()}
    return value


def recorded(name):
    with open(os.path.join(REC, name), "rb") as f:
        data = f.read()
    if name.endswith(".json") and len(data) > MAX_SEED:
        data = json.dumps(shrink(json.loads(data)), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return data


def lines(name, count):
    return b"\n".join(recorded(name).split(b"\n")[:count]) + b"\n"


def frame(opcode, payload, fin=True, mask=None, rsv=0):
    first = (0x80 if fin else 0) | rsv | opcode
    n = len(payload)
    mbit = 0x80 if mask else 0
    if n < 126:
        head = bytes([first, mbit | n])
    elif n < 65536:
        head = bytes([first, mbit | 126]) + struct.pack(">H", n)
    else:
        head = bytes([first, mbit | 127]) + struct.pack(">Q", n)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        head += bytes(mask)
    return head + payload


def websocket():
    msg = lines("stream-session-btc-eth.jsonl", 1).strip()
    write("websocket-frames", "text", frame(1, b"Hello"))
    write("websocket-frames", "streamer-messages", frame(1, msg) + frame(1, msg))
    write("websocket-frames", "fragmented", frame(1, b"Hel", fin=False) + frame(9, b"ping") + frame(0, b"lo \xe2\x82", fin=False) + frame(0, b"\xac"))
    write("websocket-frames", "controls", frame(9, b"") + frame(10, b"pong") + frame(8, struct.pack(">H", 1000) + b"bye"))
    write("websocket-frames", "len16", frame(2, bytes(range(256)) * 2))
    write("websocket-frames", "len64", bytes([0x82, 127]) + struct.pack(">Q", 3) + b"abc")
    write("websocket-frames", "masked", frame(1, b"masked", mask=[1, 2, 3, 4]))
    write("websocket-frames", "reserved", frame(1, b"x", rsv=0x40) + frame(3, b""))
    write("websocket-frames", "bad-utf8", frame(1, b"\xed\xa0\x80") + frame(1, b"\xf4\x90\x80\x80"))
    accept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
    ok = ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          "Sec-WebSocket-Accept: %s\r\n\r\n" % accept)
    write("websocket-handshake", "accepted", ok)
    write("websocket-handshake", "accepted-then-frame", ok.encode() + frame(1, b"{}"))
    write("websocket-handshake", "extension", ok[:-2] + "Sec-WebSocket-Extensions: permessage-deflate\r\n\r\n")
    write("websocket-handshake", "rejected", "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 30\r\n\r\n")
    write("websocket-handshake", "wrong-accept", ok.replace(accept, "AAAA"))


def http():
    body = recorded("price-btc-usd-eur.json")
    write("http-response", "content-length", b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
    chunks = b"".join(b"%x\r\n" % len(c) + c + b"\r\n" for c in (body[:10], body[10:])) + b"0\r\nX-Trailer: 1\r\n\r\n"
    write("http-response", "chunked", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks)
    write("http-response", "until-end", b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n" + recorded("coingecko-error-cloudflare.html"))
    write("http-response", "early-hints", b"HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 304 Not Modified\r\nETag: \"x\"\r\n\r\n")
    write("http-response", "redirect", b"HTTP/1.1 301 Moved\r\nLocation: https://example.com/\r\nContent-Length: 0\r\n\r\n")
    write("http-response", "gzip", b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\nab")
    write("http-response", "lengths-disagree", b"HTTP/1.1 200 OK\r\nContent-Length: 3, 4\r\n\r\nabcd")


def streamer():
    write("streamer", "session", lines("stream-session-btc-eth.jsonl", 25))
    write("streamer", "errors", recorded("stream-errors.jsonl"))
    for i, text in enumerate(["0", "-0", "1.5e10", "0.1", "123456789012345678901234", "1e-400", "9007199254740993",
                              "-1.7976931348623157e308", "2.2250738585072014e-308", "17165.16", "1E+2", "-12.50000000001"]):
        write("json-number", "n%02d" % i, text)


def rest():
    for name in ["toplist-verbatim-2021-1item.json", "news-eth.json", "pricemultifull.json", "histoday-btc-30.json",
                 "price-btc-usd-eur.json", "stats-rate-limit.json", "error-auth-401-2026.json", "error-ratelimit.json",
                 "error-invalid-symbol.json", "error-path-not-exist.json", "news-categories.json"]:
        write("rest-cryptocompare", name.replace(".json", ""), recorded(name))
    write("rest-cryptocompare", "coinlist", '{"Response":"Success","Data":{"BTC":{"Id":"1182","Symbol":"BTC","CoinName":"Bitcoin","FullName":"Bitcoin (BTC)","SortOrder":"1"}}}')
    for name in sorted(os.listdir(REC)):
        if name.startswith("coingecko-") and name != "coingecko-markets-usd-50.json":
            write("rest-coingecko", name.replace("coingecko-", "").rsplit(".", 1)[0], recorded(name))


def feeds():
    for name in sorted(os.listdir(REC)):
        if name.endswith(".xml") and name.startswith("feed-"):
            write("feed-reader", name.replace(".xml", ""), recorded(name))
    write("feed-reader", "doctype", '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaa">]><rss><channel><item><title>&a;</title></item></channel></rss>')
    # Declared encodings (issue 23: a UTF-7 feed hid a DOCTYPE from the ASCII prolog check) and
    # internal subsets of every declaration kind, some of which crash FoundationXML if parsed.
    item = "<rss><channel><item><title>&a;</title><link>https://example.com/a</link></item></channel></rss>"
    write("feed-reader", "encoding-utf7-doctype", '<?xml version="1.0" encoding="utf-7"?><!-- +AC0ALQA+- <!DOCTYPE rss [<!ENTITY a "x">]>' + item + "\n-->\n<rss/>")
    write("feed-reader", "encoding-utf16-declared", '<?xml version="1.0" encoding="UTF-16"?>' + item)
    write("feed-reader", "encoding-ebcdic-declared", '<?xml version="1.0" encoding="IBM037"?>' + item)
    write("feed-reader", "encoding-latin1", b'<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>\n<rss><channel><item><title>caf\xe9</title></item></channel></rss>')
    write("feed-reader", "encoding-bom-latin1", b'\xef\xbb\xbf<?xml version="1.0" encoding="latin1"?><rss/>')
    write("feed-reader", "encoding-padded-declaration", '<?xml version="1.0"' + " " * 300 + 'encoding="utf-7"?>' + item)
    write("feed-reader", "encoding-duplicate", '<?xml version="1.0" encoding="utf-8" encoding="utf-7"?>' + item)
    for kind, declaration in [
        ("element", "<!ELEMENT rss ANY>"),
        ("attlist-implied", "<!ATTLIST rss version CDATA #IMPLIED>"),
        ("notation-system", '<!NOTATION gif SYSTEM "image/gif">'),
        ("unparsed-entity", '<!NOTATION gif PUBLIC "p" "s"><!ENTITY pic PUBLIC "a" "p.gif" NDATA gif>'),
        ("parameter-entity", '<!ENTITY % p "<!ENTITY a \'x\'>"> %p;'),
    ]:
        write("feed-reader", "internal-subset-" + kind, '<?xml version="1.0"?><!DOCTYPE rss [' + declaration + "]>" + item)
    write("feed-reader", "doctype-external", '<?xml version="1.0"?>\n<!DOCTYPE rss SYSTEM "rss.dtd">\n<!-- c --><?pi x?>\n' + item.replace("&a;", "t"))
    htmls = {
        "paragraphs": "<p>Bitcoin <b>rose</b> 5%&nbsp;today.</p><p>Ether &amp; friends followed.</p>",
        "list": "<ul><li>one</li><li>two &#x1F600;</li></ul><br/>end",
        "script": "before<script>alert('x')</script>after<style>p{}</style><!-- note -->",
        "unclosed": "a < b and <!-- never closed <p>text",
        "entities": "&lt;tag&gt; &quot;q&quot; &#27;[31m red &#8238;rtl &unknown; &#0; &#xD800;",
        "crlf": "line one\r\nline two\r\r\n\t spaced   out \n\n\n\nlast",
    }
    for name, text in htmls.items():
        write("html-text", name, text)


def exchanges():
    for ex in ["coinbase", "kraken", "bitstamp", "bitfinex", "binance", "okx", "gemini", "cex"]:
        data = recorded(os.path.join("exchanges", ex + ".jsonl"))
        rows = data.split(b"\n")
        for i in range(0, len(rows), 6):
            chunk = b"\n".join(rows[i:i + 6]).strip()
            if chunk:
                write("exchange-" + ex, "recorded-%02d" % (i // 6), chunk + b"\n")


def terminal():
    keys = {
        "arrows": b"\x1b[A\x1b[B\x1bOC\x1b[1;5D",
        "home-end": b"\x1b[H\x1b[F\x1b[1~\x1b[4~\x1b[7~\x1b[8~\x1b[5~\x1b[6~\x1b[2~\x1b[3~",
        "function": b"\x1bOP\x1b[15~\x1b[24~",
        "text": "q/€ü日本\r\n\t\x7f\x08\x03".encode(),
        "paste": b"\x1b[200~pasted \x1b[A text\x1b[201~x",
        "lone-escape": b"\x1b",
        "garbage": b"\x1b[" + b"1;" * 20 + b"\xff\xfe\xc3",
        "backtab": b"\x1b[Z\x1b\x1b[A",
    }
    for name, data in keys.items():
        write("key-parser", name, data)
    texts = {
        "csi": "price \x1b[31mred\x1b[0m \x1b]0;title\x07 done",
        "c1": "a\u009b31mb\u0090dcs\u009c\u0085c",
        "bidi": "abc\u202eevil\u202c \u2066iso\u2069 \u200f",
        "emoji": "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F 👨‍👩‍👧 e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301",
        "lines": "one\r\ntwo\rthree\n\tfour\u2028five",
        "osc-unterminated": "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ \x1bP unterminated",
    }
    for name, text in texts.items():
        write("sanitizer", name, text)


def files():
    write("config-file", "readme", "# ~/.config/lacripta/config\napi_key = your-key-here\ncurrency = EUR   # prices in euros\n")
    write("config-file", "quoted", 'currency = "usd"\r\ntimeout = 30\nsource = coingecko\nnews_feeds = "https://a.example/rss, https://b.example/atom"\nhide_amounts = yes\n')
    write("config-file", "bad", "api_key\n= value\nunknown_key = 1\ncurrency = 'EUR\n")
    write("store-files", "favorites", "# lacripta favourites: one coin symbol per line, in the order shown.\nversion 1\nBTC\nETH\n  # indented comment\n\nsol\n")
    write("store-files", "holdings", "# holdings\r\nversion 1\r\nBTC 0.5 30000 USD\r\nETH 2\r\nBTC 1.25\n")
    write("store-files", "alerts", "version 1\n1 BTC USD above 100000 armed\n2 ETH USD move 5 1h repeat armed 2026-11-24T10:00:00Z note the hourly swing\n3 SOL EUR below 2.5 fired\n")
    write("store-files", "newer", "version 2\nBTC\n")
    args = ["top", "top\0--limit\0" "20\0--currency\0eur", "live\0BTC\0ETH\0--json\0--count\0" "5", "fav\0add\0BTC",
            "holdings\0set\0BTC\0" "0.5\0--cost\0" "30000", "help\0top", "--version", "news\0ethereum\0--limit=3",
            "alert\0add\0SOL\0move\0" "5\0--within\0" "24h", "tpo", "top\0--lmit\0" "3", "compare\0BTC/USD", "coin\0-h",
            # Each command's own checks of its values, and lines typed into the view's alert prompt.
            "alert\0add\0BTC\0above\0" "1e400", "news\0BTC\0--sort\0oldest\0--limit\0" "0", "coin\0BTC\0--days\0" "99999999999999999999",
            "compare\0ETH\0--exchanges\0kraken,nowhere\0--duration\0-1", "above 70000.5 repeat", "move 5 24h"]
    for i, text in enumerate(args):
        write("arguments", "a%02d" % i, text)


if __name__ == "__main__":
    websocket(); http(); streamer(); rest(); feeds(); exchanges(); terminal(); files()
    print("seeds written under", os.path.relpath(OUT, ROOT), file=sys.stderr)
