"""The Markdown table the benchmarks print, so their results paste straight into docs/."""

from __future__ import annotations

from collections.abc import Sequence


def print_markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """``header`` and ``rows`` (already formatted cells) as a Markdown table, columns padded."""
    table = [list(header), *[list(row) for row in rows]]
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    for index, line in enumerate(table):
        print("| " + " | ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) + " |")
        if index == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
