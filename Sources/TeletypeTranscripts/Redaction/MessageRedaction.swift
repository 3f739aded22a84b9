import Teletype

/// Secrets redacted everywhere a conversation can hold them: a message's text (each of its pieces
/// between steps, so the steps stay where they were), its thinking, its tool calls' titles,
/// arguments, output and errors, a subagent's whole conversation, sources, refusals, attachments'
/// names and addresses, other branches of the conversation; a session's title and project.
extension SecretRedactor {
    /// `message` with every secret in it redacted, counted into `tally`. What holds no secret is
    /// not set again: a message and its tool calls keep their fields in a storage shared by their
    /// copies, which setting a field copies whole (most messages hold no secret at all).
    public func redact(_ message: Message, into tally: inout Tally) -> Message {
        var message = message
        if let pieces = AITextRun.pieces(of: message.text, runs: message.textRuns) {
            let before = tally.total
            let redacted = pieces.map { (afterParts: $0.afterParts, text: redact(String($0.text), into: &tally)) }
            // Pieces with nothing redacted, none empty (joining drops those), are the text and its
            // runs as they were: not joined again.
            if tally.total != before || pieces.contains(where: { $0.text.isEmpty }) {
                let joined = AITextRun.joined(redacted)
                message.text = joined.text
                message.textRuns = joined.runs
            }
        } else {
            let before = tally.total
            let text = redact(message.text, into: &tally)
            if tally.total != before { message.text = text }
        }
        var parts: [AIMessagePart]?
        for index in message.parts.indices {
            let before = tally.total
            let part = redact(message.parts[index], into: &tally)
            guard tally.total != before else { continue }
            if parts == nil { parts = message.parts }
            parts?[index] = part
        }
        if let parts { message.parts = parts }
        for (key, text) in message.reasoningTexts {
            let before = tally.total
            let redacted = redact(text, into: &tally)
            if tally.total != before { message.reasoningTexts[key] = redacted }
        }
        if !message.attachments.isEmpty {
            let before = tally.total
            let attachments = message.attachments.map { attachment in
                var attachment = attachment
                attachment.name = attachment.name.map { redact($0, into: &tally) }
                attachment.url = attachment.url.map { redact($0, into: &tally) }
                attachment.extraData = redact(attachment.extraData, into: &tally)
                return attachment
            }
            if tally.total != before { message.attachments = attachments }
        }
        if var branch = message.branchPoint {
            let before = tally.total
            branch.alternatives = branch.alternatives.map { $0.map { redact($0, into: &tally) } }
            if tally.total != before { message.branchPoint = branch }
        }
        if var document = message.uiDocument {
            let before = tally.total
            document.content = redact(document.content, into: &tally)
            if tally.total != before { message.uiDocument = document }
        }
        return message
    }

    /// A part of a message, redacted; the part itself when nothing in it was.
    func redact(_ part: AIMessagePart, into tally: inout Tally) -> AIMessagePart {
        let before = tally.total
        let redacted: AIMessagePart
        switch part {
        case .reasoning(var reasoning):
            reasoning.summary = reasoning.summary.map { redact($0, into: &tally) }
            reasoning.preview = reasoning.preview.map { redact($0, into: &tally) }
            redacted = .reasoning(reasoning)
        case .toolCall(let call):
            // Each field redacted apart from the call: the call is copied only when one changed.
            let displayTitle = call.displayTitle.map { redact($0, into: &tally) }
            let summary = call.summary.map { redact($0, into: &tally) }
            let arguments = call.arguments.map { redact($0, into: &tally) }
            let output = call.output.map { redact($0, into: &tally) }
            let errorText = call.errorText.map { redact($0, into: &tally) }
            var subagent = call.subagent
            if var agent = subagent {
                agent.title = agent.title.map { redact($0, into: &tally) }
                agent.messages = agent.messages.map { redact($0, into: &tally) }
                subagent = agent
            }
            guard tally.total != before else { return part }
            var changed = call
            changed.displayTitle = displayTitle
            changed.summary = summary
            changed.arguments = arguments
            changed.output = output
            changed.errorText = errorText
            changed.subagent = subagent
            redacted = .toolCall(changed)
        case .source(var source):
            source.url = redact(source.url, into: &tally)
            source.title = source.title.map { redact($0, into: &tally) }
            redacted = .source(source)
        case .refusal(var refusal):
            refusal.text = refusal.text.map { redact($0, into: &tally) }
            redacted = .refusal(refusal)
        case .unsupported(var other):
            other.payload = redact(other.payload, into: &tally)
            redacted = .unsupported(other)
        }
        return tally.total == before ? part : redacted
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
