import TeletypeLayout

/// The basic catalog's icon names as symbols a terminal can draw.
enum A2UIIcons {
    static func glyph(_ name: String) -> String {
        let key = name.lowercased().replacing("_", with: "").replacing("-", with: "")
        return known[key] ?? "[" + TerminalSafeText.sanitize(name) + "]"
    }

    static let known: [String: String] = [
        "accountcircle": "◉", "add": "+", "arrowback": "←", "arrowforward": "→", "attachfile": "⎘",
        "calendartoday": "▦",
        "call": "☎", "camera": "◎", "check": "✓", "close": "✕", "delete": "⌫", "download": "⤓", "edit": "✎",
        "event": "▦", "error": "⚠", "favorite": "♥", "favoriteoff": "♡", "folder": "▤", "help": "?", "home": "⌂",
        "info": "ℹ", "locationon": "⌖", "lock": "⚿", "lockopen": "⚿", "mail": "✉", "menu": "≡", "morevert": "⋮",
        "morehoriz": "⋯", "notificationsoff": "🔕", "notifications": "🔔", "payment": "▭", "person": "◉", "phone": "☎",
        "photo": "▣", "print": "⎙", "refresh": "↻", "search": "⌕", "send": "➤", "settings": "⚙", "share": "↗",
        "shoppingcart": "⊞", "star": "★", "starhalf": "⯪", "staroff": "☆", "upload": "⤒", "visibility": "◉",
        "visibilityoff": "◌", "warning": "⚠", "play": "▶", "pause": "⏸", "skipnext": "⏭", "skipprevious": "⏮",
        "stop": "■", "flight": "✈", "restaurant": "🍴", "musicnote": "♪", "schedule": "◷", "timer": "◷",
        "trendingup": "↗", "trendingdown": "↘", "thumbup": "👍", "thumbdown": "👎", "cloud": "☁", "sunny": "☀",
        "wbsunny": "☀", "rain": "☂", "ac": "❄", "fastfood": "🍔", "localcafe": "☕", "fitnesscenter": "🏋",
        "directionsrun": "🏃", "checkcircle": "✔", "cancel": "✖", "shoppingbag": "🛍", "person2": "◉", "group": "◎",
    ]
}
