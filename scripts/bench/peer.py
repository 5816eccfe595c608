"""The Python peer of `make bench`: the same work as `lacripta live BTC ETH --json --count N`.

Receives the streamer's messages with the `websockets` package (asyncio client), parses each with
json.loads, merges partial updates into per-pair state, and writes one JSON line per update with
the fields lacripta prints. Usage: peer.py WS_URL COUNT  (stdout: NDJSON, normally /dev/null)
"""
import asyncio
import json
import sys

from websockets.asyncio.client import connect

SUBSCRIBE = json.dumps({"action": "SubAdd", "subs": ["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~USD"]})


def direction(flags, old, new):
    if flags & 1:
        return "up"
    if flags & 2:
        return "down"
    if flags & 4:
        return "unchanged"
    if old is not None and new is not None:
        return "up" if new > old else "down" if new < old else "unchanged"
    return "unchanged"


async def main(url, count):
    out = sys.stdout
    pairs = {}
    written = 0
    async with connect(url, max_size=None, compression=None) as socket:
        await socket.send(SUBSCRIBE)
        async for raw in socket:
            message = json.loads(raw)
            if message.get("TYPE") not in ("5", "2"):
                continue
            key = (message["MARKET"], message["FROMSYMBOL"], message["TOSYMBOL"])
            state = pairs.setdefault(key, {})
            old_price = state.get("PRICE")
            state.update(message)  # partial update: absent fields keep their value
            flags = int(message.get("FLAGS", 0))
            price = state.get("PRICE")
            open_day = state.get("OPENDAY")
            change = percent = None
            if price is not None and open_day:
                change = price - open_day
                percent = change / open_day * 100
            out.write(json.dumps({
                "symbol": key[1], "currency": key[2], "market": key[0], "price": price,
                "direction": direction(flags, old_price, message.get("PRICE")), "flags": flags,
                "lastUpdate": state.get("LASTUPDATE"), "open": open_day, "high": state.get("HIGHDAY"),
                "low": state.get("LOWDAY"), "change": change, "changePercent": percent,
                "volumeDay": state.get("VOLUMEDAY"), "volume24h": state.get("VOLUME24HOUR"),
            }))
            out.write("\n")
            written += 1
            if written >= count:
                break
    out.flush()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
