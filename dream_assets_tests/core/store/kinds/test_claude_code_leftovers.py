"""Defects of the claude-code kind a fuzzing pass left (docs/stores.md, "Claude Code"): index
links in CommonMark's other spellings, a merged name that YAML would fold, an empty merged text,
and a misleading "MEMORY.md is full" note. Real files in tmp_path, the real adapter."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dream_assets.core.store.kinds.boundary import NewItem, PutBack, Removal, WritePlan
from dream_assets.core.store.kinds.claude_code import ClaudeCodeStore
from dream_assets.core.store.kinds.memory_index import (
    MAX_INDEX_LINES,
    index_line_for,
    index_lines,
    linked_file,
    relinked,
)
from dream_assets_tests.claude_code_dirs import Kept, claude

TOPIC = "---\nname: {name}\ndescription: about {name}\ntype: user\n---\nbody of {name}\n"


def merge(
    store: ClaudeCodeStore, text: str, refs: Sequence[str], entry_id: str = "m1"
) -> WritePlan:
    items = {i.ref: i for i in store.read().items}
    return WritePlan(
        new=[
            NewItem(
                entry_id,
                text,
                items[refs[0]].category,
                tuple(refs),
                tuple(items[r].fields for r in refs),
            )
        ],
        removals=[Removal(r, items[r].version, items[r].fields) for r in refs],
    )


# -- 1. links in angle brackets or percent-encoded -----------------------------------------------


def test_angle_bracket_and_percent_encoded_links_are_read_and_removed(tmp_path: Path) -> None:
    other = "- [Other](other.md) — keep <me> (a%20b.md)\r\n"
    store = claude(
        tmp_path,
        {
            "MEMORY.md": (
                f"# Index\r\n- [A](<a b.md>) — about a\r\n- [B](./b%20c.md) — about b\r\n{other}"
            ).encode(),
            "a b.md": TOPIC.format(name="A").encode(),
            "b c.md": b"No front matter here.\n",
            "other.md": TOPIC.format(name="Other").encode(),
        },
    )
    items = {i.ref: i for i in store.read().items}
    assert items["a b.md"].fields["index_line"] == "- [A](<a b.md>) — about a"
    assert items["b c.md"].fields["index_line"] == "- [B](./b%20c.md) — about b"
    outcome = store.apply(merge(store, "A and B", ["a b.md", "b c.md"]), Kept())
    assert set(outcome.removed) == {"a b.md", "b c.md"}
    ref, _version = outcome.written["m1"]
    index = (store.path / "MEMORY.md").read_bytes().decode("utf-8")
    assert index == f"# Index\r\n{outcome.index_lines['m1']}\r\n{other}"
    assert linked_file(outcome.index_lines["m1"]) == ref


@pytest.mark.parametrize(
    "ref",
    [
        "a b.md",
        "notes (old).md",
        "100%.md",
        "a%20b.md",
        "x<y>z.md",
        "tab\there.md",
        "nel\x85line\u2028sep.md",
        "caf\u00e9 \u00e0 la carte.md",
        "plain_name.md",
    ],
)
def test_a_written_link_reads_back_as_its_file(ref: str) -> None:
    line = index_line_for("Title", ref, "a hook")
    assert linked_file(line) == ref
    assert index_lines(line + "\n") == {ref: line}
    assert linked_file(relinked("- [T](<old file.md>) — h", "old file.md", ref)) == ref


# A file name read from the directory holds no lone surrogate (a name that is not UTF-8 is
# named by its escaped bytes and left alone, docs/stores.md): none is drawn.
NAME_CHARACTERS = st.characters(blacklist_categories=("Cs",), blacklist_characters="/\\\x00\n\r")


@given(st.text(NAME_CHARACTERS, min_size=1, max_size=12))
def test_any_topic_file_name_links_back_to_itself(stem: str) -> None:
    ref = stem + ".md"
    if ref.startswith("."):
        return
    assert linked_file(index_line_for("T", ref, "")) == ref


def test_a_file_put_back_under_another_name_keeps_a_working_line(tmp_path: Path) -> None:
    store = claude(
        tmp_path,
        {
            "MEMORY.md": b"- [Mine](<my notes.md>) - the agent's new note\n",
            "my notes.md": b"The agent wrote this meanwhile.\n",
        },
    )
    back = PutBack(
        "cc-my",
        "my notes.md",
        b"The original note.\n",
        {"index_line": "- [Notes](<my notes.md>) — the original"},
    )
    outcome = store.apply(WritePlan(put_back=[back]), Kept())
    assert outcome.put_back["cc-my"][0] == "my notes-restored.md"
    lines = index_lines((store.path / "MEMORY.md").read_text(encoding="utf-8"))
    assert lines["my notes-restored.md"] == "- [Notes](<my notes-restored.md>) — the original"
    assert lines["my notes.md"] == "- [Mine](<my notes.md>) - the agent's new note"
    items = {i.ref: i for i in store.read().items}
    assert items["my notes-restored.md"].fields["index_line"].startswith("- [Notes](")


# -- 2. a merged name with a line-breaking or control character -----------------------------------


@pytest.mark.parametrize(
    "name", ["deploy\x85notes", "\x85leading", "trailing\x85", "a\u2028b\u2029c", "x\x1cy\x0bz"]
)
def test_a_merged_name_reads_back_exactly(tmp_path: Path, name: str) -> None:
    store = claude(
        tmp_path,
        {"a.md": TOPIC.format(name="A").encode(), "b.md": TOPIC.format(name="B").encode()},
    )
    plan = merge(store, "A and B", ["a.md", "b.md"])
    source = {**plan.new[0].source_fields[0], "name": name}
    plan.new[0] = NewItem(
        "m1", "A and B", plan.new[0].category, ("a.md", "b.md"), (source, {"name": "B"})
    )
    outcome = store.apply(plan, Kept())
    ref, _version = outcome.written["m1"]
    (item,) = [i for i in store.read().items if i.ref == ref]
    assert item.fields["name"] == name
    assert item.text == "A and B"


# -- 3. an empty merged text ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   \n\t", "\x85\u2028 "])
@pytest.mark.parametrize("named", [True, False])
def test_an_empty_merged_text_writes_nothing_and_removes_no_source(
    tmp_path: Path, text: str, named: bool
) -> None:
    # Unnamed sources (no front matter, no index line): the file written before read back as
    # "empty: no body, description or name"; named ones read back as their description.
    files = (
        {
            "MEMORY.md": b"- [A](a.md)\n",
            "a.md": TOPIC.format(name="A").encode(),
            "b.md": TOPIC.format(name="B").encode(),
        }
        if named
        else {"a.md": b"fact a\n", "b.md": b"fact b\n"}
    )
    store = claude(tmp_path, files)
    before = {p.name: p.read_bytes() for p in store.path.iterdir()}
    outcome = store.apply(merge(store, text, ["a.md", "b.md"]), Kept())
    assert outcome.written == {} and outcome.removed == {}
    assert any("m1" in f and "empty" in f for f in outcome.failures)
    assert {ref for ref, _why in outcome.changed} == {"a.md", "b.md"}
    assert {p.name: p.read_bytes() for p in store.path.iterdir()} == before
    assert store.read().unreadable == []


# -- 4. the "MEMORY.md is full" note --------------------------------------------------------------


def test_sources_without_an_index_line_are_not_reported_as_a_full_index(tmp_path: Path) -> None:
    index = b"# Index\n- [Other](other.md)\n"
    store = claude(
        tmp_path,
        {
            "MEMORY.md": index,
            "a.md": TOPIC.format(name="A").encode(),
            "b.md": TOPIC.format(name="B").encode(),
            "other.md": TOPIC.format(name="Other").encode(),
        },
    )
    outcome = store.apply(merge(store, "A and B", ["a.md", "b.md"]), Kept())
    assert set(outcome.removed) == {"a.md", "b.md"} and "m1" in outcome.written
    assert not any(str(MAX_INDEX_LINES) in note for note in outcome.notes)
    assert (store.path / "MEMORY.md").read_bytes() == index


def test_a_full_index_is_still_reported(tmp_path: Path) -> None:
    padding = "".join(f"note {n}\n" for n in range(MAX_INDEX_LINES - 1))
    store = claude(
        tmp_path,
        {
            "MEMORY.md": ("- [A](a.md)\n" + padding).encode(),
            "a.md": TOPIC.format(name="A").encode(),
        },
    )
    back = PutBack("cc-x", "gone.md", b"Back.\n", {"index_line": "- [Gone](gone.md)"}, near="a.md")
    outcome = store.apply(WritePlan(put_back=[back]), Kept())
    assert outcome.put_back["cc-x"][0] == "gone.md"
    assert [n for n in outcome.notes if f"{MAX_INDEX_LINES} lines" in n]


def test_a_put_back_whose_place_is_gone_says_so(tmp_path: Path) -> None:
    # An undo puts a source back in place of its merged item's line; the agent removed that line.
    store = claude(
        tmp_path,
        {"MEMORY.md": b"# Index\n", "merged.md": TOPIC.format(name="Merged").encode()},
    )
    (merged,) = store.read().items
    back = PutBack(
        "cc-a",
        "a.md",
        TOPIC.format(name="A").encode(),
        {"index_line": "- [A](a.md) — about a"},
        in_place_of="merged.md",
    )
    plan = WritePlan(
        removals=[Removal("merged.md", merged.version, merged.fields)], put_back=[back]
    )
    outcome = store.apply(plan, Kept())
    assert outcome.put_back["cc-a"][0] == "a.md" and set(outcome.removed) == {"merged.md"}
    assert not any(f"{MAX_INDEX_LINES} lines" in note for note in outcome.notes)
    assert outcome.notes == [
        "the line it was to take the place of is not in MEMORY.md: not indexed: "
        "- [A](a.md) — about a"
    ]
