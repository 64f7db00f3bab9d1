"""``dream demo --kind langgraph DSN --namespace memories,demo-user``: a realistic namespace of a
LangGraph ``PostgresStore`` to connect and dream (docs/stores.md), written through the library's
own ``put`` (no SQL of ours).

What LangMem leaves after a few weeks of one user: memories of its tools (``{"content": ...}``)
and of its managers (``{"kind": "Memory", "content": {"content": ...}}``), the same fact saved
twice word for word, a shorter copy of a longer one, a paraphrase only a model merges, and rows
of other value shapes (a profile, settings) the cycle leaves alone. Keys are uuids, as LangMem's.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from dream_assets.core.store.kinds.langgraph_db import library, mask_dsn, opened, parse_namespace

ROLE = "Ana is a senior data engineer on the payments team and prefers terse answers."
RELEASES = (
    "Releases of the payments service go out through GitHub Actions on every tag: staging "
    "first, production after a manual approval in #deploys."
)
RELEASES_SHORT = (
    "Releases of the payments service go out through GitHub Actions on every tag: staging "
    "first, production after a manual approval."
)


def _manager(text: str) -> dict[str, Any]:
    return {"kind": "Memory", "content": {"content": text}}


# (name the key is derived from, value), in the order the agent saved them.
ROWS: list[tuple[str, dict[str, Any]]] = [
    ("role", {"content": ROLE}),
    ("lisbon", {"content": "Ana lives in Lisbon and cycles to the office.", "source": "chat"}),
    ("releases", _manager(RELEASES)),
    ("role-again", {"content": ROLE}),
    ("releases-short", _manager(RELEASES_SHORT)),
    ("freeze", {"content": "Non-critical merges freeze from 2026-03-05 for the 4.2 branch cut."}),
    (
        "freeze-paraphrase",
        {"content": "From 2026-03-05 only critical merges land, because mobile cuts release 4.2."},
    ),
    ("grafana", _manager("grafana.internal/d/api-latency is the payments API on-call board.")),
    ("profile", {"name": "Ana", "timezone": "Europe/Lisbon", "language": "en"}),
    ("settings", {"theme": "dark", "verbosity": "terse"}),
]
DEMO_KEYS = uuid.UUID("6f1d3c2e-58a4-4d7b-9a43-2b1f0c9e7d10")


@dataclass(frozen=True)
class LangGraphDemo:
    namespace: tuple[str, ...]
    memories: int
    other_shapes: int

    def __str__(self) -> str:
        return (
            f"namespace {'/'.join(self.namespace)}: {self.memories} LangMem memories "
            f"(both shapes), {self.other_shapes} rows of another value shape"
        )


def demo_key(namespace: tuple[str, ...], name: str) -> str:
    """A uuid key, the same for the same namespace and row on every run."""
    return str(uuid.uuid5(DEMO_KEYS, "/".join((*namespace, name))))


def write_langgraph_demo(dsn: str, namespace_labels: str) -> LangGraphDemo:
    """Put the demo rows under the namespace; refuses a namespace that holds rows already."""
    namespace = parse_namespace(namespace_labels, "--namespace")
    _store_class, ops = library()
    with opened(dsn) as store:
        held = store.search(namespace, limit=1, refresh_ttl=False)
        if held:
            raise ValueError(
                f"{mask_dsn(dsn)}: namespace {'/'.join(namespace)} (or one under it) holds rows "
                "already: give a new namespace"
            )
        store.batch([ops.PutOp(namespace, demo_key(namespace, n), v) for n, v in ROWS])
    others = sum(1 for _n, v in ROWS if not isinstance(v.get("content"), str | dict))
    return LangGraphDemo(namespace, len(ROWS) - others, others)
