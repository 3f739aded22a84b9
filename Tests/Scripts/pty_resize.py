#!/usr/bin/env python3
"""Runs a command (`teletype md`, `teletype replay`) with its output on a pseudo-terminal, feeds it
DOCUMENT through a pipe (`-`: nothing), resizes the terminal part-way, and prints what the terminal
shows at the end (scrollback, then screen), as terminal_screen.py does.

usage: pty_resize.py WIDTH HEIGHT NEW_WIDTH DOCUMENT -- COMMAND...
"""
import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pyte


def set_size(fd: int, rows: int, columns: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def drain(master: int, screen_stream, timeout: float) -> None:
    end = time.time() + timeout
    while time.time() < end:
        ready, _, _ = select.select([master], [], [], 0.02)
        if not ready:
            continue
        try:
            data = os.read(master, 65536)
        except OSError:
            return
        if not data:
            return
        screen_stream.feed(data)


def main() -> None:
    width, height, new_width = map(int, sys.argv[1:4])
    document = sys.argv[4]
    command = sys.argv[sys.argv.index("--") + 1 :]
    master, slave = os.openpty()
    set_size(slave, height, width)
    attributes = termios.tcgetattr(slave)
    attributes[1] &= ~termios.OPOST  # raw output: the bytes arrive as written
    termios.tcsetattr(slave, termios.TCSANOW, attributes)
    screen = pyte.HistoryScreen(width, height, history=100000)
    screen.set_mode(pyte.modes.LNM)
    stream = pyte.ByteStream(screen)
    env = dict(os.environ, TERM="xterm")
    env.pop("NO_COLOR", None)
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    data = open(document, "rb").read() if document != "-" else b""
    third = len(data) // 3
    step = max(1, len(data) // 60)

    def feed(start: int, end: int) -> None:
        for offset in range(start, end, step):
            process.stdin.write(data[offset : min(end, offset + step)])
            process.stdin.flush()
            drain(master, stream, 0.02)

    feed(0, third)
    drain(master, stream, 0.6)
    # Resize: the terminal keeps its lines as they are (pyte does not reflow), then the program is told.
    set_size(master, height, new_width)
    screen.resize(height, new_width)
    process.send_signal(signal.SIGWINCH)
    drain(master, stream, 0.3)
    feed(third, len(data))
    process.stdin.close()
    drain(master, stream, 10.0 if document == "-" else 2.0)
    process.wait(timeout=20)
    lines = ["".join(row[x].data for x in range(new_width)).rstrip() for row in screen.history.top]
    lines += [line.rstrip() for line in screen.display]
    while lines and not lines[-1]:
        lines.pop()
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
