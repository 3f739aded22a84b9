/// Reads a subcommand's arguments: flags with or without a value (`--width 80`, `--width=80`),
/// positional arguments, and `--` before positionals that start with `-`.
package struct OptionParser {
    /// A flag the command takes.
    package struct Flag {
        package var names: [String]
        package var takesValue: Bool

        package init(names: [String], takesValue: Bool) {
            self.names = names
            self.takesValue = takesValue
        }
    }

    package let flags: [Flag]
    package let usage: String

    package init(flags: [Flag], usage: String) {
        self.flags = flags
        self.usage = usage
    }

    /// The values given, by the flag's first name; a flag without a value maps to "".
    package struct Parsed {
        package var values: [String: String] = [:]
        /// Every value of a flag given more than once (`--attach a --attach b`), in order.
        package var repeated: [String: [String]] = [:]
        package var positional: [String] = []
        package var wantsHelp = false

        package func value(_ name: String) -> String? { values[name] }
        package func all(_ name: String) -> [String] { repeated[name] ?? [] }

        package mutating func set(_ name: String, _ value: String) {
            values[name] = value
            repeated[name, default: []].append(value)
        }
        package func isSet(_ name: String) -> Bool { values[name] != nil }
    }

    package func parse(_ arguments: [String]) throws -> Parsed {
        var parsed = Parsed()
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                parsed.positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let flag = flags.first(where: { $0.names.contains(parts[0]) }) else {
                throw CommandError.usage("unknown option '\(parts[0])'", help: usage)
            }
            if flag.takesValue {
                if parts.count > 1 {
                    parsed.set(flag.names[0], parts[1])
                } else {
                    guard index < arguments.count else {
                        throw CommandError.usage("\(parts[0]) needs a value", help: usage)
                    }
                    parsed.set(flag.names[0], arguments[index])
                    index += 1
                }
            } else {
                guard parts.count == 1 else { throw CommandError.usage("\(parts[0]) takes no value", help: usage) }
                parsed.set(flag.names[0], "")
            }
        }
        return parsed
    }

    /// The arguments, or `nil` after printing the usage when help was asked for.
    package func parseOrShowHelp(_ arguments: [String]) throws -> Parsed? {
        let parsed = try parse(arguments)
        guard !parsed.wantsHelp else {
            Console.output(usage)
            return nil
        }
        return parsed
    }

    /// A value that must be one of `choices`.
    package func choice(_ parsed: Parsed, _ name: String, in choices: [String], default fallback: String) throws
        -> String
    {
        guard let value = parsed.value(name) else { return fallback }
        guard choices.contains(value) else {
            throw CommandError.usage("\(name) must be \(choices.joined(separator: ", ")), not '\(value)'", help: usage)
        }
        return value
    }

    /// A width from 1 to 100000.
    package func width(_ parsed: Parsed) throws -> Int? {
        guard let text = parsed.value("--width") else { return nil }
        guard let width = Int(text), width > 0, width <= 100_000 else {
            throw CommandError.usage("--width must be a whole number from 1 to 100000, not '\(text)'", help: usage)
        }
        return width
    }

    /// `--speed`: a number above 0, 1 when not given.
    package func speed(_ parsed: Parsed) throws -> Double {
        guard let text = parsed.value("--speed") else { return 1 }
        guard let value = Double(text), value > 0, value.isFinite else {
            throw CommandError.usage("--speed must be a number above 0, not '\(text)'", help: usage)
        }
        return value
    }
}
