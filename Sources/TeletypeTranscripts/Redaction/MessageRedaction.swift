import Teletype

/// Secrets redacted everywhere a conversation can hold them: a message's text (each of its pieces
/// between steps, so the steps stay where they were), its thinking, its tool calls' titles,
/// arguments, output and errors, a subagent's whole conversation, sources, refusals, attachments'
/// names and addresses, other branches of the conversation; a session's title and project.
extension SecretRedactor {
    /// `message` with every secret in it redacted, counted into `tally`.
    public func redact(_ message: Message, into tally: inout Tally) -> Message {
        var message = message
        if let pieces = AITextRun.pieces(of: message.text, runs: message.textRuns) {
            let before = tally
            let redacted = pieces.map { (afterParts: $0.afterParts, text: redact(String($0.text), into: &tally)) }
            // Pieces with nothing redacted, none empty (joining drops those), are the text and its
            // runs as they were: not joined again.
            if tally != before || pieces.contains(where: { $0.text.isEmpty }) {
                let joined = AITextRun.joined(redacted)
                message.text = joined.text
                message.textRuns = joined.runs
            }
        } else {
            message.text = redact(message.text, into: &tally)
        }
        message.parts = message.parts.map { redact($0, into: &tally) }
        for (key, text) in message.reasoningTexts { message.reasoningTexts[key] = redact(text, into: &tally) }
        message.attachments = message.attachments.map { attachment in
            var attachment = attachment
            attachment.name = attachment.name.map { redact($0, into: &tally) }
            attachment.url = attachment.url.map { redact($0, into: &tally) }
            attachment.extraData = redact(attachment.extraData, into: &tally)
            return attachment
        }
        if var branch = message.branchPoint {
            branch.alternatives = branch.alternatives.map { $0.map { redact($0, into: &tally) } }
            message.branchPoint = branch
        }
        if var document = message.uiDocument {
            document.content = redact(document.content, into: &tally)
            message.uiDocument = document
        }
        return message
    }

    /// A part of a message, redacted.
    func redact(_ part: AIMessagePart, into tally: inout Tally) -> AIMessagePart {
        switch part {
        case .reasoning(var reasoning):
            reasoning.summary = reasoning.summary.map { redact($0, into: &tally) }
            reasoning.preview = reasoning.preview.map { redact($0, into: &tally) }
            return .reasoning(reasoning)
        case .toolCall(var call):
            call.displayTitle = call.displayTitle.map { redact($0, into: &tally) }
            call.summary = call.summary.map { redact($0, into: &tally) }
            call.arguments = call.arguments.map { redact($0, into: &tally) }
            call.output = call.output.map { redact($0, into: &tally) }
            call.errorText = call.errorText.map { redact($0, into: &tally) }
            if var subagent = call.subagent {
                subagent.title = subagent.title.map { redact($0, into: &tally) }
                subagent.messages = subagent.messages.map { redact($0, into: &tally) }
                call.subagent = subagent
            }
            return .toolCall(call)
        case .source(var source):
            source.url = redact(source.url, into: &tally)
            source.title = source.title.map { redact($0, into: &tally) }
            return .source(source)
        case .refusal(var refusal):
            refusal.text = refusal.text.map { redact($0, into: &tally) }
            return .refusal(refusal)
        case .unsupported(var other):
            other.payload = redact(other.payload, into: &tally)
            return .unsupported(other)
        }
    }

    /// A JSON value with every string in it (keys aside) redacted; the value itself when nothing
    /// in it was. An array or object is copied only from its first value that changed: most tool
    /// arguments hold no secret, and copying each one cost a tenth of an archive's redacting.
    func redact(_ value: JSONValue, into tally: inout Tally) -> JSONValue {
        switch value {
        case .string(let text):
            let redacted = redact(text, into: &tally)
            return redacted == text ? value : .string(redacted)
        case .array(let values):
            var copy: [JSONValue]?
            for (index, element) in values.enumerated() {
                let before = tally.total
                let redacted = redact(element, into: &tally)
                if copy == nil, tally.total != before {
                    copy = Array(values[..<index])
                    copy?.reserveCapacity(values.count)
                }
                copy?.append(redacted)
            }
            return copy.map { .array($0) } ?? value
        case .object(let object):
            let before = tally.total
            let redacted = redact(object, into: &tally)
            return tally.total == before ? value : .object(redacted)
        default: return value
        }
    }

    /// A JSON object with every string in it redacted; the object itself when nothing in it was. A
    /// value under a name that says it is a secret (`"api_key": "…"`) is judged with its name, as
    /// an assignment is.
    func redact(_ object: JSONObject, into tally: inout Tally) -> JSONObject {
        var copy: [(String, JSONValue)]?
        for position in 0..<object.count {
            let before = tally.total
            let redacted = redact(object.pair(at: position), into: &tally)
            if copy == nil, tally.total != before {
                copy = (0..<position).map { object.pair(at: $0) }
                copy?.reserveCapacity(object.count)
            }
            copy?.append(redacted)
        }
        return copy.map { JSONObject($0) } ?? object
    }

    /// One name and value of an object, its value redacted.
    private func redact(_ pair: (key: String, value: JSONValue), into tally: inout Tally) -> (String, JSONValue) {
        if case .string(let text) = pair.value, SecretAssignment.mentionsSecret(pair.key),
            SecretAssignment.isSecretName(pair.key.uppercased())
        {
            // "name": "value", as the assignment rule reads it in text.
            let assignment = "\"\(pair.key)\": \"\(text)\""
            var probe = Tally()
            let redacted = redact(assignment, into: &probe)
            if probe.total > 0, redacted.hasPrefix("\"\(pair.key)\": \""), redacted.hasSuffix("\"") {
                tally.add(probe)
                return (pair.key, .string(String(redacted.dropFirst(pair.key.count + 5).dropLast())))
            }
        }
        return (pair.key, redact(pair.value, into: &tally))
    }

    /// A session's own words redacted: its title and project folder.
    public func redact(_ info: SessionInfo, into tally: inout Tally) -> SessionInfo {
        var info = info
        info.title = info.title.map { redact($0, into: &tally) }
        info.project = info.project.map { redact($0, into: &tally) }
        info.gitBranch = info.gitBranch.map { redact($0, into: &tally) }
        info.agentName = info.agentName.map { redact($0, into: &tally) }
        info.version = info.version.map { redact($0, into: &tally) }
        info.models = info.models.map { redact($0, into: &tally) }
        return info
    }

    /// A transcript with every secret redacted: its messages, its session and its listing's title.
    public func redact(_ transcript: Transcript, into tally: inout Tally) -> Transcript {
        var transcript = transcript
        transcript.messages = transcript.messages.map { redact($0, into: &tally) }
        transcript.info = transcript.info.map { redact($0, into: &tally) }
        if var listed = transcript.conversation {
            listed.title = redact(listed.title, into: &tally)
            transcript.conversation = listed
        }
        return transcript
    }
}
