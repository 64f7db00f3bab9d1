"""Every relative link and #anchor in README.md and docs/*.md resolves: the file exists, and the
anchor is one of the target's headings as GitHub names them (lower case, punctuation dropped,
spaces to hyphens, ``-1``, ``-2`` ... for repeats). Links inside code (fenced blocks, backticks)
are text, not links, and are not checked."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
# [text](dest) or ![alt](dest); dest in angle brackets may hold spaces.
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")  # http:, https:, mailto:, ...


def _prose_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, text) of every line outside fenced code blocks."""
    lines: list[tuple[int, str]] = []
    fence: str | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = FENCE.match(line)
        if match:
            if fence is None:
                fence = match.group(1)
            elif match.group(1) == fence:
                fence = None
            continue
        if fence is None:
            lines.append((number, line))
    return lines


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link counts by its text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").lower()
    kept = []
    for char in text:
        if char in " -_" or unicodedata.category(char)[0] in "LNM":
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    found: set[str] = set()
    for _, line in _prose_lines(path):
        match = HEADING.match(line)
        if not match:
            continue
        slug = _slug(match.group(2))
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def links(path: Path) -> list[tuple[int, str]]:
    """(line number, destination) of every relative link outside code."""
    found: list[tuple[int, str]] = []
    for number, line in _prose_lines(path):
        prose = INLINE_CODE.sub("", line)
        destinations = [m.group(1) for m in LINK.finditer(prose)]
        reference = REFERENCE.match(prose)
        if reference:
            destinations.append(reference.group(1))
        for destination in destinations:
            destination = destination.strip("<>")
            if destination and not EXTERNAL.match(destination):
                found.append((number, destination))
    return found


def _broken(path: Path) -> list[str]:
    problems: list[str] = []
    for number, destination in links(path):
        target_text, _, anchor = destination.partition("#")
        target = (path.parent / unquote(target_text)).resolve() if target_text else path
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
        where = f"{name}:{number}: ({destination})"
        if not target.exists():
            problems.append(f"{where} no such file")
        elif anchor and target.suffix == ".md" and unquote(anchor) not in anchors(target):
            problems.append(f"{where} no heading with that anchor in {target.name}")
    return problems


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_and_anchors_resolve(path: Path) -> None:
    assert _broken(path) == []


def test_the_checker_sees_a_broken_link_and_anchor(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Run it: `dream run` (twice)\n\n## Step 1\n## Step 1\n")
    page = tmp_path / "page.md"
    page.write_text(
        "[fine](other.md#run-it-dream-run-twice) [repeat](other.md#step-1-1) [self](#top)\n"
        "# Top\n"
        "[gone](missing.md) [bad](other.md#step-2) `[code](missing.md)`\n"
        "```\n[fenced](missing.md)\n```\n"
        "[web](https://example.com/x.md)\n"
    )
    broken = _broken(page)
    assert len(broken) == 2, broken
    assert "(missing.md) no such file" in broken[0]
    assert "(other.md#step-2) no heading" in broken[1]
