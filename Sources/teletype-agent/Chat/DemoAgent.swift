import Foundation
import TeletypeCommandLine
import TeletypeTransports

/// The agent `teletype chat` talks to when none is configured: a recorded reply, built here, that
/// shows what the chat can show (thinking, a reasoning step, a tool call waiting for approval, an
/// answer with a table and code), so the command works on a fresh machine with no server.
enum DemoAgent {
    static let answer = """
        This is **Teletype's demo agent**: it answers every message with this recording. To talk to a \
        real model, start the chat with `--endpoint URL --model NAME` (or set `TELETYPE_ENDPOINT` and \
        `TELETYPE_MODEL`); `--replay FILE` plays a recording of your own.

        | key | what it does |
        | --- | --- |
        | Enter | send |
        | Alt-Enter | a new line |
        | Esc | stop the reply |
        | Alt-R | regenerate |

        ```swift
        let conversation = AIConversation(transport: transport)
        conversation.send("Hello")
        ```

        """

    /// The recording, in Teletype's event format.
    static var recording: StreamRecording {
        var lines: [String] = []
        var time = 0
        func event(_ object: [String: Any]) {
            var object = object
            object["t"] = time
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            lines.append(String(decoding: data, as: UTF8.self))
        }
        event(["type": "activity", "state": "thinking"])
        time += 600
        let reasoning = "The user is trying the chat. I'll check what it can do, then answer with a short tour."
        event([
            "type": "part", "id": "demo",
            "part": ["type": "ai_reasoning", "payload": ["id": "r", "status": "streaming"]],
        ])
        for piece in chunks(reasoning, size: 12) {
            time += 60
            event(["type": "reasoning-delta", "id": "demo", "part": "r", "text": piece])
        }
        time += 200
        event([
            "type": "part", "id": "demo",
            "part": [
                "type": "ai_reasoning",
                "payload": ["id": "r", "status": "completed", "summary": "Planned a short tour", "duration_ms": 1500],
            ],
        ])
        event([
            "type": "part", "id": "demo",
            "part": [
                "type": "ai_tool_call",
                "payload": [
                    "id": "tour", "name": "open_tour", "display_title": "Opening the tour",
                    "status": "awaiting_approval",
                    "arguments": ["pages": 3],
                    "approval": [
                        "title": "Open the tour?", "reason": "The demo agent wants to show you around.",
                        "allow_title": "Open", "decline_title": "Not now",
                    ],
                ],
            ],
        ])
        time += 400
        for piece in chunks(answer, size: 7) {
            time += 30
            event(["type": "delta", "id": "demo", "text": piece])
        }
        time += 100
        event(["type": "done", "id": "demo"])
        return StreamRecordingReader(format: .teletype).read(Data(lines.joined(separator: "\n").utf8), file: "demo")
    }

    static func chunks(_ text: String, size: Int) -> [String] {
        var pieces: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if current.count == size {
                pieces.append(current)
                current = ""
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
