"""The openclaw kind on literal workspaces: what it reads of MEMORY.md, what it leaves alone,
and the in-place edits it makes under a version check (core/store/kinds/openclaw.py)."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dream_assets.core.store.kinds.boundary import (
    NewItem,
    PutBack,
    Removal,
    StoreConfigError,
    WritePlan,
)
from dream_assets.core.store.kinds.memory_md import parse, render_item
from dream_assets.core.store.kinds.openclaw import OpenClawStore
from dream_assets_tests.openclaw_workspaces import (
    DEPLOYS,
    DEPLOYS_SHORT,
    MEMORY,
    ROLE,
    notes_bytes,
    skeleton,
    write_workspace,
)


def store_at(tmp_path: Path, memory: str = MEMORY) -> OpenClawStore:
    workspace = write_workspace(tmp_path / "workspace", memory)
    return OpenClawStore.from_config({"workspace": str(workspace)}, tmp_path / "dream-store.json")


class Kept(dict[str, bytes]):
    def __init__(self, then: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.then = then

    def __call__(self, items: Sequence[tuple[str, bytes]]) -> None:
        self.update(items)
        if self.then is not None:
            then, self.then = self.then, None
            then()


def refs_of(store: OpenClawStore, text: str) -> list[str]:
    return [i.ref for i in store.read().items if i.text == text]


def removal(store: OpenClawStore, ref: str) -> Removal:
    item = next(i for i in store.read().items if i.ref == ref)
    return Removal(ref=ref, version=item.version, fields=item.fields)


def merge_plan(store: OpenClawStore, text: str, refs: Sequence[str]) -> WritePlan:
    items = {i.ref: i for i in store.read().items}
    return WritePlan(
        new=[
            NewItem(
                entry_id="merged-1",
                text=text,
                category=items[refs[0]].category,
                source_refs=tuple(refs),
                source_fields=tuple(items[r].fields for r in refs),
            )
        ],
        removals=[removal(store, r) for r in refs],
    )


def test_read_maps_list_items_with_heading_paths_and_nested_lists(tmp_path: Path) -> None:
    read = store_at(tmp_path).read()
    assert len(read.items) == 8 and not read.unreadable
    by_text = {i.text: i for i in read.items}
    assert by_text[ROLE].category == "openclaw/long-term-memory/people/ana"
    assert by_text[DEPLOYS_SHORT].category == "openclaw/long-term-memory/project/infra"
    manager = next(i for i in read.items if i.text.startswith("Ana's manager"))
    # A nested list belongs to its parent item: removing it never orphans the children.
    assert manager.text.splitlines()[1:] == [
        "- He runs the Thursday sync.",
        "- He prefers written updates.",
    ]
    # Same text twice under one heading: two refs; the same text under another heading: another.
    lisbon = [i for i in read.items if i.text.startswith("Ana lives in Lisbon")]
    assert len({i.ref for i in lisbon}) == 2
    assert len(set(refs_of(store_at(tmp_path / "b"), ROLE))) == 2
    assert not any("inside fenced code" in i.text for i in read.items)


def test_a_ref_stays_when_lines_around_it_move(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    before = {i.ref: i.version for i in store.read().items}
    path = store.workspace / "MEMORY.md"
    path.write_text("- A new first item.\n\n" + MEMORY, encoding="utf-8")
    after = {i.ref: i.version for i in store.read().items}
    assert set(before) < set(after) and all(after[r] == v for r, v in before.items())


def test_merge_replaces_the_first_source_in_place_and_keeps_what_leaves(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    notes = notes_bytes(store.workspace)
    refs = [refs_of(store, DEPLOYS_SHORT)[0], refs_of(store, DEPLOYS)[0]]
    kept = Kept()
    outcome = store.apply(merge_plan(store, DEPLOYS, refs), kept)
    assert set(outcome.removed) == set(refs) and not outcome.changed
    text = (store.workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert skeleton(text) == skeleton(MEMORY)
    assert notes_bytes(store.workspace) == notes
    assert kept["MEMORY.md"] == MEMORY.encode()
    original = parse(MEMORY).by_ref()
    assert all(kept[r] == original[r].data for r in refs)
    # At the first source in the file (Project), not the merge's first (Infra).
    ref, version = outcome.written["merged-1"]
    item = parse(text).by_ref()[ref]
    assert item.headings[-1] == "Project" and item.version == version
    assert store.current_version(ref) == version
    assert all(store.current_version(r) is None for r in refs if r != ref)


def test_an_item_changed_since_the_snapshot_is_left_and_the_merge_still_lands(
    tmp_path: Path,
) -> None:
    store = store_at(tmp_path)
    refs = refs_of(store, ROLE)
    plan = merge_plan(store, ROLE + " She reviews on Fridays.", refs)
    path = store.workspace / "MEMORY.md"
    # A whitespace edit keeps the item's ref with another version; a text edit gives a new ref.
    edited = MEMORY.replace(f"- {ROLE}\n- Ana lives", f"-  {ROLE}\n- Ana lives", 1)
    path.write_text(edited, encoding="utf-8")
    outcome = store.apply(plan, Kept())
    assert [r for r, _ in outcome.changed] == [refs[0]]
    text = path.read_text(encoding="utf-8")
    assert f"-  {ROLE}\n" in text and "She reviews on Fridays." in text
    assert skeleton(text) == skeleton(edited)

    store = store_at(tmp_path / "b")
    refs = refs_of(store, ROLE)
    plan = merge_plan(store, ROLE + " She reviews on Fridays.", refs)
    path = store.workspace / "MEMORY.md"
    path.write_text(MEMORY.replace(ROLE, ROLE + " (since 2024)", 1), encoding="utf-8")
    outcome = store.apply(plan, Kept())
    # The two copies were the same bytes: whichever ref the unedited copy holds now, it is the
    # one that leaves, and the edited one stays.
    assert len(outcome.missing) == 1 and len(outcome.removed) == 1
    text = path.read_text(encoding="utf-8")
    assert f"- {ROLE} (since 2024)\n" in text and text.count("She reviews on Fridays.") == 1


def test_an_agent_write_between_the_re_read_and_the_replace_is_not_lost(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    refs = refs_of(store, ROLE)
    path = store.workspace / "MEMORY.md"

    def agent_writes() -> None:
        path.write_text(MEMORY + "\n- Written by OpenClaw meanwhile.\n", encoding="utf-8")

    outcome = store.apply(merge_plan(store, ROLE, refs), Kept(then=agent_writes))
    text = path.read_text(encoding="utf-8")
    assert "- Written by OpenClaw meanwhile.\n" in text
    assert text.count(ROLE) == 1 and len(outcome.removed) == 2


@pytest.mark.parametrize("problem", ["symlink", "latin1"])
def test_an_unusable_memory_md_is_reported_and_never_written(tmp_path: Path, problem: str) -> None:
    store = store_at(tmp_path)
    path = store.workspace / "MEMORY.md"
    plan = merge_plan(store, ROLE, refs_of(store, ROLE))
    if problem == "symlink":
        (tmp_path / "elsewhere.md").write_text(MEMORY, encoding="utf-8")
        path.unlink()
        os.symlink(tmp_path / "elsewhere.md", path)
    else:
        path.write_bytes("- Caf\u00e9 in Latin-1\n".encode("latin-1"))
    before = (tmp_path / "elsewhere.md").read_bytes() if problem == "symlink" else path.read_bytes()
    read = store.read()
    assert not read.items and [u.ref for u in read.unreadable] == ["MEMORY.md"]
    outcome = store.apply(plan, Kept())
    assert not outcome.removed and not outcome.written and outcome.failures
    after = (tmp_path / "elsewhere.md").read_bytes() if problem == "symlink" else path.read_bytes()
    assert after == before


def test_check_target_refuses_a_directory_without_the_openclaw_layout(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(StoreConfigError, match="not an OpenClaw workspace"):
        OpenClawStore(tmp_path / "empty").check_target()
    with pytest.raises(StoreConfigError, match='needs "workspace"'):
        OpenClawStore.from_config({}, tmp_path / "dream-store.json")
    store_at(tmp_path).check_target()


LINE = st.text(st.sampled_from("ab -*#\t`~1"), max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(LINE, max_size=25), st.booleans())
def test_parse_partitions_every_line_into_items_or_skeleton(lines: list[str], crlf: bool) -> None:
    text = ("\r\n" if crlf else "\n").join(lines)
    parsed = parse(text)
    spans = [(i.start, i.end) for i in parsed.items]
    assert all(a < b for a, b in spans)
    assert all(b <= c for (_, b), (c, _) in itertools.pairwise(spans))
    assert "".join(parsed.lines) == text
    for item in parsed.items:
        assert item.data == "".join(parsed.lines[item.start : item.end]).encode()
        assert len(parse(render_item(item.text, like=item.data, newline="\n")).items) == 1


def test_put_back_without_a_holder_goes_to_the_end_of_its_own_section(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    items = {i.text: i for i in parse(MEMORY).items}
    short = items[DEPLOYS_SHORT]
    path = store.workspace / "MEMORY.md"
    path.write_text(MEMORY.replace(short.data.decode(), "", 1), encoding="utf-8")
    back = PutBack(
        entry_id="o-short",
        ref=short.ref,
        data=short.data,
        fields={"index_line": short.heading_lines},
    )
    outcome = store.apply(WritePlan(put_back=[back]), Kept())
    assert outcome.put_back["o-short"] == (short.ref, short.version)
    text = path.read_text(encoding="utf-8")
    # After the last item still under "### Infra" (Lisbon), before the thematic break.
    last_infra = "  and cycles to the office.\n\n* * *"
    assert text == MEMORY.replace(short.data.decode(), "", 1).replace(
        last_infra, "  and cycles to the office.\n" + short.data.decode() + "\n* * *"
    )
    assert skeleton(text) == skeleton(MEMORY)
