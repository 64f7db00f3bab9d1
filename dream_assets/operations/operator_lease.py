"""The lease an operator's command holds while it writes an agent's volume (docs/safety.md,
"One writer per agent"): the CLI and the review page take it the same way."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

from dream_assets.core.clock import SystemClock
from dream_assets.core.options import DreamOptions, OptionsError, agent_options
from dream_assets.core.store.lease import acquire, release


def lease_ttl(root: Path, options: DreamOptions) -> timedelta:
    """The agent's lease expiry: its ``dream-options.json`` over the deployment's ``options``;
    a bad options file is reported by the command itself."""
    try:
        return agent_options(options, Path(root) / "dream-options.json").lease_ttl
    except OptionsError:
        return DreamOptions().lease_ttl


@contextlib.contextmanager
def operator_lease(root: Path, owner: str, options: DreamOptions) -> Iterator[str]:
    """Hold ``dream.lease`` for ``owner``; raises ``LeaseHeld`` while another writer has it.
    ``options`` are the deployment's, read once by the command or the review page."""
    run_id = f"cli-{uuid.uuid4()}"
    ttl = lease_ttl(root, options)
    acquire(Path(root), owner=owner, run_id=run_id, clock=SystemClock(), ttl=ttl)
    try:
        yield run_id
    finally:
        release(Path(root), run_id)
