import Teletype
import TeletypeLayout

/// A2UI (Agent to UI) as a stream of messages — v0.9's `createSurface`, `updateComponents`,
/// `updateDataModel`, `deleteSurface`, or v0.8's `beginRendering`, `surfaceUpdate`,
/// `dataModelUpdate`, `deleteSurface` (see ``A2UIVersion``) — read from JSONL (a message a line), a JSON array of them,
/// an example file's `{"messages": […]}`, or any of these cut short — a stream still arriving shows
/// the messages complete so far; a stream that has ended with a message unfinished has a problem
/// naming where it was cut.
public struct A2UIStream: Sendable, Equatable {
    /// The surfaces, in the order they were created (deleted ones gone).
    public internal(set) var surfaces: [A2UISurface] = []
    /// What could not be read or applied, in order.
    public private(set) var problems: [A2UIProblem] = []
    /// The surfaces the stream deleted, in order.
    public private(set) var deletedSurfaces: [String] = []
    /// The version the stream is written in, told by its first message of one (nil before).
    public private(set) var version: A2UIVersion?
    /// What goes back to the agent for its v0.10 `callFunction` messages that want an answer, in
    /// order: a `functionResponse` with the value of a function Teletype has, an `error` for one
    /// it has not.
    public internal(set) var replies: [JSONValue] = []
    /// What the agent asked that is said under the surfaces rather than drawn in them: a link it
    /// wants opened (shown, never opened), a function Teletype does not have.
    public internal(set) var notices: [String] = []

    /// The surfaces `text` builds. A test-case file of the specification (`{"tests": […]}`)
    /// builds each valid case on its own, one after another. With `isComplete` (the input has
    /// ended: a file, or a pipe that closed), an unfinished last message is a problem with its line
    /// and column; without it (a pipe still open) it is text still arriving.
    public init(reading text: String, isComplete: Bool = true) {
        if text.contains("\"tests\""), let whole = try? JSONParser.parse(text), let tests = whole["tests"]?.array {
            for test in tests where test["valid"]?.bool != false {
                var single = A2UIStream()
                for message in test["data"]?.array ?? test["data"].map({ [$0] }) ?? [] {
                    single.apply(message, line: 1)
                }
                surfaces += single.surfaces
                problems += single.problems
                notices += single.notices
                deletedSurfaces += single.deletedSurfaces
            }
            return
        }
        let (messages, problems) = Self.messages(in: text, isComplete: isComplete)
        self.problems = problems
        for (message, line) in messages { apply(message, line: line) }
    }

    /// An empty stream.
    public init() {}

    /// Applies one message (from `line` of its document).
    public mutating func apply(_ message: JSONValue, line: Int) {
        guard let object = message.object else {
            problems.append(A2UIProblem(line: line, message: "a message must be a JSON object"))
            return
        }
        // A stream is written in one version: a message of another is named and left out.
        if let kind = A2UIVersion.of(object) {
            if let version, version != kind {
                let name = object.keys.first { $0 != "version" } ?? "?"
                problem(
                    line: line,
                    "a \(kind.rawValue) message (\(name)) in a \(version.rawValue) stream is not applied: a stream does not mix versions"
                )
                return
            }
            version = kind
        }
        if A2UIVersion.of(object) == .v0_8 {
            apply08(object, line: line)
            return
        }
        if let create = object["createSurface"] {
            guard let id = create["surfaceId"]?.string else {
                problems.append(A2UIProblem(line: line, message: "createSurface needs a surfaceId"))
                return
            }
            if surfaces.contains(where: { $0.id == id }) {
                problems.append(A2UIProblem(line: line, message: "surface \"\(id)\" already exists"))
                return
            }
            if let theme = create["theme"], let problem = A2UIValidation.problem(inTheme: theme) {
                problems.append(A2UIProblem(line: line, message: "surface \"\(id)\": \(problem)", breaksARule: true))
            }
            var surface = A2UISurface(
                id: id, catalogID: create["catalogId"]?.string ?? "",
                sendsDataModel: create["sendDataModel"]?.bool ?? false)
            surface.version = version ?? .v0_9
            surfaces.append(surface)
        } else if let update = object["updateComponents"] {
            guard let index = surface(update["surfaceId"]?.string, line: line, creating: true) else { return }
            guard let components = update["components"]?.array else {
                problems.append(A2UIProblem(line: line, message: "updateComponents needs a components list"))
                return
            }
            // What breaks the catalog's rules is named (the first thing, once a message), and drawn.
            var named = false
            for component in components {
                guard let id = component["id"]?.string, let fields = component.object else {
                    problems.append(A2UIProblem(line: line, message: "a component needs an id"))
                    continue
                }
                if surfaces[index].components[id] == nil { surfaces[index].componentOrder.append(id) }
                surfaces[index].components[id] = fields
                if !named, let problem = A2UIValidation.problem(inComponent: fields, version: version ?? .v0_9) {
                    problems.append(A2UIProblem(line: line, message: problem, breaksARule: true))
                    named = true
                }
            }
        } else if let update = object["updateDataModel"] {
            guard let index = surface(update["surfaceId"]?.string, line: line, creating: true) else { return }
            let path = update["path"]?.string ?? "/"
            let pointer = path == "/" ? "" : path
            guard pointer.isEmpty || pointer.hasPrefix("/") else {
                problems.append(
                    A2UIProblem(line: line, message: "updateDataModel path \"\(path)\" is not a JSON Pointer"))
                return
            }
            if !surfaces[index].model.set(update["value"], at: pointer) {
                problems.append(
                    A2UIProblem(line: line, message: "updateDataModel path \"\(path)\" runs through a value"))
            }
        } else if object["callFunction"] != nil || object["actionResponse"] != nil {
            apply10(object, line: line)
        } else if let delete = object["deleteSurface"] {
            guard let id = delete["surfaceId"]?.string else {
                problems.append(A2UIProblem(line: line, message: "deleteSurface needs a surfaceId"))
                return
            }
            // Deleting a surface this document never showed (another agent's) changes nothing here.
            if surfaces.contains(where: { $0.id == id }) { deletedSurfaces.append(id) }
            surfaces.removeAll { $0.id == id }
        } else {
            let keys = object.keys.filter { $0 != "version" }
            problems.append(
                A2UIProblem(line: line, message: "unknown message \(keys.first.map { "\"\($0)\"" } ?? "(empty)")"))
        }
    }

    /// The index of surface `id`; a surface never created is created (an agent may skip
    /// `createSurface` for one that exists elsewhere).
    mutating func surface(_ id: String?, line: Int, creating: Bool) -> Int? {
        guard let id else {
            problems.append(A2UIProblem(line: line, message: "a message needs a surfaceId"))
            return nil
        }
        if let index = surfaces.firstIndex(where: { $0.id == id }) { return index }
        surfaces.append(A2UISurface(id: id, catalogID: "", sendsDataModel: false))
        return surfaces.count - 1
    }

    /// Notes a problem of the message at `line`.
    mutating func problem(line: Int, _ message: String, breaksARule: Bool = false) {
        problems.append(A2UIProblem(line: line, message: message, breaksARule: breaksARule))
    }

    // MARK: Reading

    /// How many messages of `text` are complete (a stream still arriving has more to come).
    public static func completeMessageCount(in text: String) -> Int {
        messages(in: text, isComplete: false).messages.count
    }

    /// The complete messages of a document and the lines they start on; what is not JSON is a
    /// problem (and ends the reading). A message cut short ends the reading too: when the input is
    /// complete it is a problem at the end of the input, else it is still arriving.
    static func messages(in text: String, isComplete: Bool) -> (messages: [(JSONValue, Int)], problems: [A2UIProblem]) {
        // An example file: {"messages": [...]}.
        if let whole = try? JSONParser.parse(text), case .object(let object) = whole {
            if let list = object["messages"]?.array {
                let bytes = Array(text.utf8)
                return (
                    list.enumerated().map { offset, message in
                        let line = bytes.withUnsafeBytes {
                            JSONParser.location(of: [.key("messages"), .index(offset)], in: $0)?.line
                        }
                        return (message, line ?? 1)
                    }, []
                )
            }
            return ([(whole, 1)], [])
        }
        var messages: [(JSONValue, Int)] = []
        var problems: [A2UIProblem] = []
        let bytes = Array(text.utf8)
        var index = 0
        var line = 1
        /// The 1-based column of `offset`, in characters from the start of its line.
        func column(of offset: Int) -> Int {
            var start = offset
            while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
            return String(decoding: bytes[start..<offset], as: UTF8.self).count + 1
        }
        func skipSeparators() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A:
                    line += 1
                    index += 1
                case 0x20, 0x09, 0x0D, 0x2C, 0x5B, 0x5D: index += 1  // spaces, commas, the array's brackets
                default: return
                }
            }
        }
        while true {
            skipSeparators()
            guard index < bytes.count else { break }
            let start = index
            let startLine = line
            guard bytes[index] == 0x7B else {
                problems.append(
                    A2UIProblem(line: line, column: column(of: index), message: "expected a JSON object (a message)"))
                break
            }
            // Find the object's end: braces outside strings.
            var depth = 0
            var inString = false
            var end: Int?
            var scan = index
            var scanLine = line
            while scan < bytes.count {
                let byte = bytes[scan]
                if inString {
                    if byte == 0x5C {
                        scan += 2
                        continue
                    }
                    if byte == 0x22 { inString = false }
                } else if byte == 0x22 {
                    inString = true
                } else if byte == 0x7B {
                    depth += 1
                } else if byte == 0x7D {
                    depth -= 1
                    if depth == 0 {
                        end = scan + 1
                        break
                    }
                }
                if byte == 0x0A { scanLine += 1 }
                scan += 1
            }
            guard let end else {
                // Cut short: the rest is still arriving, or never will.
                if isComplete {
                    problems.append(
                        A2UIProblem(
                            line: scanLine, column: column(of: bytes.count),
                            message: startLine == scanLine
                                ? "the message is cut short: the input ends inside it"
                                : "the message that starts on line \(startLine) is cut short: the input ends inside it")
                    )
                }
                break
            }
            let parsed: Result<JSONValue, JSONParser.Failure> = bytes[start..<end].withUnsafeBytes { piece in
                do throws(JSONParser.Failure) {
                    return .success(try JSONParser.parse(piece))
                } catch {
                    return .failure(error)
                }
            }
            switch parsed {
            case .success(let value): messages.append((value, startLine))
            case .failure(let error):
                problems.append(
                    A2UIProblem(line: startLine + error.line - 1, column: error.column, message: error.message))
            }
            if case .failure = parsed { break }
            index = end
            line = scanLine
        }
        return (messages, problems)
    }
}

/// One surface: its components by id and its data model.
public struct A2UISurface: Sendable, Equatable {
    /// Its id.
    public var id: String
    /// The catalog it draws from.
    public var catalogID: String
    /// Whether the agent wants the data model with every action.
    public var sendsDataModel: Bool
    /// Its components, by id.
    public var components: [String: JSONObject] = [:]
    /// Component ids in the order they were first defined.
    public var componentOrder: [String] = []
    /// Its data model.
    public var model = A2UIDataModel()
    /// The component it is drawn from (v0.9: `root`; v0.8: the one `beginRendering` names).
    public var rootID = "root"
    /// The version its messages are written in (what it sends back when a button is pressed).
    public var version = A2UIVersion.v0_9

    /// An empty surface `id`, drawing from `catalogID`.
    public init(id: String, catalogID: String, sendsDataModel: Bool) {
        self.id = id
        self.catalogID = catalogID
        self.sendsDataModel = sendsDataModel
    }
}

/// Something in an A2UI stream that could not be read or drawn.
public struct A2UIProblem: Sendable, Equatable, CustomStringConvertible {
    /// The line of the document it comes from (1 for a problem of the surface as a whole).
    public var line: Int
    /// The column, when known.
    public var column: Int?
    /// What is wrong.
    public var message: String
    /// Whether the message broke a rule of the specification (a property its catalog has not, a
    /// value outside its enumeration, a call with the wrong arguments) and was drawn all the same,
    /// rather than not read or not drawable.
    public var breaksARule: Bool

    /// A problem at `line` (and `column`).
    public init(line: Int, column: Int? = nil, message: String, breaksARule: Bool = false) {
        self.line = line
        self.column = column
        self.message = message
        self.breaksARule = breaksARule
    }

    /// Where and what: `LINE:COLUMN: message`.
    public var description: String { "\(line):\(column ?? 1): \(message)" }
}
