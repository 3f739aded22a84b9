#!/usr/bin/env python3
"""A canary for the browser test: an HTTP server on 127.0.0.1 that answers every request with a tiny
image and appends its path to LOG. It prints its port once it listens. Any line in LOG means a
page made a request it should not have."""
import http.server
import signal
import sys

log_path = sys.argv[1]
signal.signal(signal.SIGTERM, signal.SIG_DFL)
# A 1×1 GIF, so an <img> that loads it succeeds.
GIF = bytes.fromhex("47494638396101000100800000000000ffffff2c00000000010001000002024401003b")


class Canary(http.server.BaseHTTPRequestHandler):
    def record(self):
        with open(log_path, "a") as log:
            log.write(f"{self.command} {self.path}\n")
        self.send_response(200)
        self.send_header("Content-Type", "image/gif")
        self.send_header("Content-Length", str(len(GIF)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(GIF)

    do_GET = do_POST = do_HEAD = do_PUT = record

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Canary)
print(server.server_address[1], flush=True)
server.serve_forever()
