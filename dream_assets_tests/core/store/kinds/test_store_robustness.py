"""Robustness of the file kinds against input a fuzzing pass found (docs/stores.md, "What the
file kinds refuse"): nothing lost, a clear error naming the file, and a write that cannot be done
fully not done at all. Real files in tmp_path, the real adapters."""

from __future__ import annotations

import contextlib
import os
import re
import threading
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dream_assets.core.store.kinds.boundary import NewItem, PutBack, Removal, WritePlan
from dream_assets.core.store.kinds.claude_code import ClaudeCodeStore
from dream_assets.core.store.kinds.memory_md import HEADING, heading_title, parse
from dream_assets.core.store.kinds.openclaw import OpenClawStore
from dream_assets.core.store.kinds.topic_file import parse_topic_file
from dream_assets.core.store.mirror import entry_id_for, reconcile
from dream_assets_tests.claude_code_dirs import Kept, claude

TOPIC = "---\nname: {name}\ndescription: about {name}\ntype: user\n---\nbody of {name}\n"


def openclaw(tmp_path: Path, memory: bytes) -> OpenClawStore:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    (workspace / "MEMORY.md").write_bytes(memory)
    return OpenClawStore.from_config({"workspace": str(workspace)}, tmp_path / "c.json")


def merge_all(store: OpenClawStore | ClaudeCodeStore, text: str, refs: Sequence[str]) -> WritePlan:
    items = {i.ref: i for i in store.read().items}
    return WritePlan(
        new=[
            NewItem(
                "m1",
                text,
                items[refs[0]].category,
                tuple(refs),
                tuple(items[r].fields for r in refs),
            )
        ],
        removals=[Removal(r, items[r].version, items[r].fields) for r in refs],
    )


# -- 1. OpenClaw: an addition that cannot be placed as a list item ----------------------------


@pytest.mark.parametrize("text", ["---\nsummary line", "- -", "- - -"])
def test_openclaw_merge_that_is_no_list_item_writes_nothing_and_removes_no_source(
    tmp_path: Path, text: str
) -> None:
    before = b"# Notes\n- fact one\n- fact one again\n- other\n"
    store = openclaw(tmp_path, before)
    refs = [i.ref for i in store.read().items[:2]]
    kept = Kept()
    outcome = store.apply(merge_all(store, text, refs), kept)
    assert (store.workspace / "MEMORY.md").read_bytes() == before
    assert outcome.removed == {} and outcome.written == {}
    assert len(outcome.failures) == 1 and "m1" in outcome.failures[0]
    assert sorted(r for r, _why in outcome.changed) == sorted(refs)
    assert [i.text for i in store.read().items] == ["fact one", "fact one again", "other"]


def test_openclaw_failed_merge_leaves_other_removals_of_the_plan(tmp_path: Path) -> None:
    store = openclaw(tmp_path, b"# Notes\n- a\n- a too\n- b\n- b too\n")
    items = store.read().items
    good = merge_all(store, "b and b too", [items[2].ref, items[3].ref])
    bad = merge_all(store, "- -", [items[0].ref, items[1].ref])
    plan = WritePlan(
        new=[NewItem("bad", "- -", items[0].category, bad.new[0].source_refs), good.new[0]],
        removals=bad.removals + good.removals,
    )
    outcome = store.apply(plan, Kept())
    assert "m1" in outcome.written and "bad" not in outcome.written
    assert [i.text for i in store.read().items] == ["a", "a too", "b and b too"]


def test_openclaw_put_back_after_an_unclosed_fence_never_writes(tmp_path: Path) -> None:
    before = b"# Notes\n- keep me\n\nExample:\n```\n"
    store = openclaw(tmp_path, before)
    for _run in range(3):
        plan = WritePlan(
            put_back=[PutBack("e1", "MEMORY.md#notes-deadbeef00", b"- restored fact\n", {})]
        )
        outcome = store.apply(plan, Kept())
        assert outcome.put_back == {} and len(outcome.failures) == 1
        assert "e1" in outcome.failures[0]
    assert (store.workspace / "MEMORY.md").read_bytes() == before


def test_openclaw_put_back_not_placed_keeps_the_item_whose_place_it_takes(
    tmp_path: Path,
) -> None:
    before = b"# Notes\n- merged fact\n\n```\n"
    store = openclaw(tmp_path, before)
    merged = store.read().items[0]
    plan = WritePlan(
        removals=[Removal(merged.ref, merged.version, merged.fields)],
        put_back=[PutBack("e1", "x", b"- - -\n", {}, in_place_of=merged.ref)],
    )
    outcome = store.apply(plan, Kept())
    assert outcome.removed == {} and outcome.failures
    assert (store.workspace / "MEMORY.md").read_bytes() == before


# -- 2. a file name that is not UTF-8 -------------------------------------------------------------


def test_claude_code_non_utf8_file_name_is_reported_and_the_rest_read(tmp_path: Path) -> None:
    store = claude(
        tmp_path, {"MEMORY.md": b"- [A](a.md)\n", "a.md": TOPIC.format(name="A").encode()}
    )
    bad = os.path.join(os.fsencode(store.path), b"bad\xffname.md")
    with open(bad, "wb") as handle:
        handle.write(b"hello")
    read = store.read()
    assert [i.ref for i in read.items] == ["a.md"]
    assert [(u.ref, u.reason) for u in read.unreadable] == [
        ("bad\\xffname.md", "its file name is not UTF-8")
    ]
    result = reconcile("claude-code", read, [], datetime.now(UTC))
    assert [e.metadata["store_ref"] for e in result.new] == ["a.md"]
    with open(bad, "rb") as handle:
        assert handle.read() == b"hello"


def test_entry_id_for_a_ref_with_a_lone_surrogate(tmp_path: Path) -> None:
    ref = os.fsdecode(b"bad\xffname.md")
    assert entry_id_for("claude-code", ref, set()).startswith("cc-bad_name.md-")


# -- 3. fenced code in an item ------------------------------------------------------------------


def test_fenced_code_with_a_blank_line_inside_an_item_hides_nothing_after_it() -> None:
    text = (
        "# A\n- item with code\n  ```\n  x = 1\n\n  - not an item\n  ```\n"
        "- real item after\n\n# B\n- another real item\n"
    )
    items = parse(text).items
    assert [i.text for i in items] == [
        "item with code\n```\nx = 1\n\n- not an item\n```",
        "real item after",
        "another real item",
    ]


def test_a_fence_closes_only_on_a_bare_run_as_long() -> None:
    text = "````\n- in code\n```\n- still code\n````python\n- still code\n````\n- item\n"
    assert [i.text for i in parse(text).items] == ["item"]
    tildes = "~~~~\n- in code\n~~~\n- still code\n~~~~~  \n- item\n"
    assert [i.text for i in parse(tildes).items] == ["item"]


# -- 4. a heading with a long run of spaces -----------------------------------------------------

OLD_HEADING = re.compile(r"^ {0,3}(?P<hashes>#{1,6})[ \t]+(?P<title>.*?)[ \t#]*$")


@pytest.mark.parametrize(
    "line",
    ["# a", "#  a  ", "## a ##", "# a#", "# ###", "#   ", "#\tx\t#", "####### x", " ### x # y ##"],
)
def test_heading_matches_as_before(line: str) -> None:
    old, new = OLD_HEADING.match(line), HEADING.match(line)
    assert (old is None) == (new is None)
    if old and new:
        assert old.group("hashes") == new.group("hashes")
        assert old.group("title").strip() == heading_title(new)


def test_heading_with_a_long_run_of_spaces_is_linear() -> None:
    started = time.monotonic()
    parsed = parse("# a" + " " * 200_000 + "b\n- item\n")
    assert time.monotonic() - started < 1.0
    assert parsed.items[0].headings == ("a" + " " * 200_000 + "b",)


# -- 5. a FIFO -----------------------------------------------------------------------------------


@pytest.fixture
def unblock_fifo(tmp_path: Path) -> Iterator[Path]:
    """A FIFO's path; a reader blocked on it (the bug) is let go after 3 s, so a failing test
    fails instead of hanging."""
    fifo = tmp_path / "fifo"
    stop = threading.Event()

    def writer() -> None:
        deadline = time.monotonic() + 3
        while not stop.wait(0.05):
            if time.monotonic() < deadline:
                continue
            with contextlib.suppress(OSError):  # no reader: nothing to let go
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    yield fifo
    stop.set()
    thread.join()


@pytest.mark.parametrize("kind", ["openclaw", "claude-code"])
def test_a_fifo_named_memory_md_is_reported_not_read(
    tmp_path: Path, unblock_fifo: Path, kind: str
) -> None:
    root = tmp_path / "store"
    root.mkdir()
    (root / "a.md").write_text("a")
    os.mkfifo(root / "MEMORY.md")
    unblock_fifo.symlink_to(root / "MEMORY.md")  # the fixture opens it through the link
    store = (
        OpenClawStore.from_config({"workspace": str(root)}, tmp_path / "c.json")
        if kind == "openclaw"
        else ClaudeCodeStore.from_config({"path": str(root)}, tmp_path / "c.json")
    )
    started = time.monotonic()
    read = store.read()
    assert time.monotonic() - started < 2
    assert [(u.ref, u.reason) for u in read.unreadable] == [
        ("MEMORY.md", "MEMORY.md: not a regular file: left as it is")
    ]


# -- 6. Unicode line separators -------------------------------------------------------------------


def test_openclaw_unicode_line_separators_stay_inside_an_item(tmp_path: Path) -> None:
    store = openclaw(
        tmp_path, "# Facts\n- deploy uses blue\u2028green\x85roll\x0cout\n- other fact\n".encode()
    )
    items = store.read().items
    assert [i.text for i in items] == ["deploy uses blue\u2028green\x85roll\x0cout", "other fact"]
    gone = items[0]
    store.apply(WritePlan(removals=[Removal(gone.ref, gone.version, gone.fields)]), Kept())
    assert (store.workspace / "MEMORY.md").read_text() == "# Facts\n- other fact\n"


def test_claude_code_index_line_with_a_line_separator_leaves_no_orphan(tmp_path: Path) -> None:
    store = claude(
        tmp_path,
        {
            "MEMORY.md": (
                "- [A](a.md) — about a\u2028and more\x1c\n- [B](b.md) — about b\n"
            ).encode(),
            "a.md": TOPIC.format(name="A").encode(),
            "b.md": TOPIC.format(name="B").encode(),
        },
    )
    assert store.read().items[0].fields["index_line"] == "- [A](a.md) — about a\u2028and more\x1c"
    outcome = store.apply(merge_all(store, "A and B", ["a.md", "b.md"]), Kept())
    assert set(outcome.removed) == {"a.md", "b.md"}
    index = (store.path / "MEMORY.md").read_text()
    assert "and more" not in index and index.count("\n") == 1


# -- 7. a byte order mark ----------------------------------------------------------------------


def test_topic_file_with_a_bom_reads_its_front_matter(tmp_path: Path) -> None:
    assert parse_topic_file("\ufeff---\nname: A\n---\nbody\n") == ({"name": "A"}, "body\n")
    store = claude(tmp_path, {"a.md": ("\ufeff" + TOPIC.format(name="A")).encode()})
    (item,) = store.read().items
    assert item.text == "body of A" and item.fields["name"] == "A"


def test_claude_code_index_with_a_bom_reads_its_first_line_and_keeps_the_bom(
    tmp_path: Path,
) -> None:
    store = claude(
        tmp_path,
        {
            "MEMORY.md": (
                "\ufeff- [A](a.md) — about a\n- [B](b.md) — about b\n- [C](c.md)\n"
            ).encode(),
            "a.md": TOPIC.format(name="A").encode(),
            "b.md": TOPIC.format(name="B").encode(),
            "c.md": TOPIC.format(name="C").encode(),
        },
    )
    assert store.read().items[0].fields["index_line"] == "- [A](a.md) — about a"
    outcome = store.apply(merge_all(store, "A and B", ["a.md", "b.md"]), Kept())
    assert set(outcome.removed) == {"a.md", "b.md"}
    index = (store.path / "MEMORY.md").read_bytes()
    assert index.startswith(b"\xef\xbb\xbf- [A](") and index.count(b"\n") == 2


def test_openclaw_memory_md_with_a_bom_reads_its_heading_and_keeps_the_bom(
    tmp_path: Path,
) -> None:
    store = openclaw(tmp_path, "\ufeff# Notes\n- one\n- two\n".encode())
    items = store.read().items
    assert [i.category for i in items] == ["openclaw/notes"] * 2
    gone = items[1]
    store.apply(WritePlan(removals=[Removal(gone.ref, gone.version, gone.fields)]), Kept())
    assert (store.workspace / "MEMORY.md").read_bytes() == "\ufeff# Notes\n- one\n".encode()


# -- 8. a merged topic file that is not written ------------------------------------------------


def test_claude_code_merge_not_written_removes_none_of_its_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every name of the merged file's stem is taken (fewer tries here than the 10 000 of a real
    # store): before, the new file was silently not written and both sources were still removed.
    from dream_assets.core.store.kinds import topic_file

    monkeypatch.setattr(topic_file, "MAX_NAME_TRIES", 3)
    store = claude(
        tmp_path,
        {
            "MEMORY.md": b"- [A](a.md) - about a\n- [B](b.md) - about b\n",
            "a.md": TOPIC.format(name="A").encode(),
            "b.md": TOPIC.format(name="B").encode(),
            "a_and_b.md": TOPIC.format(name="taken").encode(),
            "a_and_b-2.md": TOPIC.format(name="taken too").encode(),
        },
    )
    plan = merge_all(store, "A and B", ["a.md", "b.md"])
    plan.new[0] = NewItem(
        "m1", "A and B", plan.new[0].category, ("a.md", "b.md"), ({"name": "A and B"}, {})
    )
    before = {p.name: p.read_bytes() for p in store.path.iterdir()}
    outcome = store.apply(plan, Kept())
    assert outcome.written == {} and not outcome.removed
    assert any("could not write m1" in f for f in outcome.failures)
    assert {ref for ref, _why in outcome.changed} == {"a.md", "b.md"}
    assert {p.name: p.read_bytes() for p in store.path.iterdir()} == before
