"""Shared by the farm checks: messages and the code blocks of docs/cli.md that they run as printed."""
import sys


def ok(message):
    print(f"ok: {message}", flush=True)


def fail(message):
    print(f"FAIL: {message}", flush=True)
    sys.exit(1)


def doc_block(docs, heading, language):
    lines = open(docs, encoding="utf-8").read().split("\n")
    start = lines.index(heading)
    fence = lines.index(f"```{language}", start)
    return "\n".join(lines[fence + 1:lines.index("```", fence + 1)]) + "\n"
