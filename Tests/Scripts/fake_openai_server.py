#!/usr/bin/env python3
"""An OpenAI-compatible chat completions server for tests, on 127.0.0.1, replaying recorded
responses. The first path segment names the scenario:

  /ok/v1/chat/completions         the recorded stream, a chunk at a time
  /drop/v1/chat/completions       half of it, then the connection is dropped
  /http500/v1/chat/completions    500 with a JSON error body
  /flaky/v1/chat/completions      500 the first time, the recorded stream after
  /slow/v1/chat/completions       the head at once, the first byte of the body after SLOW seconds, or
                                  as soon as /release is posted to
  /release                        lets every waiting and later /slow reply go on at once (204)
  /malformed/v1/chat/completions  a good chunk, then a data line that is not JSON
  /echo/v1/chat/completions       one chunk whose text is the request (body and Authorization)
  /ui/api/chat                    the recorded Vercel AI SDK UI message stream (vercel.jsonl beside it)
  /ui-error/api/chat              a UI message stream that ends in an error chunk
  /ui-echo/api/chat               a UI message stream whose text is the request body
  /quota/v1/responses             a Responses stream that ends in an insufficient_quota error event
  /capture/NAME/...               the corpus capture streams/NAME, a chunk at a time (raw SSE as it is,
                                  chunk lines as `data:` events), for any API path
  /echo/v1/responses, /echo/v1beta/models/M:streamGenerateContent
                                  the request (body, Authorization, x-goog-api-key) as that API's text

usage: fake_openai_server.py RECORDED_SSE [SLOW [CORPUS]]   (prints the port, then serves until killed)
"""
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def capture_events(name):
    with open(os.path.join(CORPUS, "streams", os.path.basename(name)), encoding="utf-8") as handle:
        text = handle.read()
    if any(line.startswith("data:") for line in text.splitlines()):
        return [e + "\n\n" for e in text.replace("\r\n", "\n").split("\n\n") if e.strip()]
    return ["data: " + line.strip() + "\n\n" for line in text.splitlines() if line.strip()]


def echo_events(path, request):
    text = json.dumps(request)
    if path.endswith("/responses"):
        return [
            "event: response.created\ndata: " + json.dumps({"type": "response.created", "response": {"id": "r"}}) + "\n\n",
            "data: " + json.dumps({"type": "response.output_item.added", "output_index": 0,
                                   "item": {"type": "message", "role": "assistant", "content": []}}) + "\n\n",
            "data: " + json.dumps({"type": "response.output_text.delta", "output_index": 0, "delta": text}) + "\n\n",
            "data: " + json.dumps({"type": "response.completed", "response": {"id": "r", "status": "completed"}}) + "\n\n",
        ]
    if ":streamGenerateContent" in path:
        return ["data: " + json.dumps({"candidates": [{"content": {"role": "model", "parts": [{"text": text}]},
                                                        "finishReason": "STOP"}]}) + "\n\n"]
    return [chunk(text), "data: [DONE]\n\n"]


def chunk(content):
    return "data: " + json.dumps({
        "id": "chatcmpl-test", "object": "chat.completion.chunk", "model": "test",
        "choices": [{"index": 0, "delta": {"content": content}, "finish_reason": None}],
    }) + "\n\n"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length).decode("utf-8")
        scenario = self.path.strip("/").split("/")[0]
        global FLAKY_FAILED
        if scenario == "release":
            RELEASED.set()
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if scenario == "flaky" and not FLAKY_FAILED:
            FLAKY_FAILED = True
            scenario = "http500"
        if scenario == "http500":
            payload = json.dumps({"error": {"message": "The model is overloaded", "type": "server_error"}}).encode()
            self.send_response(500)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.flush()
        events = [e + "\n\n" for e in RECORDED.split("\n\n") if e.strip()]
        if scenario == "ui":
            events = ["data: " + line + "\n\n" for line in UI_RECORDED.splitlines() if line.strip()]
            events.append("data: [DONE]\n\n")
        elif scenario == "ui-error":
            events = [
                'data: {"type":"start","messageId":"m1"}\n\n',
                'data: {"type":"text-start","id":"t1"}\n\n',
                'data: {"type":"text-delta","id":"t1","delta":"Partial answer"}\n\n',
                'data: {"type":"error","errorText":"Rate limited"}\n\n',
            ]
        elif scenario == "ui-echo":
            events = [
                'data: {"type":"start","messageId":"m1"}\n\n',
                'data: {"type":"text-start","id":"t1"}\n\n',
                "data: " + json.dumps({"type": "text-delta", "id": "t1", "delta": body}) + "\n\n",
                'data: {"type":"finish"}\n\n',
                "data: [DONE]\n\n",
            ]
        elif scenario == "echo":
            request = {"body": json.loads(body), "authorization": self.headers.get("Authorization"),
                       "path": self.path, "x-goog-api-key": self.headers.get("x-goog-api-key")}
            events = echo_events(self.path.split("?")[0], request)
        elif scenario == "quota":
            events = [
                "event: response.created\ndata: " + json.dumps({"type": "response.created", "response": {"id": "r"}}) + "\n\n",
                "event: error\ndata: " + json.dumps({"type": "error", "code": "insufficient_quota", "param": None,
                                                     "message": "You exceeded your current quota."}) + "\n\n",
            ]
        elif scenario == "capture":
            events = capture_events(self.path.strip("/").split("/")[1])
        elif scenario == "drop":
            events = [e for e in events if "[DONE]" not in e][: max(1, len(events) // 2)]
        elif scenario == "malformed":
            events = [chunk("Before the bad line. "), "data: {not json\n\n", chunk("never shown")]
        elif scenario == "slow":
            RELEASED.wait(SLOW)
        for event in events:
            self.wfile.write(event.encode("utf-8"))
            self.wfile.flush()
            time.sleep(0.005)
        self.close_connection = True


if __name__ == "__main__":
    # A parent may have left SIGTERM ignored, and that is inherited: the test stops us with it.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with open(sys.argv[1], encoding="utf-8") as handle:
        RECORDED = handle.read()
    with open(os.path.join(os.path.dirname(sys.argv[1]), "vercel.jsonl"), encoding="utf-8") as handle:
        UI_RECORDED = handle.read()
    SLOW = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    CORPUS = sys.argv[3] if len(sys.argv) > 3 else ""
    FLAKY_FAILED = False
    RELEASED = threading.Event()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
