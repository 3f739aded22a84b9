"""Reads lines as `WIDTH<TAB>TEXT` on standard input and prints those whose cells, by Python
wcwidth's wcswidth (tabs moving to the next stop of 8, as terminals do), exceed WIDTH:
`WIDTH<TAB>CELLS<TAB>TEXT`. The last line printed counts the lines read."""
import sys
from wcwidth import wcswidth


def cells(text):
    column = 0
    for part in text.split("\t")[:-1]:
        column += wcswidth(part)
        column = (column // 8 + 1) * 8
    return column + wcswidth(text.split("\t")[-1])


count = 0
for raw in sys.stdin.buffer.read().decode("utf-8").split("\n"):
    if not raw:
        continue
    width, _, text = raw.partition("\t")
    count += 1
    measured = cells(text)
    if measured < 0 or measured > int(width):
        print(f"{width}\t{measured}\t{text}")
print(f"lines {count}")
