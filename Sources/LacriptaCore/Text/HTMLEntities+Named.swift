extension HTMLEntities {
    /// The named references news feeds actually use: markup, typography, currency, Latin-1 letters
    /// and a few arrows and maths signs (a subset of the 2,231 in the HTML spec).
    static let named: [String: String] = [
        // Markup
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
        // Spaces and invisible characters (the sanitizer later drops the invisible ones)
        "nbsp": "\u{A0}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}",
        "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}", "shy": "\u{AD}",
        // Punctuation and typography
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "sbquo": "‚",
        "ldquo": "“", "rdquo": "”", "bdquo": "„", "laquo": "«", "raquo": "»", "lsaquo": "‹",
        "rsaquo": "›", "bull": "•", "middot": "·", "dagger": "†", "Dagger": "‡", "prime": "′",
        "Prime": "″", "permil": "‰", "sect": "§", "para": "¶", "iexcl": "¡", "iquest": "¿",
        "copy": "©", "reg": "®", "trade": "™", "deg": "°", "micro": "µ", "brvbar": "¦",
        "uml": "¨", "acute": "´", "cedil": "¸", "macr": "¯", "ordf": "ª", "ordm": "º",
        "circ": "ˆ", "tilde": "˜", "oline": "‾", "frasl": "⁄",
        // Currency
        "cent": "¢", "pound": "£", "yen": "¥", "euro": "€", "curren": "¤",
        // Maths
        "plusmn": "±", "times": "×", "divide": "÷", "minus": "−", "not": "¬", "frac12": "½",
        "frac14": "¼", "frac34": "¾", "sup1": "¹", "sup2": "²", "sup3": "³", "le": "≤", "ge": "≥",
        "ne": "≠", "asymp": "≈", "infin": "∞", "sum": "∑", "radic": "√", "percnt": "%",
        // Arrows
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔",
        // Greek letters that show up in finance and science news
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "Delta": "Δ", "mu": "μ", "pi": "π",
        "sigma": "σ", "Sigma": "Σ", "Omega": "Ω",
        // Latin-1 letters
        "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Atilde": "Ã", "Auml": "Ä", "Aring": "Å",
        "AElig": "Æ", "Ccedil": "Ç", "Egrave": "È", "Eacute": "É", "Ecirc": "Ê", "Euml": "Ë",
        "Igrave": "Ì", "Iacute": "Í", "Icirc": "Î", "Iuml": "Ï", "ETH": "Ð", "Ntilde": "Ñ",
        "Ograve": "Ò", "Oacute": "Ó", "Ocirc": "Ô", "Otilde": "Õ", "Ouml": "Ö", "Oslash": "Ø",
        "Ugrave": "Ù", "Uacute": "Ú", "Ucirc": "Û", "Uuml": "Ü", "Yacute": "Ý", "THORN": "Þ",
        "szlig": "ß", "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã", "auml": "ä",
        "aring": "å", "aelig": "æ", "ccedil": "ç", "egrave": "è", "eacute": "é", "ecirc": "ê",
        "euml": "ë", "igrave": "ì", "iacute": "í", "icirc": "î", "iuml": "ï", "eth": "ð",
        "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ", "ouml": "ö",
        "oslash": "ø", "ugrave": "ù", "uacute": "ú", "ucirc": "û", "uuml": "ü", "yacute": "ý",
        "thorn": "þ", "yuml": "ÿ", "OElig": "Œ", "oelig": "œ", "Scaron": "Š", "scaron": "š",
        "Yuml": "Ÿ", "fnof": "ƒ",
    ]
}
