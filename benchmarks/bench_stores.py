"""Benchmark the store boundary on a Claude Code memory directory and an OpenClaw workspace:
``store_snapshot`` (first,
when every file is new to the mirror, and again with nothing changed) and ``store_writeback``
(merges of duplicate files written back: new files, sources kept and removed, MEMORY.md
rewritten), per 1 000 topic files, beside the anchor measured in the same run: reading the same
files once (open, read, decode), the least any snapshot must do. For OpenClaw the items are the
list items of one ``MEMORY.md``, and the anchor is reading that file once. For LangGraph the
items are the rows of one namespace of a ``PostgresStore`` on the PostgreSQL at 127.0.0.1:5432
(a fresh database, dropped after), and the anchor is one ``search`` of the namespace; and one
``--namespace-prefix`` registration of 1 000 namespaces is timed (skipped without PostgreSQL).

    python benchmarks/bench_stores.py           # 5 000 topic files / MEMORY.md items
    python benchmarks/bench_stores.py --quick   # 1 000 topic files / MEMORY.md items
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import _checkout  # noqa: F401  (this checkout's dream_assets first)
from tables import print_markdown_table

from dream_assets.core.memory.merge import build_merged_entry
from dream_assets.core.models import MemoryEntry
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.kinds.memory_md import parse
from dream_assets.core.store.volume import AgentVolume
from dream_assets.passes.store_sync import run_store_snapshot, run_store_writeback

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
# One file in ten has a duplicate beside it (merged in the writeback case).
DUPLICATE_EVERY = 10
INDEXED = 150  # MEMORY.md stays under Claude Code's 200 lines
REPEATS = 3
TOPICS = ("user", "feedback", "project", "reference")


def write_memory(directory: Path, files: int) -> None:
    directory.mkdir(parents=True)
    lines = ["# Memory", "", "Notes about the project.", ""]
    for n in range(files):
        name = f"note_{n:05d}.md"
        base = n - 1 if n % DUPLICATE_EVERY == 1 else n
        body = (
            f"Fact {base}: the service {base % 97} pages on-call after {base % 13 + 2} failed "
            f"health checks; dashboards at grafana.internal/d/svc-{base}."
        )
        kind = TOPICS[n % len(TOPICS)]
        (directory / name).write_text(
            f"---\nname: Note {n}\ndescription: service {base % 97}\ntype: {kind}\n---\n\n{body}\n",
            encoding="utf-8",
        )
        if n < INDEXED:
            lines.append(f"- [Note {n}]({name}) — service {base % 97}")
    (directory / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


SECTION_ITEMS = 50  # list items under each heading of the OpenClaw MEMORY.md


def write_workspace(directory: Path, items: int) -> None:
    """An OpenClaw workspace: MEMORY.md of ``items`` list items under headings, with prose."""
    (directory / "memory" / ".dreams").mkdir(parents=True)
    lines = ["# Long-term memory", "", "Curated by the agent.", ""]
    for n in range(items):
        if n % SECTION_ITEMS == 0:
            lines += ["", f"## Section {n // SECTION_ITEMS}", "", "Prose about this section.", ""]
        base = n - 1 if n % DUPLICATE_EVERY == 1 else n
        lines.append(
            f"- Fact {base}: the service {base % 97} pages on-call after {base % 13 + 2} failed "
            "health checks;"
        )
        lines.append(f"  dashboards at grafana.internal/d/svc-{base}.")
    (directory / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (directory / "memory" / "2026-11-29.md").write_text("- a daily note\n", encoding="utf-8")


def connect(agent: Path, memory: Path, kind: str = "claude-code") -> AgentVolume:
    agent.mkdir(parents=True)
    field = "workspace" if kind == "openclaw" else "path"
    (agent / "dream-store.json").write_text(json.dumps({"kind": kind, field: str(memory)}))
    return AgentVolume(agent)


def read_memory_once(workspace: Path) -> None:
    (workspace / "MEMORY.md").read_bytes().decode("utf-8").splitlines()


def read_once(memory: Path) -> None:
    for path in sorted(memory.glob("*.md")):
        path.read_bytes().decode("utf-8")


def merge_duplicates(volume: AgentVolume) -> int:
    """Record in the mirror the merges the cycle would make of each duplicate pair."""
    merges = 0
    by_content: dict[str, list[MemoryEntry]] = {}
    for entry in sorted(volume.scan_entries().entries, key=lambda e: e.id):
        by_content.setdefault(entry.content, []).append(entry)
    for group in by_content.values():
        if len(group) != 2:
            continue
        first, second = group
        merged = build_merged_entry(
            [first, second],
            content=first.content,
            category=first.category,
            tags=(),
            now=NOW,
            run_id="bench",
        )
        volume.save(merged)
        for source in (first, second):
            volume.archive(source.id, reason="merged", now=NOW)
        merges += 1
    return merges


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def measure(files: int, work: Path) -> list[list[str]]:
    memory = work / "memory"
    write_memory(memory, files)
    anchor = statistics.median(timed(lambda: read_once(memory)) for _ in range(REPEATS))
    first, idle, writeback, merges = [], [], [], 0
    for attempt in range(REPEATS):
        trial = work / f"trial-{attempt}"
        store = trial / "memory"
        shutil.copytree(memory, store)
        volume = connect(trial / "agent", store)
        snapshot = partial(run_store_snapshot, volume, DreamOptions(), NOW)
        first.append(timed(partial(snapshot, run_id="s1")))
        idle.append(timed(partial(snapshot, run_id="s2")))
        merges = merge_duplicates(volume)
        writeback.append(timed(partial(run_store_writeback, volume, NOW, run_id="w1")))
        assert len(list(store.glob("*.md"))) == files + 1 - merges, "every merge landed"
    per = 1000 / files
    rows = []
    for case, seconds in (
        ("read every file once (anchor)", anchor),
        ("store_snapshot, first (all new)", statistics.median(first)),
        ("store_snapshot, nothing changed", statistics.median(idle)),
        (f"store_writeback, {merges} merges", statistics.median(writeback)),
    ):
        rows.append([case, f"{seconds:.3f}", f"{seconds * per:.3f}", f"{seconds / anchor:.1f}x"])
    return rows


def measure_openclaw(items: int, work: Path) -> list[list[str]]:
    workspace = work / "workspace"
    write_workspace(workspace, items)
    anchor = statistics.median(timed(lambda: read_memory_once(workspace)) for _ in range(REPEATS))
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    parsed = statistics.median(timed(lambda: parse(text)) for _ in range(REPEATS))
    first, idle, writeback, merges = [], [], [], 0
    for attempt in range(REPEATS):
        trial = work / f"openclaw-{attempt}"
        store = trial / "workspace"
        shutil.copytree(workspace, store)
        volume = connect(trial / "agent", store, "openclaw")
        snapshot = partial(run_store_snapshot, volume, DreamOptions(), NOW)
        first.append(timed(partial(snapshot, run_id="s1")))
        idle.append(timed(partial(snapshot, run_id="s2")))
        merges = merge_duplicates(volume)
        writeback.append(timed(partial(run_store_writeback, volume, NOW, run_id="w1")))
        left = parse((store / "MEMORY.md").read_text(encoding="utf-8")).items
        assert len(left) == items - merges, "every merge landed in place"
    per = 1000 / items
    rows = []
    for case, seconds in (
        ("read MEMORY.md once (anchor)", anchor),
        ("parse MEMORY.md into items once", parsed),
        ("store_snapshot, first (all new)", statistics.median(first)),
        ("store_snapshot, nothing changed", statistics.median(idle)),
        (f"store_writeback, {merges} merges", statistics.median(writeback)),
    ):
        rows.append([case, f"{seconds:.4f}", f"{seconds * per:.4f}", f"{seconds / anchor:.0f}x"])
    return rows


@contextmanager
def fresh_database() -> Iterator[str | None]:
    """A fresh database on the local PostgreSQL (None when unreachable), dropped after."""
    import psycopg

    admin_dsn = "postgresql://postgres@127.0.0.1:5432/test"
    name = f"bench_lg_{uuid.uuid4().hex[:8]}"
    try:
        admin = psycopg.connect(admin_dsn, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError:
        yield None
        return
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield f"postgresql://postgres@127.0.0.1:5432/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def put_rows(dsn: str, rows: dict[tuple[str, ...], dict[str, dict[str, object]]]) -> None:
    from langgraph.store.base import PutOp
    from langgraph.store.postgres import PostgresStore

    with PostgresStore.from_conn_string(dsn) as store:
        store.setup()
        store.batch([PutOp(ns, k, v) for ns, values in rows.items() for k, v in values.items()])


def namespace_rows(items: int) -> dict[str, dict[str, object]]:
    rows: dict[str, dict[str, object]] = {}
    for n in range(items):
        base = n - 1 if n % DUPLICATE_EVERY == 1 else n
        text = (
            f"Fact {base}: the service {base % 97} pages on-call after {base % 13 + 2} failed "
            f"health checks; dashboards at grafana.internal/d/svc-{base}."
        )
        # Both LangMem shapes: the tools' and the managers'.
        rows[f"k{n:05d}"] = (
            {"content": text} if n % 2 else {"kind": "Memory", "content": {"content": text}}
        )
    return rows


def measure_langgraph(items: int, work: Path) -> list[list[str]] | None:
    from langgraph.store.postgres import PostgresStore

    from dream_assets.core.store.prefix_agents import register_prefix

    with fresh_database() as dsn:
        if dsn is None:
            return None
        trials = [("memories", f"bench-{n}") for n in range(REPEATS)]
        put_rows(dsn, {ns: namespace_rows(items) for ns in trials})
        with PostgresStore.from_conn_string(dsn) as store:
            anchor = statistics.median(
                timed(lambda ns=ns: store.search(ns, limit=items + 1, refresh_ttl=False))
                for ns in trials
            )
        first, idle, writeback, merges = [], [], [], 0
        for attempt, namespace in enumerate(trials):
            agent = work / f"langgraph-{attempt}"
            agent.mkdir(parents=True)
            config = {"kind": "langgraph", "dsn": dsn, "namespace": list(namespace)}
            (agent / "dream-store.json").write_text(json.dumps(config))
            volume = AgentVolume(agent)
            snapshot = partial(run_store_snapshot, volume, DreamOptions(), NOW)
            first.append(timed(partial(snapshot, run_id="s1")))
            idle.append(timed(partial(snapshot, run_id="s2")))
            merges = merge_duplicates(volume)
            writeback.append(timed(partial(run_store_writeback, volume, NOW, run_id="w1")))
            with PostgresStore.from_conn_string(dsn) as store:
                left = store.search(namespace, limit=items + 1, refresh_ttl=False)
            assert len(left) == items - merges, "every merge landed as one new key"
        tenants = {("tenants", f"user-{n}"): {"m": {"content": f"fact {n}"}} for n in range(1000)}
        put_rows(dsn, tenants)
        connection = {"kind": "langgraph", "dsn": dsn, "namespace_prefix": ["tenants"]}
        start = time.perf_counter()
        done = register_prefix(work / "tenant-agents", connection)
        register = time.perf_counter() - start
        assert len(done.added) == 1000, "one agent per namespace"
    per = 1000 / items
    rows = []
    for case, seconds in (
        ("one search of the namespace (anchor)", anchor),
        ("store_snapshot, first (all new)", statistics.median(first)),
        ("store_snapshot, nothing changed", statistics.median(idle)),
        (f"store_writeback, {merges} merges", statistics.median(writeback)),
    ):
        rows.append([case, f"{seconds:.3f}", f"{seconds * per:.3f}", f"{seconds / anchor:.0f}x"])
    rows.append(["--namespace-prefix: 1 000 namespaces registered", f"{register:.3f}", "", ""])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="1 000 topic files")
    args = parser.parse_args()
    files = 1000 if args.quick else 5000
    with tempfile.TemporaryDirectory(prefix="bench-stores-") as tmp:
        rows = measure(files, Path(tmp))
        openclaw = measure_openclaw(files, Path(tmp))
        langgraph = measure_langgraph(files, Path(tmp))
    print(f"claude-code store, {files} topic files, median of {REPEATS}")
    print_markdown_table(["case", "seconds", "s per 1 000 files", "vs anchor"], rows)
    print()
    print(f"openclaw store, MEMORY.md of {files} list items, median of {REPEATS}")
    print_markdown_table(["case", "seconds", "s per 1 000 items", "vs anchor"], openclaw)
    print()
    if langgraph is None:
        print("langgraph store: skipped (no PostgreSQL at 127.0.0.1:5432)")
        return
    print(f"langgraph store, one namespace of {files} rows (PostgresStore), median of {REPEATS}")
    print_markdown_table(["case", "seconds", "s per 1 000 items", "vs anchor"], langgraph)


if __name__ == "__main__":
    main()
