"""One agent directory per LangGraph namespace under a prefix (``dream connect langgraph DSN
--namespace-prefix memories --agents-root ROOT``; docs/stores.md).

Each namespace under the prefix gets ``ROOT/<name>/dream-store.json``; re-running adds the new
namespaces and leaves the existing directories as they are. The connection is recorded in
``ROOT/dream-stores.json`` so that the discovery sensor registers new namespaces on its own.

A directory's name is the namespace's labels after the prefix joined by ``.`` (a LangGraph label
never holds a ``.``, so two namespaces never share a name), e.g. ``user-42`` for
``("memories", "user-42")``; a label with any other character than letters, digits, ``_`` and
``-``, or a leading ``-``, gives a name with those replaced and a hash of the namespace
appended: never a path separator, never ``..``, the same name on every run.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dream_assets.core.store.atomic import atomic_write_text
from dream_assets.core.store.connection import STORE_FILE, connect, read_store_config
from dream_assets.core.store.kinds.boundary import StoreConfigError
from dream_assets.core.store.kinds.langgraph_db import (
    ARCHIVE_ROOT,
    mask_dsn,
    opened,
    parse_namespace,
    resolve_dsn,
)

STORES_FILE = "dream-stores.json"
STORES_VERSION = 1
# ``list_namespaces``' LIMIT for "all of them" (PostgreSQL's LIMIT is a bigint).
ALL = 2**63 - 1
UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")
MAX_NAME = 120


def agent_name(namespace: tuple[str, ...], prefix: tuple[str, ...]) -> str:
    """The agent directory's name for ``namespace`` (stable; never a path)."""
    rest = namespace[len(prefix) :] or namespace[-1:]
    labels = [UNSAFE.sub("_", label) for label in rest]
    name = ".".join(labels)
    if labels != list(rest) or name.startswith(("-", "_")) or len(name) > MAX_NAME:
        digest = hashlib.sha256("\x00".join(namespace).encode()).hexdigest()[:10]
        name = f"{name.lstrip('-_.')[:MAX_NAME] or 'ns'}-{digest}"
    return name


@dataclass
class Registration:
    prefix: tuple[str, ...]
    namespaces: int = 0
    added: list[str] = field(default_factory=list)
    existing: int = 0
    # (directory name, why it was left alone)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def list_namespaces(dsn: str, prefix: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every namespace under ``prefix``, without the dream's archive: the library's
    ``list_namespaces`` in one call, so one query and one view of the table (every namespace
    there throughout is listed; one created or deleted meanwhile may be there or not). Pages by
    OFFSET were not: a namespace deleted between two pages moved the next one into the page
    already read (that agent missed). The library's query reads every row under the prefix on
    each call, so one call also costs the least; only the namespaces (few beside the rows) are
    held, as the list returned holds them anyway."""
    with opened(dsn) as store:
        found = store.list_namespaces(prefix=prefix, limit=ALL)
    return sorted({tuple(ns) for ns in found if ns and ns[0] != ARCHIVE_ROOT})


def register_prefix(root: Path, connection: dict[str, Any]) -> Registration:
    """Connect one agent directory per namespace under ``connection["namespace_prefix"]``.

    ``connection``: ``kind``, ``dsn`` (as dream-store.json will hold it), ``namespace_prefix``,
    optionally ``embed`` and ``index_fields``."""
    where = Path(root) / STORES_FILE
    prefix = parse_namespace(connection.get("namespace_prefix"), f"{where}: namespace_prefix")
    dsn = resolve_dsn(connection.get("dsn"), where)
    result = Registration(prefix)
    namespaces = list_namespaces(dsn, prefix)
    result.namespaces = len(namespaces)
    base = {k: v for k, v in connection.items() if k != "namespace_prefix"}
    for namespace in namespaces:
        name = agent_name(namespace, prefix)
        home = Path(root) / name
        config = {**base, "namespace": list(namespace)}
        if (home / STORE_FILE).exists():
            try:
                held = read_store_config(home)
            except StoreConfigError as exc:
                result.skipped.append((name, str(exc)))
                continue
            if held is not None and list(held.get("namespace") or []) == list(namespace):
                result.existing += 1
            else:
                result.skipped.append((name, "connected to another store; left as it is"))
            continue
        try:
            connect(home, config, check=False)  # the listing has just read this database
        except StoreConfigError as exc:
            result.skipped.append((name, str(exc)))
            continue
        result.added.append(name)
    return result


def recorded(root: Path) -> list[dict[str, Any]]:
    """The prefix connections ``ROOT/dream-stores.json`` records (none without the file)."""
    path = Path(root) / STORES_FILE
    if not path.exists():
        return []
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise StoreConfigError(f"{path}: cannot be read as JSON ({exc})") from exc
    prefixes = raw.get("prefixes") if isinstance(raw, dict) else None
    if not isinstance(prefixes, list) or not all(isinstance(p, dict) for p in prefixes):
        raise StoreConfigError(f'{path}: must be {{"version": 1, "prefixes": [...]}}')
    return prefixes


def record(root: Path, connection: dict[str, Any]) -> None:
    """Add ``connection`` to ``ROOT/dream-stores.json`` (once per DSN and prefix)."""
    prefixes = recorded(root)
    same = [
        p
        for p in prefixes
        if p.get("dsn") == connection.get("dsn")
        and p.get("namespace_prefix") == connection.get("namespace_prefix")
    ]
    if not same:
        prefixes.append(connection)
    payload = {"version": STORES_VERSION, "prefixes": prefixes}
    Path(root).mkdir(parents=True, exist_ok=True)
    atomic_write_text(Path(root) / STORES_FILE, json.dumps(payload, indent=2) + "\n")


def sync_agents_root(root: Path) -> tuple[list[Registration], list[str]]:
    """Every recorded prefix registered again (new namespaces get a directory), and one line
    per prefix that could not be listed (the DSN masked)."""
    done: list[Registration] = []
    problems: list[str] = []
    for connection in recorded(root):
        try:
            done.append(register_prefix(root, connection))
        except StoreConfigError as exc:
            problems.append(mask_dsn(str(exc)))
    return done, problems


def sync_agents_root_lines(root: Path) -> tuple[list[str], list[str]]:
    """For the discovery sensor: ``sync_agents_root`` as (info lines, warning lines); nothing
    without ``ROOT/dream-stores.json``; never raises for a store it cannot reach."""
    if not (Path(root) / STORES_FILE).exists():
        return [], []
    try:
        done, problems = sync_agents_root(root)
    except StoreConfigError as exc:
        return [], [mask_dsn(str(exc))]
    infos = [
        f"{len(r.added)} new namespaces under {'/'.join(r.prefix)}: agent directories added"
        for r in done
        if r.added
    ]
    return infos, [f"{STORES_FILE}: {p}" for p in problems]
