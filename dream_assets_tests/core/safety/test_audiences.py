"""Seed 003, audiences: "Victor's surprise-party DM and later balloon update remain unavailable to
the coworker, public channels, other connector namespaces, and other agents." One model call
sees one audience, a merge across audiences is refused in code whatever the model replies, and
private text leaves the volume only with the operator's per-agent opt-in."""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import dagster as dg
import duckdb
import pytest

from dream_assets.core.clock import format_time
from dream_assets.core.facts.coverage import load_vocabulary
from dream_assets.core.llm_reply import MemoryReply, SaveItem
from dream_assets.core.memory.merge import build_merged_entry
from dream_assets.core.near_duplicates.cluster import Cluster
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.audience import OWNER, separate_audiences, shareable_text
from dream_assets.core.safety.review_queue import ReviewQueue, make_item
from dream_assets.core.store.entry_index import INDEX_FILE
from dream_assets.defs.jobs import CYCLE_ASSETS, PASS_CHECKS
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.operations.review_decisions import ReviewConflict, approve
from dream_assets.passes.call import PassCall
from dream_assets.passes.duplicate_clusters.scan import scan_duplicate_clusters
from dream_assets.passes.memory_consolidation.apply import apply_reply
from dream_assets.passes.memory_consolidation.run import run_memory_consolidation
from dream_assets.passes.memory_consolidation.state import ConsolidationRun
from dream_assets_tests.builders import EARLIER_TURN, NOW, entry, make_volume
from dream_assets_tests.scripted_llm import ScriptedLLM

VICTOR = "dm:victor"
COWORKERS = "group:coworkers"
PRIVATE = re.compile(r"surprise|balloon", re.IGNORECASE)

# Which audience a piece of text belongs to, by words only that audience's entries use.
MARKERS = {
    VICTOR: re.compile(r"\[v-\d\]|surprise|balloon", re.IGNORECASE),
    COWORKERS: re.compile(r"\[c-\d\]|offsite|standup", re.IGNORECASE),
    "public": re.compile(r"\[p-\d\]|museum", re.IGNORECASE),
    OWNER: re.compile(r"\[o-\d\]|cardamom", re.IGNORECASE),
}


def _entries() -> list[Any]:
    victor = {"audience": VICTOR}
    coworkers = {"audience": COWORKERS}
    public = {"audience": "public"}
    return [
        entry(
            "v-1", "Victor is planning a surprise party for Maya at the boathouse.", metadata=victor
        ),
        entry(
            "v-2",
            "Victor bought thirty blue balloons for the surprise party for Maya at the boathouse.",
            metadata=victor,
        ),
        entry(
            "c-1", "The team offsite for Maya is at the boathouse in Lisbon.", metadata=coworkers
        ),
        entry("c-2", "The coworkers hold the standup at ten in Lisbon.", metadata=coworkers),
        entry("p-1", "The city museum by the boathouse opens at nine.", metadata=public),
        entry("p-2", "The city museum by the boathouse closes at six.", metadata=public),
        entry("o-1", "The owner likes cardamom buns from the bakery."),
    ]


def _conversation() -> str:
    lines = [
        {"session_id": "dm1", "audience": VICTOR, "role": "user",
         "content": "Don't tell Maya about the surprise party. I never want it mentioned."},
        {"session_id": "dm2", "audience": VICTOR, "role": "user",
         "content": "Update: I got the balloons for the surprise party."},
        {"session_id": "g1", "audience": COWORKERS, "role": "user",
         "content": "Who books the offsite bus? I prefer short standup notes."},
        {"session_id": "o1", "role": "user", "content": "I prefer cardamom buns. Always bullets."},
        {"session_id": "o2", "role": "user", "content": "Always bullets please, cardamom again."},
    ]  # fmt: skip
    return "".join(json.dumps({"ts": EARLIER_TURN, **line}) + "\n" for line in lines)


def _cross_audience_merge(body: dict[str, Any]) -> str:
    """A model that tries to merge everything it saw with everything it did not."""
    user = str(body["messages"][-1]["content"])
    shown = re.findall(r"^\[([A-Za-z0-9._-]+)\]", user, re.MULTILINE)
    every = ["v-1", "v-2", "c-1", "c-2", "p-1", "p-2", "o-1"]
    save = {
        "content": "Victor is planning a surprise party for Maya at the boathouse with thirty "
        "blue balloons; the team offsite is there too; the museum opens at nine.",
        "category": "events/maya",
        "sourceIds": list(dict.fromkeys([*shown, *every])),
    }
    return json.dumps({"toSave": [save], "toDelete": [i for i in every if i not in shown]})


def _private_in_duckdb(path: Path) -> list[str]:
    found = []
    with duckdb.connect(str(path), read_only=True) as con:
        tables = con.execute("SELECT table_name FROM information_schema.tables").fetchall()
        for (table,) in tables:
            for row in con.execute(f'SELECT * FROM "{table}"').fetchall():
                if PRIVATE.search(str(row)):
                    found.append(f"{path.name}:{table}")
    return found


def _private_in_entry_index(path: Path, allowed: set[Path]) -> list[str]:
    """The entry index caches each entry file's text: a row may hold private text only where
    the entry file it caches may."""
    allowed_names = {p.name for p in allowed}
    with closing(sqlite3.connect(path)) as con:
        rows = con.execute("SELECT name, body FROM entries").fetchall()
    return [
        f"{path.name}: {name}"
        for name, body in rows
        if name not in allowed_names and PRIVATE.search(body or "")
    ]


def _leaks(root: Path, *, allowed: set[Path]) -> list[str]:
    leaks = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and p not in allowed):
        if path.suffix == ".duckdb":
            leaks += _private_in_duckdb(path)
        elif path.name == INDEX_FILE:
            leaks += _private_in_entry_index(path, allowed)
        elif PRIVATE.search(path.read_bytes().decode("utf-8", "replace")):
            leaks.append(str(path.relative_to(root)))
    return leaks


def test_private_dm_stays_in_its_audience_through_a_full_cycle(
    tmp_path: Path, scripted_llm: ScriptedLLM, caplog: pytest.LogCaptureFixture
) -> None:
    root = tmp_path / "agents"
    volume = make_volume(root / "ada", _entries(), **{"conversation-log.jsonl": _conversation()})
    scripted_llm.respond_with(_cross_audience_merge)
    resources = {
        "dream": DreamResource(agents_root=str(root), now=format_time(NOW)),
        "llm": LLMResource(base_url=scripted_llm.base_url, model="scripted", api_key="x"),
    }
    caplog.set_level(logging.DEBUG)
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada"])
        result = dg.materialize(
            [*CYCLE_ASSETS, *PASS_CHECKS], partition_key="ada", instance=instance,
            resources=resources,
        )  # fmt: skip
        assert result.success
        instance_root = Path(instance.root_directory)
        metadata = [
            str(m.metadata)
            for m in result.get_asset_materialization_events()
            for m in [m.materialization]
        ]
        records = instance.all_logs(result.run_id)
        log_text = [str(r.message) + str(r.dagster_event) for r in records]
        instance_leaks = _leaks(instance_root, allowed=set())

    # Every prompt, verification and repair saw one audience.
    served = scripted_llm.requests + scripted_llm.verifications
    assert any(MARKERS[VICTOR].search(json.dumps(r)) for r in served), "Victor's call was made"
    for request in served:
        text = "\n".join(str(m["content"]) for m in request["messages"])
        seen = {a for a, marker in MARKERS.items() if marker.search(text)}
        assert len(seen) <= 1, f"one model call saw {seen}: {text[-1500:]}"

    # Nothing merged across audiences; the private facts are still Victor's.
    for item in volume.scan_entries().entries:
        audience = item.metadata.get("audience", OWNER)
        if PRIVATE.search(item.content):
            assert audience == VICTOR, item.id
        assert item.archive_reason != "merged" or item.id.startswith("v-")
    live = {e.id for e in volume.scan_entries().live}
    assert {"c-1", "c-2", "p-1", "p-2", "o-1"} <= live

    # No file the run wrote outside Victor's own entries quotes the private text.
    victor_entries = {
        p
        for p in (volume.root / "memory" / "entries").glob("*.json")
        if json.loads(p.read_text())["metadata"].get("audience") == VICTOR
    }
    assert _leaks(volume.root, allowed=victor_entries) == []
    assert instance_leaks == []
    assert not any(PRIVATE.search(m) for m in metadata)
    assert not any(PRIVATE.search(line) for line in log_text)
    assert not any(PRIVATE.search(r.getMessage()) for r in caplog.records)


def _run(tmp_path: Path, entries: list[Any], options: DreamOptions) -> ConsolidationRun:
    volume = make_volume(tmp_path / "agent", entries)
    vocabulary, _ = load_vocabulary(volume.vocabulary_path)
    return ConsolidationRun(
        volume=volume, options=options, now=NOW, model=None, vocabulary=vocabulary,
        run_id="r1", report=PassReport("memory_consolidation"), repairs_left=0,
    )  # fmt: skip


def test_merge_across_audiences_refused_whatever_the_reply(tmp_path: Path) -> None:
    public = entry("p-1", "The museum opens at nine.", metadata={"audience": "public"})
    private = entry("o-1", "The museum opens at nine; I go with Victor.")
    cycle = _run(tmp_path, [public, private], DreamOptions())
    reply = MemoryReply(
        to_save=(SaveItem("The museum opens at nine; I go with Victor.", "", (), ("p-1", "o-1")),),
        to_delete=(),
        invalid=(),
    )
    assert apply_reply(cycle, {"p-1": public, "o-1": private}, reply)
    assert cycle.report.counts.get("merged", 0) == 0
    assert [r.action for r in cycle.report.refusals] == ["mixed audiences"]
    live = {e.id for e in cycle.volume.scan_entries().live}
    assert live == {"p-1", "o-1"}  # a public entry with a private extension stays two entries


def test_clusters_split_where_audiences_differ() -> None:
    members = [
        entry("a", "x", metadata={"audience": "public"}),
        entry("b", "x", metadata={"audience": "public"}),
        entry("c", "x"),
    ]
    split = separate_audiences([Cluster("c-0", ("a", "b", "c"), 0.9)], members)
    assert [c.member_ids for c in split] == [("a", "b")]


def test_deterministic_path_never_merges_across_audiences(tmp_path: Path) -> None:
    text = "Maya's party is at the boathouse on Friday."
    volume = make_volume(
        tmp_path / "agent",
        [entry("a", text, metadata={"audience": VICTOR}), entry("b", text), entry("c", text)],
    )
    clusters = [Cluster("c-0", ("a", "b", "c"), 1.0)]
    report = run_memory_consolidation(
        PassCall(volume, DreamOptions(), NOW, model=None), clusters=clusters
    )
    merged = [e for e in volume.scan_entries().live if e.metadata.get("merged_from")]
    assert [sorted(e.metadata["merged_from"]) for e in merged] == [["b", "c"]]
    assert volume.get("a").archived_at is None  # type: ignore[union-attr]
    assert report.counts["merged"] == 1


def test_merged_entry_carries_its_sources_audience() -> None:
    sources = [entry(i, "x", metadata={"audience": VICTOR}) for i in ("a", "b")]
    merged = build_merged_entry(sources, content="x", category="", tags=(), now=NOW, run_id=None)
    assert merged.metadata["audience"] == VICTOR
    with pytest.raises(ValueError):
        build_merged_entry(
            [sources[0], entry("c", "x")], content="x", category="", tags=(), now=NOW, run_id=None
        )


def test_review_approval_refuses_a_merge_across_audiences(tmp_path: Path) -> None:
    public = entry("p-1", "The museum opens at nine.", metadata={"audience": "public"})
    private = entry("o-1", "The museum opens at nine.")
    volume = make_volume(tmp_path / "agent", [public, private])
    item = make_item(
        kind="merge", reason="pinned", sources=[public, private], now=NOW, run_id="r1",
        content="The museum opens at nine.", category="general",
    )  # fmt: skip
    ReviewQueue(volume.root).add(item)
    with pytest.raises(ReviewConflict, match="different audiences"):
        approve(volume, item.id, NOW)


def test_private_text_withheld_from_decisions_unless_opted_in() -> None:
    assert "withheld" in shareable_text("surprise party", VICTOR, log_memory_text=False)
    assert shareable_text("surprise party", VICTOR, log_memory_text=True) == "surprise party"
    assert shareable_text("opens at nine", "public", log_memory_text=False) == "opens at nine"


def test_near_duplicate_scan_never_clusters_across_audiences(tmp_path: Path) -> None:
    text = "Maya's party is at the boathouse on Friday."
    volume = make_volume(
        tmp_path / "agent",
        [entry("a", text, metadata={"audience": VICTOR}), entry("b", text), entry("c", text)],
    )
    _report, clusters = scan_duplicate_clusters(volume, DreamOptions(), NOW)
    assert [c.member_ids for c in clusters or []] == [("b", "c")]
