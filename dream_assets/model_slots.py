"""Slots for the model calls in flight: at most ``limit`` calls to one endpoint at a time, across
every run of the deployment (docs/automation.md, Concurrency).

Dagster's op-level pool bounds how many model steps run, but on PostgreSQL Dagster 1.13 neither
assigns nor claims a slot atomically (a count then an insert; a ``SELECT ... FOR UPDATE SKIP
LOCKED`` then an ``UPDATE`` in autocommit), so two steps racing can both start on the last slot:
CI saw two calls in flight under a limit of 1. The slots here bound the calls themselves: a call
holds one of ``limit`` locks from just before it is sent until its answer (or failure) is in.

- With the instance on PostgreSQL: session advisory locks (keys: the pool's CRC-32 and the slot's
  number) on a connection of the call's own, so runs on every machine of the deployment share
  them, and the server releases them if the process dies.
- Otherwise (SQLite, one machine): ``flock`` on one file per slot under the instance's directory,
  released by the kernel if the process dies.

Waiting for a slot re-checks the run's cancellation (``core.safety.cancellation``) at each poll.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

# How often a call waiting for a slot tries again (and re-checks its run's cancellation).
SLOT_POLL_SECONDS = 0.2

T = TypeVar("T")


class SlotWaitCancelled(RuntimeError):
    """The run was cancelled while its call waited for a slot; the message is the reason."""


class CallSlots(Protocol):
    # Read-only: the slot classes are frozen dataclasses, whose fields cannot be assigned.
    @property
    def limit(self) -> int: ...

    def hold(self, cancel_reason: Callable[[], str | None]) -> Any:
        """A context manager holding one slot, waiting for one if all are taken."""


def in_slot(
    slots: CallSlots, cancel_reason: Callable[[], str | None] | None, call: Callable[[], T]
) -> Callable[[], T]:
    """``call``, once this thread holds one of ``slots`` (waiting for it here), holding it until
    the call itself ends, on whichever thread makes it: a call the ownership watch abandoned
    still occupies the model server until its answer, failure or timeout (closing the client
    does not end a read in flight), so it keeps its slot until then."""
    holding = slots.hold(cancel_reason or (lambda: None))
    holding.__enter__()

    def held() -> T:
        try:
            return call()
        finally:
            holding.__exit__(None, None, None)

    return held


def _wait_for_slot(
    try_slot: Callable[[int], bool], limit: int, cancel_reason: Callable[[], str | None]
) -> int:
    """The number of the slot ``try_slot`` took, polling until one is free."""
    while True:
        for slot in range(limit):
            if try_slot(slot):
                return slot
        reason = cancel_reason()
        if reason is not None:
            raise SlotWaitCancelled(reason)
        time.sleep(SLOT_POLL_SECONDS)


@dataclass(frozen=True)
class FileCallSlots:
    """``limit`` slots as ``flock``-ed files in ``directory`` (processes of one machine)."""

    directory: Path
    pool: str
    limit: int

    def _path(self, slot: int) -> Path:
        return self.directory / f"{re.sub(r'[^A-Za-z0-9._-]', '_', self.pool)}.{slot}.slot"

    @contextmanager
    def hold(self, cancel_reason: Callable[[], str | None]) -> Iterator[int]:
        self.directory.mkdir(parents=True, exist_ok=True)
        held: dict[str, int] = {}

        def try_slot(slot: int) -> bool:
            fd = os.open(self._path(slot), os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
            held["fd"] = fd
            return True

        slot = _wait_for_slot(try_slot, self.limit, cancel_reason)
        try:
            yield slot
        finally:
            # Closing the descriptor releases its lock.
            os.close(held["fd"])


def _pool_key(pool: str) -> int:
    """The pool's advisory-lock key: its CRC-32 as PostgreSQL's signed 32-bit integer."""
    crc = zlib.crc32(pool.encode("utf-8"))
    return crc - 2**32 if crc >= 2**31 else crc


@dataclass(frozen=True)
class PostgresCallSlots:
    """``limit`` slots as session advisory locks in the instance's PostgreSQL database."""

    url: str
    pool: str
    limit: int

    @contextmanager
    def hold(self, cancel_reason: Callable[[], str | None]) -> Iterator[int]:
        import psycopg2

        # SQLAlchemy's dialect suffix (``postgresql+psycopg2://``) is not libpq's.
        connection = psycopg2.connect(re.sub(r"^postgres(ql)?\+\w+://", "postgresql://", self.url))
        connection.autocommit = True
        key = _pool_key(self.pool)
        try:
            with connection.cursor() as cursor:

                def try_slot(slot: int) -> bool:
                    cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", (key, slot))
                    row = cursor.fetchone()
                    return bool(row and row[0])

                slot = _wait_for_slot(try_slot, self.limit, cancel_reason)
                try:
                    yield slot
                finally:
                    # A session that died (the server restarted) took its locks with it: the
                    # call's own outcome is what the caller gets, not this.
                    with contextlib.suppress(psycopg2.Error):
                        cursor.execute("SELECT pg_advisory_unlock(%s, %s)", (key, slot))
        finally:
            # Closing the session releases whatever it still holds.
            connection.close()
