"""A Claude Code topic file's format: YAML front matter (``name``, ``description``, ``type``;
any other key is the agent's) and a Markdown body; and how a merged item is laid out as one."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Mapping
from typing import Any

import yaml

from dream_assets.core.store.kinds.boundary import BOM, NewItem, split_lines
from dream_assets.core.store.kinds.memory_index import title_and_hook

# The front matter the cycle reads and writes; any other key is the agent's.
KNOWN_KEYS = ("name", "description", "type")
# A merged file's name and hook stay short: the index line is what Claude Code reads first.
MAX_SLUG = 60
MAX_DESCRIPTION = 300
MAX_NAME_TRIES = 10_000

# Front matter as Claude Code writes it -- "key: plain words" lines -- is read without the YAML
# parser (a thousand files cost 2.6 s of PyYAML); anything else goes through yaml.safe_load. The
# fast shape is one YAML reads as the same strings: a key, then a plain scalar starting with a
# letter, holding no character YAML gives a meaning to, and not one of YAML's booleans or null.
SIMPLE_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*): ([A-Za-z][^:#\[\]{}&*!|>'\"%@`,]*)$")
YAML_WORDS = frozenset({"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"})
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
QUOTED_KEY = re.compile(r'^"([A-Za-z_][A-Za-z0-9_-]*)":', re.MULTILINE)


def _simple_front_matter(block: str) -> dict[str, str] | None:
    found: dict[str, str] = {}
    for line in block.splitlines():
        match = SIMPLE_LINE.match(line)
        if match is None or match.group(1) in found:
            return None
        value = match.group(2)
        if value != value.rstrip() or value.lower() in YAML_WORDS:
            return None
        found[match.group(1)] = value
    return found


def parse_topic_file(text: str) -> tuple[dict[str, Any], str]:
    """(front matter, body) of a topic file; ValueError with the reason when malformed. A
    leading byte order mark is read past; lines end at ``\\n``, ``\\r\\n`` or ``\\r`` only."""
    text = text.removeprefix(BOM)
    if not text.startswith("---"):
        return {}, text
    lines = split_lines(text)
    if lines[0].rstrip("\r\n") != "---":
        return {}, text
    for number in range(1, len(lines)):
        if lines[number].rstrip("\r\n") == "---":
            block = "".join(lines[1:number])
            body = "".join(lines[number + 1 :])
            break
    else:
        raise ValueError("front matter opened with '---' is never closed")
    try:
        front = _simple_front_matter(block)
        if front is None:
            front = yaml.load(block, Loader=_LOADER) if block.strip() else {}
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ValueError(f"front matter is not YAML ({first})") from exc
    if front is None:
        front = {}
    if not isinstance(front, dict):
        raise ValueError("front matter is not a mapping of keys")
    for key in KNOWN_KEYS:
        if key in front and not isinstance(front[key], str):
            raise ValueError(f"front matter {key!r} is not a string")
    return front, body


def names(stem: str) -> Iterator[str]:
    """``stem.md``, then ``stem-2.md``, ``stem-3.md`` ... (a new file never replaces one)."""
    yield f"{stem}.md"
    for number in range(2, MAX_NAME_TRIES):
        yield f"{stem}-{number}.md"


def slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:MAX_SLUG].strip("_")
    return slug or "merged_memory"


def merged_fields(item: NewItem) -> dict[str, str]:
    """A merged file's front matter: the first source's name, the sources' descriptions, and
    their type when they agree; a source without front matter lends its index line's title and
    hook."""
    sources = [dict(f) for f in item.source_fields]
    for fields in sources:
        title, hook = title_and_hook(fields.get("index_line", "").split("\n")[0])
        fields.setdefault("name", title)
        fields.setdefault("description", hook)
    name = next((f["name"] for f in sources if f.get("name")), "")
    if not name:
        name = " ".join(item.text.split()[:8])
    descriptions = list(dict.fromkeys(f["description"] for f in sources if f.get("description")))
    description = "; ".join(descriptions)
    if not description and item.text.strip():
        description = item.text.strip().splitlines()[0]
    if len(description) > MAX_DESCRIPTION:
        description = description[: MAX_DESCRIPTION - 1].rstrip() + "…"
    fields = {"name": name, "description": description}
    types = {f.get("type", "") for f in sources}
    if len(types) == 1 and "" not in types:
        fields["type"] = types.pop()
    return fields


def render_topic_file(fields: Mapping[str, str], text: str) -> bytes:
    """A merged topic file whose front matter reads back (``parse_topic_file``) as ``fields``
    exactly: plain YAML when it does, else every value double-quoted with YAML's escapes (PyYAML
    writes U+0085 raw in a quoted scalar and reads it back folded to a space). ValueError when
    neither reads back, or when ``text`` is empty or whitespace (the file would read back as
    another item, or as none)."""
    if not text.strip():
        raise ValueError("its merged text is empty")
    for style in (None, '"'):
        front = yaml.safe_dump(
            dict(fields),
            sort_keys=False,
            allow_unicode=True,
            width=10_000,
            default_flow_style=False,
            default_style=style,
        )
        front = QUOTED_KEY.sub(r"\1:", front)  # the keys as Claude Code writes them
        rendered = f"---\n{front}---\n\n{text.strip()}\n"
        with contextlib.suppress(ValueError):
            if parse_topic_file(rendered)[0] == dict(fields):
                return rendered.encode()
    raise ValueError("its front matter would not read back as written")
