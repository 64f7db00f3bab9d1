"""One held database connection per run process instead of one per storage call.

Dagster's PostgreSQL storages open a new connection for every read and write unless told they
serve a long-lived process (``optimize_for_webserver``, which the webserver calls). A cycle of a
small agent makes about 500 storage calls (step events, asset records, partition checks), so on
PostgreSQL the run process spent a third of its time connecting (docs/benchmarks.md, Fleet). The
cycle's run process asks for the same pooled engine when its first resource is set up: one
connection held for the run's life, more only while several threads write at once. SQLite storage
ignores the request.
"""

from __future__ import annotations

import weakref

import dagster as dg

# No statement timeout in a run (0): a pass's write must not be cut off; the webserver's own
# limit is for interactive queries.
STATEMENT_TIMEOUT_MS = 0
POOL_RECYCLE_S = 3600
MAX_OVERFLOW = 4

_pooled: weakref.WeakSet[dg.DagsterInstance] = weakref.WeakSet()


def hold_storage_connections(instance: dg.DagsterInstance | None) -> None:
    """Switch ``instance``'s storages to a pooled engine, once per instance."""
    if instance is None or instance in _pooled:
        return
    _pooled.add(instance)
    instance.optimize_for_webserver(
        statement_timeout=STATEMENT_TIMEOUT_MS,
        pool_recycle=POOL_RECYCLE_S,
        max_overflow=MAX_OVERFLOW,
    )
