"""The claude-code kind on literal directories: what it reads, what it leaves alone, and the
writes it makes under a version check (dream_assets/core/store/kinds/claude_code.py)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from dream_assets.core.store.kinds.boundary import (
    NewItem,
    PutBack,
    Removal,
    StoreConfigError,
    WritePlan,
    item_version,
)
from dream_assets.core.store.kinds.claude_code import ClaudeCodeStore
from dream_assets.core.store.kinds.memory_index import MAX_INDEX_LINES, linked_file
from dream_assets.core.store.kinds.topic_file import _simple_front_matter, parse_topic_file
from dream_assets_tests.claude_code_dirs import INDEX, TOPICS, tree_bytes, write_claude_memory


def store_at(tmp_path: Path) -> ClaudeCodeStore:
    memory = write_claude_memory(tmp_path / "memory", outside=tmp_path / "outside")
    return ClaudeCodeStore.from_config({"path": str(memory)}, tmp_path / "dream-store.json")


class Kept(dict[str, bytes]):
    def __call__(self, items: Sequence[tuple[str, bytes]]) -> None:
        self.update(items)


def removal(store: ClaudeCodeStore, ref: str) -> Removal:
    item = next(i for i in store.read().items if i.ref == ref)
    return Removal(ref=ref, version=item.version, fields=item.fields)


def test_read_maps_topic_files_and_reports_each_unreadable_one_by_name(tmp_path: Path) -> None:
    read = store_at(tmp_path).read()
    items = {i.ref: i for i in read.items}
    assert set(items) == {
        "user_role.md",
        "user_role_copy.md",
        "deploys.md",
        "deploys_short.md",
        "oncall.md",
    }
    role = items["user_role.md"]
    assert role.category == "claude-code/user"
    assert (
        role.text == "Ana is a senior data engineer on the payments team and prefers terse answers."
    )
    assert role.fields["name"] == "User role"
    assert role.fields["index_line"].startswith("- [User role](user_role.md)")
    assert role.version == item_version(TOPICS["user_role.md"])
    assert items["deploys.md"].category == "claude-code/note"  # no front matter
    assert "index_line" not in items["oncall.md"].fields  # not in the index
    reasons = {u.ref: u.reason for u in read.unreadable}
    assert reasons["broken.md"].startswith("malformed front matter")
    assert reasons["latin1.md"].startswith("not UTF-8")
    assert reasons["escape.md"] == "a symlink leaving the directory (not followed)"


def test_front_matter_never_closed_is_malformed() -> None:
    with pytest.raises(ValueError, match="never closed"):
        parse_topic_file("---\nname: x\nbody without the closing line\n")
    assert parse_topic_file("plain body\n") == ({}, "plain body\n")


def test_a_symlinked_memory_index_is_reported_and_no_removal_touches_it(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    target = tmp_path / "elsewhere.md"
    target.write_text(INDEX, encoding="utf-8")
    (store.path / "MEMORY.md").unlink()
    (store.path / "MEMORY.md").symlink_to(target)
    read = store.read()
    assert any(u.ref == "MEMORY.md" and "symlink" in u.reason for u in read.unreadable)
    outcome = store.apply(WritePlan(removals=[removal(store, "deploys_short.md")]), Kept())
    assert outcome.removed == {} and outcome.changed
    assert (store.path / "deploys_short.md").read_bytes() == TOPICS["deploys_short.md"]
    assert target.read_text(encoding="utf-8") == INDEX


def test_merge_writes_a_new_file_and_takes_its_sources_index_place(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    plan = WritePlan(
        new=[
            NewItem(
                entry_id="merged-1",
                text="Releases go out through GitHub Actions on every tag, staging first.",
                category="claude-code/note",
                source_refs=("deploys.md", "deploys_short.md"),
                source_fields=tuple(
                    removal(store, r).fields for r in ("deploys.md", "deploys_short.md")
                ),
            )
        ],
        removals=[removal(store, "deploys.md"), removal(store, "deploys_short.md")],
    )
    kept = Kept()
    outcome = store.apply(plan, kept)
    ref, version = outcome.written["merged-1"]
    data = (store.path / ref).read_bytes()
    assert item_version(data) == version
    assert data.startswith(b"---\nname: Deploys\ndescription: how a release reaches production;")
    assert set(outcome.removed) == {"deploys.md", "deploys_short.md"}
    assert kept["deploys.md"] == TOPICS["deploys.md"] and kept["MEMORY.md"] == INDEX.encode()
    index = (store.path / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    before = INDEX.splitlines()
    spot = before.index("- [Deploys](deploys.md) — how a release reaches production")
    assert linked_file(index[spot]) == ref
    assert index[:spot] == before[:spot] and index[spot + 1 :] == before[spot + 2 :]


def test_an_item_changed_since_the_snapshot_is_never_removed(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    stale = removal(store, "oncall.md")
    (store.path / "oncall.md").write_text("The rota changes on Tuesdays now.\n", encoding="utf-8")
    kept = Kept()
    outcome = store.apply(WritePlan(removals=[stale]), kept)
    assert outcome.removed == {} and outcome.changed[0][0] == "oncall.md"
    assert "Tuesdays" in (store.path / "oncall.md").read_text(encoding="utf-8")
    assert kept == {}


def test_a_source_whose_index_line_the_agent_edited_stays_with_its_line(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    stale = removal(store, "deploys_short.md")
    text = INDEX.replace("the first half of that note", "edited by the agent")
    (store.path / "MEMORY.md").write_text(text, encoding="utf-8")
    outcome = store.apply(WritePlan(removals=[stale]), Kept())
    assert outcome.removed == {} and "MEMORY.md line changed" in outcome.changed[0][1]
    assert (store.path / "MEMORY.md").read_text(encoding="utf-8") == text
    assert (store.path / "deploys_short.md").exists()


def test_an_agent_write_to_memory_md_during_the_writeback_is_kept(tmp_path: Path) -> None:
    """The index is re-read right before its replace: an agent line added after the first read
    (here: while the source's bytes are being kept) survives, and the edit still applies."""
    store = store_at(tmp_path)
    index = store.path / "MEMORY.md"
    agent_line = "- [Fresh](fresh.md) — written by the agent mid-writeback\n"

    class AgentWrites(Kept):
        def __call__(self, items: Sequence[tuple[str, bytes]]) -> None:
            super().__call__(items)
            if "MEMORY.md" in dict(items) and agent_line not in index.read_text(encoding="utf-8"):
                index.write_text(index.read_text(encoding="utf-8") + agent_line, encoding="utf-8")

    outcome = store.apply(WritePlan(removals=[removal(store, "deploys_short.md")]), AgentWrites())
    assert set(outcome.removed) == {"deploys_short.md"}
    text = index.read_text(encoding="utf-8")
    assert text.endswith(agent_line) and "(deploys_short.md)" not in text


def test_memory_md_never_grows_past_200_lines(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    index = store.path / "MEMORY.md"
    lines = INDEX.splitlines(keepends=True)
    padded = "".join(lines) + "".join(f"note {n}\n" for n in range(MAX_INDEX_LINES - len(lines)))
    index.write_text(padded, encoding="utf-8")
    back = PutBack(
        entry_id="cc-x",
        ref="gone.md",
        data=b"A note put back.\n",
        fields={"index_line": "- [Gone](gone.md) — back again"},
    )
    outcome = store.apply(WritePlan(put_back=[back]), Kept())
    assert outcome.put_back["cc-x"][0] == "gone.md"
    assert index.read_text(encoding="utf-8") == padded
    assert len(padded.splitlines()) == MAX_INDEX_LINES
    assert outcome.notes and "not indexed" in outcome.notes[0]


def test_crlf_index_keeps_its_line_endings(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    crlf = INDEX.replace("\n", "\r\n")
    (store.path / "MEMORY.md").write_bytes(crlf.encode())
    store.apply(WritePlan(removals=[removal(store, "deploys_short.md")]), Kept())
    after = (store.path / "MEMORY.md").read_bytes().decode()
    assert after == crlf.replace(
        "- [Deploys, short](deploys_short.md) — the first half of that note\r\n", ""
    )


def test_put_back_never_overwrites_a_file_the_agent_wrote_under_that_name(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    (store.path / "gone.md").write_text("The agent's own new note.\n", encoding="utf-8")
    back = PutBack(entry_id="cc-gone", ref="gone.md", data=b"The original.\n")
    outcome = store.apply(WritePlan(put_back=[back]), Kept())
    ref, _ = outcome.put_back["cc-gone"]
    assert ref == "gone-restored.md"
    assert (store.path / "gone.md").read_text(encoding="utf-8") == "The agent's own new note.\n"
    assert (store.path / ref).read_bytes() == b"The original.\n"


def test_nothing_outside_the_directory_is_written(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    outside = tree_bytes(tmp_path / "outside")
    (store.path / "escape.md").unlink()
    (store.path / "escape.md").symlink_to(tmp_path / "outside" / "secret.md")
    plan = WritePlan(
        new=[
            NewItem("m", "Secret text.", "claude-code/note", ("escape.md",), ({"name": "escape"},))
        ],
        removals=[Removal("escape.md", item_version(b"Outside the memory directory.\n"))],
    )
    outcome = store.apply(plan, Kept())
    assert outcome.removed == {} and outcome.missing == ["escape.md"]
    assert tree_bytes(tmp_path / "outside") == outside
    assert (store.path / "escape.md").is_symlink()


def test_config_refuses_a_relative_or_symlinked_path(tmp_path: Path) -> None:
    with pytest.raises(StoreConfigError, match="not an absolute path"):
        ClaudeCodeStore.from_config({"path": "memory"}, tmp_path / "dream-store.json")
    real = write_claude_memory(tmp_path / "memory")
    (tmp_path / "link").symlink_to(real)
    with pytest.raises(StoreConfigError, match="is a symlink"):
        ClaudeCodeStore.from_config({"path": str(tmp_path / "link")}, tmp_path / "x.json")


def test_a_retried_merge_takes_the_file_an_interrupted_run_wrote(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    item = NewItem(
        "merged-1", "Rota changes on Mondays.", "claude-code/note", (), ({"name": "Rota"},)
    )
    first = store.apply(WritePlan(new=[item]), Kept()).written["merged-1"]
    again = store.apply(WritePlan(new=[item]), Kept()).written["merged-1"]
    assert first == again and not (store.path / "rota-2.md").exists()


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["name", "description", "type", "originSessionId", "x-y"]),
            st.text(alphabet="abAB yes:#-,'\"[]{}&*!|>%@`~ 1.0\t", min_size=0, max_size=20),
        ),
        max_size=4,
    )
)
def test_plain_front_matter_reads_as_yaml_reads_it(pairs: list[tuple[str, str]]) -> None:
    """The fast reader of "key: words" lines agrees with yaml.safe_load wherever it answers."""
    block = "".join(f"{key}: {value}\n" for key, value in pairs)
    fast = _simple_front_matter(block)
    if fast is not None:
        assert yaml.safe_load(block) == (fast or None)
