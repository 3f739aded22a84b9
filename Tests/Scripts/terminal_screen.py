#!/usr/bin/env python3
"""Feeds a recorded byte stream to the pyte terminal emulator and prints what the terminal shows:
the scrollback, then the screen, one line each, trailing spaces removed, trailing blank lines dropped.

usage: terminal_screen.py FILE WIDTH HEIGHT [--frames]

With --frames, prints instead every line the screen showed at the end of a synchronized frame, once,
in the order they first appeared: what a person watching would have seen go by.
"""
import sys

import pyte


def main() -> None:
    path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    screen = pyte.HistoryScreen(width, height, history=100000)
    screen.set_mode(pyte.modes.LNM)  # a line feed also returns the carriage, as a tty's onlcr does
    stream = pyte.ByteStream(screen)
    with open(path, "rb") as handle:
        data = handle.read()
    if "--frames" in sys.argv[4:]:
        seen = {}
        end = b"\x1b[?2026l"
        for frame in data.split(end):
            stream.feed(frame + end)
            for line in screen.display:
                seen.setdefault(line.rstrip(), None)
        sys.stdout.write("\n".join(line for line in seen if line) + "\n")
        return
    stream.feed(data)
    lines = []
    for row in screen.history.top:
        lines.append("".join(row[x].data for x in range(width)).rstrip())
    for line in screen.display:
        lines.append(line.rstrip())
    while lines and not lines[-1]:
        lines.pop()
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
