import Foundation

/// Builds a `/coins/{id}` body from a coin's `/coins/markets` item, for the coins whose detail
/// was never recorded.
///
/// The keys and their order are those of the recorded Ethereum body (reference §1.6); figures
/// that are amounts of money become maps keyed by every supported `vs_currency`, converted from
/// USD; percentage maps carry the USD figure for every currency (an approximation: the real ones
/// differ a little per currency). A window the item lacks (no hourly change for thin markets) is
/// left out, as recorded maps can lack entries; a null figure gives an empty map.
struct CoinGeckoDetailBuilder {
    let item: JSONValue
    let currencies: CoinGeckoCurrencies

    /// The whole body.
    var detail: JSONValue {
        let id = item["id"] ?? .null
        let image = item["image"]?.stringValue ?? ""
        return .object([
            member("id", id), member("symbol", item["symbol"]), member("name", item["name"]), member("web_slug", id),
            member("asset_platform_id", .null), member("platforms", .object([JSONValue.Member("", .string(""))])),
            member("detail_platforms", .object([])), member("block_time_in_minutes", .number("0")),
            member("hashing_algorithm", .null), member("categories", .array([])), member("preview_listing", .bool(false)),
            member("public_notice", .null), member("additional_notices", .array([])),
            member("description", .object([JSONValue.Member("en", .string(""))])),
            member("links", .object([JSONValue.Member("homepage", .array([.string(""), .string(""), .string("")]))])),
            member(
                "image",
                .object(
                    ["thumb", "small", "large"].map { JSONValue.Member($0, .string(image.replacingOccurrences(of: "/large/", with: "/\($0)/"))) })),
            member("country_origin", .string("")), member("genesis_date", .null),
            member("market_cap_rank", item["market_cap_rank"]), member("market_data", marketData),
            member("status_updates", .array([])), member("last_updated", item["last_updated"]),
        ])
    }

    /// `market_data`, in the recorded key order.
    private var marketData: JSONValue {
        var members = [
            member("current_price", money("current_price")), member("total_value_locked", .null),
            member("mcap_to_tvl_ratio", .null), member("fdv_to_tvl_ratio", .null), member("roi", item["roi"]),
            member("ath", money("ath")), member("ath_change_percentage", percent(item["ath_change_percentage"])),
            member("ath_date", same(item["ath_date"])), member("atl", money("atl")),
            member("atl_change_percentage", percent(item["atl_change_percentage"])), member("atl_date", same(item["atl_date"])),
            member("market_cap", money("market_cap")), member("market_cap_rank", item["market_cap_rank"]),
            member("fully_diluted_valuation", money("fully_diluted_valuation")),
            member("total_volume", money("total_volume")), member("high_24h", money("high_24h")), member("low_24h", money("low_24h")),
            member("price_change_24h", item["price_change_24h"]), member("price_change_percentage_24h", item["price_change_percentage_24h"]),
        ]
        for window in ["7d", "14d", "30d", "200d", "1y"] {
            members.append(member("price_change_percentage_\(window)", change(over: window) ?? .null))
        }
        members += [
            member("market_cap_change_24h", item["market_cap_change_24h"]),
            member("market_cap_change_percentage_24h", item["market_cap_change_percentage_24h"]),
            member("price_change_24h_in_currency", money("price_change_24h")),
        ]
        for window in ["1h", "24h", "7d", "14d", "30d", "200d", "1y"] {
            guard let value = change(over: window) else { continue }
            members.append(member("price_change_percentage_\(window)_in_currency", percent(value)))
        }
        members += [
            member("market_cap_change_24h_in_currency", money("market_cap_change_24h")),
            member("market_cap_change_percentage_24h_in_currency", percent(item["market_cap_change_percentage_24h"])),
            member("total_supply", item["total_supply"]), member("max_supply", item["max_supply"]),
            member("circulating_supply", item["circulating_supply"]), member("last_updated", item["last_updated"]),
        ]
        return .object(members)
    }

    /// The item's change over `window`, when it has the key.
    private func change(over window: String) -> JSONValue? {
        item["price_change_percentage_\(window)_in_currency"]
    }

    /// `{code: usd × rate}` for every supported currency; empty when the figure is null.
    private func money(_ key: String) -> JSONValue {
        guard let usd = item[key]?.doubleValue else { return .object([]) }
        return .object(
            currencies.codes.compactMap { code in
                currencies.unitsPerUSD(of: code).map { JSONValue.Member(code, code == "usd" ? item[key] ?? .null : .number(usd * $0)) }
            })
    }

    /// `{code: value}` for every supported currency; empty when the figure is null.
    private func percent(_ value: JSONValue?) -> JSONValue {
        guard let value, value != .null else { return .object([]) }
        return same(value)
    }

    /// `{code: value}` for every supported currency.
    private func same(_ value: JSONValue?) -> JSONValue {
        .object(currencies.codes.map { JSONValue.Member($0, value ?? .null) })
    }

    private func member(_ key: String, _ value: JSONValue?) -> JSONValue.Member {
        JSONValue.Member(key, value ?? .null)
    }
}
