import TeletypeLayout

/// The basic catalog's formatting functions, in English: numbers with grouping, currencies, and
/// dates by Unicode (TR35) patterns — computed here, the same on every machine.
enum A2UIFormat {
    /// `1234.5` as `1,234.5` (with `decimals`, exactly that many).
    static func number(_ value: Double, decimals: Int?, grouping: Bool) -> String {
        guard value.isFinite else { return String(value) }
        let places = decimals.map { min(max($0, 0), 10) }
        let negative = value < 0
        var magnitude = abs(value)
        var fraction = ""
        let scale = pow10(places ?? 6)
        // Rounded to the places shown, unless scaling overflows (then no fraction is left to round).
        if (magnitude * scale).isFinite { magnitude = (magnitude * scale).rounded() / scale }
        var whole = magnitude.rounded(.towardZero)
        var remainder = magnitude - whole
        if let places, places > 0 {
            var digits = ""
            for _ in 0..<places {
                remainder *= 10
                var digit = Int(remainder.rounded(.towardZero))
                if digit > 9 { digit = 9 }
                digits += String(digit)
                remainder -= Double(digit)
            }
            fraction = "." + digits
        } else if places == nil, remainder > 1e-9 {
            var digits = ""
            for _ in 0..<6 where remainder > 1e-9 {
                remainder *= 10
                let digit = min(Int((remainder + 1e-9).rounded(.towardZero)), 9)
                digits += String(digit)
                remainder -= Double(digit)
            }
            while digits.hasSuffix("0") { digits.removeLast() }
            if !digits.isEmpty { fraction = "." + digits }
        }
        if whole >= 1e18 { return (negative ? "-" : "") + String(magnitude) }
        var integer = String(Int64(whole))
        if grouping {
            var grouped = ""
            for (offset, character) in integer.reversed().enumerated() {
                if offset > 0 && offset % 3 == 0 { grouped.append(",") }
                grouped.append(character)
            }
            integer = String(grouped.reversed())
        }
        whole = 0
        return (negative ? "-" : "") + integer + fraction
    }

    static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// `value` in `code`'s currency: `$1,234.50`, `€9.99`, `¥1,200`, `CHF 12.00`.
    static func currency(_ value: Double, code: String, decimals: Int?) -> String {
        let upper = code.uppercased()
        let symbols: [String: String] = [
            "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "¥", "INR": "₹", "KRW": "₩", "CAD": "CA$",
            "AUD": "A$", "BRL": "R$", "MXN": "MX$",
        ]
        let places = decimals ?? (["JPY", "KRW"].contains(upper) ? 0 : 2)
        let amount = number(abs(value), decimals: places, grouping: true)
        let sign = value < 0 ? "-" : ""
        if let symbol = symbols[upper] { return sign + symbol + amount }
        return sign + upper + " " + amount
    }

    // MARK: Dates

    /// A date and time read from ISO 8601 (`2025-12-15`, `2025-12-15T14:30:00Z`, with an offset or
    /// fractions of a second), in the time it was written in.
    struct Moment {
        var year: Int, month: Int, day: Int, hour = 0, minute = 0, second = 0

        /// The day of the week, 0 for Sunday.
        var weekday: Int {
            // Days from 1970-01-01 (a Thursday), by the civil calendar.
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            return ((days % 7) + 11) % 7
        }
    }

    static func moment(_ text: String) -> Moment? {
        let characters = Array(text.trimmingCharacters)
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= characters.count else { return nil }
            var value = 0
            for index in start..<start + count {
                guard let digit = characters[index].wholeNumberValue, characters[index].isASCII else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = digits(0, 4), characters.count >= 10, characters[4] == "-", characters[7] == "-",
            let month = digits(5, 2), let day = digits(8, 2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var moment = Moment(year: year, month: month, day: day)
        if characters.count >= 16, characters[10] == "T" || characters[10] == " ", characters[13] == ":",
            let hour = digits(11, 2), let minute = digits(14, 2), hour < 24, minute < 60
        {
            moment.hour = hour
            moment.minute = minute
            if characters.count >= 19, characters[16] == ":", let second = digits(17, 2), second < 61 {
                moment.second = second
            }
        }
        return moment
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `text` (ISO 8601) by `pattern` (`EEEE, MMM d 'at' h:mm a`, `yyyy-MM-dd`, …); nil when it is
    /// not a date.
    static func date(_ text: String, pattern: String) -> String? {
        guard let moment = moment(text) else { return nil }
        guard !pattern.isEmpty else { return text }
        let characters = Array(pattern)
        var out = ""
        var index = 0
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                // Quoted text; `''` is a quote.
                var end = index + 1
                if end < characters.count, characters[end] == "'" {
                    out.append("'")
                    index += 2
                    continue
                }
                while end < characters.count, characters[end] != "'" {
                    out.append(characters[end])
                    end += 1
                }
                index = end + 1
                continue
            }
            guard character.isLetter, character.isASCII else {
                out.append(character)
                index += 1
                continue
            }
            var run = 1
            while index + run < characters.count, characters[index + run] == character { run += 1 }
            index += run
            switch character {
            case "y", "Y", "u": out += run == 2 ? two(moment.year % 100) : String(moment.year)
            case "M", "L":
                switch run {
                case 1: out += String(moment.month)
                case 2: out += two(moment.month)
                case 3: out += String(monthNames[moment.month - 1].prefix(3))
                default: out += monthNames[moment.month - 1]
                }
            case "d": out += run >= 2 ? two(moment.day) : String(moment.day)
            case "E", "c", "e":
                let name = dayNames[moment.weekday]
                out += run >= 4 ? name : String(name.prefix(3))
            case "H": out += run >= 2 ? two(moment.hour) : String(moment.hour)
            case "h":
                let hour = moment.hour % 12 == 0 ? 12 : moment.hour % 12
                out += run >= 2 ? two(hour) : String(hour)
            case "m": out += run >= 2 ? two(moment.minute) : String(moment.minute)
            case "s": out += run >= 2 ? two(moment.second) : String(moment.second)
            case "a": out += moment.hour < 12 ? "AM" : "PM"
            default: out += String(repeating: character, count: run)
            }
        }
        return out
    }
}

extension String {
    fileprivate var trimmingCharacters: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
