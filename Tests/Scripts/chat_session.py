#!/usr/bin/env python3
"""Drives an interactive program (`teletype chat`) in a pseudo-terminal, as a user would, through a
script of steps, and reports what the screen showed (pyte) at each checkpoint.

usage: chat_session.py WIDTH HEIGHT SCRIPT.json -- COMMAND...

Each step of the script (a JSON list) is one of:
  {"keys": "text"}             type it (escape sequences included), in one write
  {"typeahead": "text"}        as the first step only: type it the moment the program is started
  {"wait": "text", "timeout": 10}   wait until the screen shows it (fails otherwise)
  {"gone": "text", "timeout": 10}   wait until the screen no longer shows it
  {"screen": "name"}           remember the screen under that name
  {"sleep": 0.3}               let time pass
  {"resize": [width, height]}  resize the terminal (and send SIGWINCH)
  {"signal": "TERM"}           send a signal
  {"exit": 0, "timeout": 10}   wait for the program to end with that status
Prints JSON: {"screens": {name: [lines]}, "failure": null or what went wrong, "last": [lines],
"modes": {"alternate": bool, "cursor_hidden": bool, "bracketed_paste": bool, "mouse": bool}, "status": int or null}.
With CHAT_SESSION_RAW=FILE set, every byte the program wrote is saved there.
"""
import fcntl
import json
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pyte


class Terminal:
    def __init__(self, width, height):
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""

    def feed(self, data):
        self.raw += data
        self.stream.feed(data)

    def mode(self, on, off):
        """Whether the last of the two sequences written was `on`."""
        return self.raw.rfind(on) > self.raw.rfind(off)

    def lines(self):
        return [line.rstrip() for line in self.screen.display]

    def shows(self, text):
        return any(text in line for line in self.lines())


def main():
    width, height = int(sys.argv[1]), int(sys.argv[2])
    steps = json.load(open(sys.argv[3]))
    command = sys.argv[sys.argv.index("--") + 1 :]
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    terminal = Terminal(width, height)
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    process = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(slave)
    result = {"screens": {}, "failure": None, "status": None}

    def pump(seconds):
        end = time.time() + seconds
        while True:
            remaining = end - time.time()
            ready, _, _ = select.select([master], [], [], max(0, min(0.02, remaining)))
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    data = b""
                if data:
                    terminal.feed(data)
            if remaining <= 0:
                return

    def wait_for(predicate, timeout):
        end = time.time() + timeout
        while time.time() < end:
            pump(0.05)
            if predicate():
                return True
        return False

    try:
        # Keys typed ahead are written at once, before the program can have started; every other
        # step comes after a moment's start.
        if steps and "typeahead" in steps[0]:
            os.write(master, steps.pop(0)["typeahead"].encode())
        pump(0.2)
        for step in steps:
            if "keys" in step:
                os.write(master, step["keys"].encode())
                pump(0.05)
            elif "wait" in step:
                if not wait_for(lambda: terminal.shows(step["wait"]), step.get("timeout", 10)):
                    result["failure"] = f"timed out waiting for {step['wait']!r}"
                    break
            elif "gone" in step:
                if not wait_for(lambda: not terminal.shows(step["gone"]), step.get("timeout", 10)):
                    result["failure"] = f"timed out waiting for {step['gone']!r} to go"
                    break
            elif "screen" in step:
                pump(0.15)
                result["screens"][step["screen"]] = terminal.lines()
            elif "sleep" in step:
                pump(step["sleep"])
            elif "resize" in step:
                new_width, new_height = step["resize"]
                fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", new_height, new_width, 0, 0))
                terminal.screen.resize(new_height, new_width)
                process.send_signal(signal.SIGWINCH)
                pump(0.3)
            elif "signal" in step:
                process.send_signal(getattr(signal, "SIG" + step["signal"]))
                pump(0.2)
            elif "exit" in step:
                end = time.time() + step.get("timeout", 10)
                while process.poll() is None and time.time() < end:
                    pump(0.05)
                pump(0.1)
                if process.poll() is None:
                    result["failure"] = "the program did not end"
                    break
                # A signal's end is reported as a shell does: 128 + its number.
                status = process.returncode if process.returncode >= 0 else 128 - process.returncode
                if status != step["exit"]:
                    result["failure"] = f"ended with {status}, not {step['exit']}"
                    break
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        result["last"] = terminal.lines()
        # pyte does not keep these modes: they are read from the bytes written.
        result["modes"] = {
            "alternate": terminal.mode(b"\x1b[?1049h", b"\x1b[?1049l"),
            "cursor_hidden": terminal.mode(b"\x1b[?25l", b"\x1b[?25h"),
            "bracketed_paste": terminal.mode(b"\x1b[?2004h", b"\x1b[?2004l"),
            "mouse": terminal.mode(b"\x1b[?1000h", b"\x1b[?1000l"),
        }
        if os.environ.get("CHAT_SESSION_RAW"):
            with open(os.environ["CHAT_SESSION_RAW"], "wb") as raw:
                raw.write(terminal.raw)
        code = process.returncode
        result["status"] = code if code is None or code >= 0 else 128 - code
        print(json.dumps(result))


main()
