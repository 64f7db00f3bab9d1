"""Importance decay: exponential, keyed on last_seen_at, with a grace period and a floor.

importance *= 0.5 ** (elapsed_days / half_life) for entries last seen longer ago than the
grace period. ``elapsed`` is the calendar time since the entry was last touched (its last write,
``updated_at``), but never reaches back into the grace window: first-past-grace decay counts only
post-grace time. Because 0.5**(a/T) * 0.5**(b/T) == 0.5**((a+b)/T), running the cycle twice a
day or once a week gives the same calendar-time curve. A non-positive half-life disables decay.
A grace period that would end after 9999-12-31 (a ``last_seen_at`` in the far future, such as
9999-12-31T00:00:00+00:00) is never over: the entry is within its grace and does not decay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from dream_assets.core.memory.preferences import is_durable
from dream_assets.core.models import MemoryEntry, stored_importance
from dream_assets.core.store.atomic import ChangedMeanwhile

if TYPE_CHECKING:
    from dream_assets.core.store.volume import AgentVolume

SECONDS_PER_DAY = 86_400.0


@dataclass(frozen=True)
class DecayRule:
    grace_days: float = 30.0
    half_life_days: float = 45.0
    floor: float = 0.10
    # The grace period as a timedelta, made once (a pass asks it of every live entry); None when
    # it does not fit one (made again per entry, where its overflow means: within grace).
    grace: timedelta | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            grace: timedelta | None = timedelta(days=max(self.grace_days, 0.0))
        except OverflowError:
            grace = None
        object.__setattr__(self, "grace", grace)

    @property
    def enabled(self) -> bool:
        return self.half_life_days > 0


def decayed_importance(entry: MemoryEntry, rule: DecayRule, now: datetime) -> float:
    """The entry's importance after decaying it up to ``now`` (unchanged when not due)."""
    if rule.half_life_days <= 0 or entry.archived_at is not None:
        # Archived entries keep the importance they had when archived (docs/passes.md, Pass 0b).
        return entry.importance
    try:
        grace = rule.grace if rule.grace is not None else timedelta(days=max(rule.grace_days, 0.0))
        grace_end = entry.last_seen_at + grace
    except OverflowError:
        # The grace period ends after 9999-12-31 (a last_seen_at in the far future, or a grace
        # too long for a timedelta): the entry is within its grace, and does not decay.
        return entry.importance
    start = max(grace_end, entry.updated_at)
    if now <= start:
        return entry.importance
    if entry.importance <= rule.floor:
        # Decay never raises a score that is already below the floor.
        return entry.importance
    elapsed_days = (now - start).total_seconds() / SECONDS_PER_DAY
    factor = 0.5 ** (elapsed_days / rule.half_life_days)
    return max(rule.floor, entry.importance * factor)


# The default write quantum (option ``importance_decay_write_quantum``).
DEFAULT_WRITE_QUANTUM = 0.01


def decay_entry(
    entry: MemoryEntry, rule: DecayRule, now: datetime, quantum: float = DEFAULT_WRITE_QUANTUM
) -> MemoryEntry | None:
    """The decayed entry to write, or None when it moved by less than ``quantum``.

    Skipping a write defers decay, it does not lose it: the entry's decay timestamp is its own
    ``updated_at`` (the stored importance is the importance as of that instant, whoever wrote
    it), and a skipped write leaves both untouched, so the next pass decays from the last write
    over the whole elapsed time, and by the calendar-time identity lands exactly where writing
    every cycle would have. The stored score therefore lags the always-write score by less than
    the quantum, never more, whatever the cadence. Reaching the floor is always written, once.
    A write by the agent re-bases the timestamp, as before: what it stores is current as of then.
    """
    return decay_write(entry, decayed_importance(entry, rule, now), rule, now, quantum)


def decay_write(
    entry: MemoryEntry, new_importance: float, rule: DecayRule, now: datetime, quantum: float
) -> MemoryEntry | None:
    """``decay_entry`` given the entry's ``decayed_importance`` (a pass that also reports the
    deferred decay computes it once per entry)."""
    if not write_due(entry, new_importance, rule, quantum):
        return None
    return entry.with_changes(importance=new_importance, updated_at=now)


def write_due(entry: MemoryEntry, new_importance: float, rule: DecayRule, quantum: float) -> bool:
    """Whether ``decay_write`` writes ``entry`` decayed to ``new_importance`` (a pass that only
    reports the decay, leaving the write to a later pass, builds no decayed copy). The change is
    the one the file would hold (``stored_importance``): judged unrounded, a decay to about zero
    (stored as 0.0) just under the quantum was skipped, and the stored score lagged always
    writing by the whole quantum."""
    change = abs(stored_importance(new_importance) - entry.importance)
    if change < 1e-9:
        return False
    return not (change < quantum and new_importance > rule.floor + 1e-9)


@dataclass(frozen=True)
class DueDecay:
    """The decay due on entries at ``now`` under ``rule``: what the importance decay pass writes,
    or hands to the cycle's one bookkeeping write (docs/passes.md, one write per entry)."""

    rule: DecayRule
    now: datetime
    quantum: float = DEFAULT_WRITE_QUANTUM
    # Each entry object's write, by identity (the entry kept beside it, so the id stays its):
    # consolidation asks it of every live entry at its start and again at its end, of the same
    # objects when nothing changed between (an entry is immutable; rule and now are fixed).
    _writes: dict[int, tuple[MemoryEntry, MemoryEntry | None]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def target(self, entry: MemoryEntry) -> float:
        """The importance ``entry`` decays to (its own for a durable preference: never fades)."""
        if is_durable(entry):
            return entry.importance
        return decayed_importance(entry, self.rule, self.now)

    def write_of(self, entry: MemoryEntry) -> MemoryEntry | None:
        """The decayed entry to write, or None when none is due (``decay_write``)."""
        known = self._writes.get(id(entry))
        if known is not None and known[0] is entry:
            return known[1]
        write = decay_write(entry, self.target(entry), self.rule, self.now, self.quantum)
        self._writes[id(entry)] = (entry, write)
        return write

    def applied(self, entry: MemoryEntry) -> MemoryEntry:
        """``entry`` with its due decay (itself when none is due)."""
        return self.write_of(entry) or entry


@dataclass
class DecayWrites:
    """What one batch of decay writes did, by id."""

    written: dict[str, MemoryEntry] = field(default_factory=dict)
    changed_meanwhile: set[str] = field(default_factory=set)
    failed: dict[str, OSError] = field(default_factory=dict)


def write_due_decay(volume: AgentVolume, writes: list[MemoryEntry]) -> DecayWrites:
    """Write decayed entries in one batch with one sync, each only while its file is as the
    scan saw it (an entry the agent rewrote since is left as it wrote it: decayed from its own
    timestamp by a later write)."""
    errors = volume.save_many(writes, expect={e.id: volume.scanned_stat(e.id) for e in writes})
    done = DecayWrites()
    for entry in writes:
        error = errors.get(entry.id)
        if error is None:
            done.written[entry.id] = entry
        elif isinstance(error, ChangedMeanwhile):
            done.changed_meanwhile.add(entry.id)
        else:
            done.failed[entry.id] = error
    return done
