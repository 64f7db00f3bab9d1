"""The memory audit's rules: census, trend, vanished entries, repeatedly rejected clusters.

docs/audit.md: the cycle's own log lines report "12 merged, 8 archived"
whether the merges were good or catastrophic. The audit answers the questions those lines cannot
— is the corpus converging, does provenance still resolve, was anything destroyed that should not
have been — by walking the memory files themselves (never a store index, which could agree with
a bug) and keeping a trend with a 400-day retention, so a slow loss stays visible long after the
logs that carried it have aged out.

Files, all under ``memory-audit/`` on the agent volume:

- ``trend.jsonl``      one row per UTC day: live, archived, merged, purged, rejected_clusters,
                       vanished. Rewritten atomically; rows older than 400 days dropped.
- ``known-ids.json``   every entry id seen by the last audit. An id in it that is gone now,
                       with no purge tombstone, vanished: a hard delete outside the retention
                       purge (the only path allowed to destroy memory).
- ``losses.jsonl``     one line per vanished id, appended when detected (the durable record).
- ``rejections.json``  each rejected cluster's distinct ``consolidation_rejected_at`` stamps seen
                       over the audits: the stamp on disk holds only the latest rejection, so
                       "rejected again and again" needs this history.
- ``consolidation-paused.json``  written (opt-in) when entries vanished; consolidation skips
                       while it exists, every other pass goes on. The operator deletes it (or runs
                       ``dream audit --resume``) after looking.
- ``purged.jsonl``     the archive purge's tombstones (core.archive_purge), read here.
- ``undo.jsonl``, ``restore.jsonl``  the trail of ``dream undo`` and ``dream restore``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from dream_assets.core.clock import format_time, parse_time
from dream_assets.core.memory.merge import REJECTED_AT, REJECTED_CLUSTER, merged_from
from dream_assets.core.models import MemoryEntry
from dream_assets.core.store.atomic import atomic_write_text
from dream_assets.core.store.state_file import read_state_text

TREND_FILE = "trend.jsonl"
KNOWN_IDS_FILE = "known-ids.json"
LOSSES_FILE = "losses.jsonl"
REJECTIONS_FILE = "rejections.json"
UNDO_LOG = "undo.jsonl"
RESTORE_LOG = "restore.jsonl"

# Long enough that a slow loss is visible long after the logs that carried it are gone.
TREND_RETENTION_DAYS = 400
# A cluster's stamp history is capped: "rejected 50 times" already says everything.
MAX_REJECTION_STAMPS = 50

TREND_COLUMNS = ("live", "archived", "merged", "purged", "rejected_clusters", "vanished")

# The audit's files are small (the trend: 400 rows; the id snapshot: one id per entry); a larger
# one is not the audit's and is not read into memory.
MAX_AUDIT_FILE_BYTES = 1 << 28


def _read_audit_file(path: Path, *, errors: str = "strict") -> str:
    """The text of one of the audit's files. FileNotFoundError when absent; ValueError naming
    the file when it is not a regular file of the audit's (a directory, a FIFO — never opened
    blocking, which would hang the audit —, a symlink out of ``memory-audit/``, oversized)."""
    try:
        return read_state_text(path, MAX_AUDIT_FILE_BYTES, errors=errors)
    except FileNotFoundError:
        raise
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: cannot be read ({exc})") from exc


@dataclass(frozen=True)
class Census:
    """What the memory files hold right now."""

    live: int
    archived: int
    merged: int  # entries carrying merged_from, live or archived
    unreadable: int
    ids: frozenset[str]  # every id with a file, unreadable ones included


def take_census(entries: Sequence[MemoryEntry], unreadable_paths: Iterable[Path]) -> Census:
    # An unreadable file is still there: counting its stem keeps a corrupt file from being
    # reported as vanished (it is reported as unreadable instead).
    unreadable_ids = {Path(p).stem for p in unreadable_paths}
    return Census(
        live=sum(1 for e in entries if not e.archived),
        archived=sum(1 for e in entries if e.archived),
        merged=sum(1 for e in entries if merged_from(e)),
        unreadable=len(unreadable_ids),
        ids=frozenset({e.id for e in entries} | unreadable_ids),
    )


# -- vanished entries -------------------------------------------------------------------------


@dataclass(frozen=True)
class KnownIds:
    audited_at: datetime | None
    ids: frozenset[str]


def read_known_ids(path: Path) -> tuple[KnownIds | None, str | None]:
    """The last audit's snapshot, or None on the first audit. A bad file: (None, warning)."""
    try:
        raw = json.loads(_read_audit_file(path))
        ids = raw["ids"]
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise ValueError("'ids' must be a list of strings")
        when = raw.get("audited_at")
        audited_at = parse_time(when) if isinstance(when, str) else None
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
        return None, f"{path}: unreadable id snapshot ({exc}); vanished entries not checked"
    return KnownIds(audited_at, frozenset(ids)), None


def write_known_ids(path: Path, ids: Iterable[str], now: datetime) -> None:
    payload = {"version": 1, "audited_at": format_time(now), "ids": sorted(ids)}
    atomic_write_text(path, json.dumps(payload, indent=0) + "\n")


def vanished_ids(
    previous: KnownIds | None, current: frozenset[str], tombstoned: Iterable[str]
) -> list[str]:
    """Ids the last audit saw that are gone now without a purge tombstone.

    Any tombstone for the id explains it: the purge writes the tombstone before deleting, and
    its clock may run behind an audit that ran concurrently, so a time-window comparison would
    raise false alarms. The cost is that an id purged once, re-used by the agent and then hard
    deleted goes unnoticed.
    """
    if previous is None:
        return []  # first audit: this one only takes the baseline
    return sorted(previous.ids - current - set(tombstoned))


# -- clusters the coverage check keeps rejecting ---------------------------------------------


@dataclass(frozen=True)
class RejectedCluster:
    cluster_id: str
    source_ids: tuple[str, ...]
    live_sources: int
    last_rejected_at: str
    times_rejected: int  # distinct rejection stamps seen across audits (a lower bound)
    first_seen: str


def stamped_clusters(entries: Sequence[MemoryEntry]) -> dict[str, list[MemoryEntry]]:
    """Entries grouped by their ``consolidation_rejected_cluster`` stamp."""
    groups: dict[str, list[MemoryEntry]] = {}
    for entry in entries:
        cluster = entry.metadata.get(REJECTED_CLUSTER)
        if isinstance(cluster, str) and cluster:
            groups.setdefault(cluster, []).append(entry)
    return groups


def read_rejection_history(path: Path) -> tuple[dict[str, dict[str, Any]], str | None]:
    try:
        raw = json.loads(_read_audit_file(path))
        clusters = raw["clusters"]
        if not isinstance(clusters, dict):
            raise ValueError("'clusters' must be an object")
        history = {
            str(cid): {
                "first_seen": str(value["first_seen"]),
                "stamps": [str(s) for s in value["stamps"]],
            }
            for cid, value in clusters.items()
        }
    except FileNotFoundError:
        return {}, None
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        return {}, f"{path}: unreadable rejection history ({exc}); counting starts again"
    return history, None


def track_rejections(
    entries: Sequence[MemoryEntry], history: Mapping[str, Mapping[str, Any]], today: date
) -> tuple[list[RejectedCluster], dict[str, dict[str, Any]]]:
    """Rejected clusters with at least one live source, and the updated stamp history.

    A cluster whose sources are all archived (merged some other way, or pruned) is resolved and
    dropped from the history; so is one whose stamps are gone from disk.
    """
    updated: dict[str, dict[str, Any]] = {}
    found: list[RejectedCluster] = []
    for cluster_id, members in sorted(stamped_clusters(entries).items()):
        live = [m for m in members if not m.archived]
        if not live:
            continue
        stamps_now = {str(m.metadata[REJECTED_AT]) for m in live if m.metadata.get(REJECTED_AT)}
        before = history.get(cluster_id, {})
        stamps = sorted(set(before.get("stamps", [])) | stamps_now)[-MAX_REJECTION_STAMPS:]
        first_seen = str(before.get("first_seen") or today.isoformat())
        updated[cluster_id] = {"first_seen": first_seen, "stamps": stamps}
        found.append(
            RejectedCluster(
                cluster_id=cluster_id,
                source_ids=tuple(sorted(m.id for m in members)),
                live_sources=len(live),
                last_rejected_at=stamps[-1] if stamps else "",
                times_rejected=max(1, len(stamps)),
                first_seen=first_seen,
            )
        )
    return found, updated


def write_rejection_history(path: Path, history: Mapping[str, Mapping[str, Any]]) -> None:
    payload = {"version": 1, "clusters": dict(sorted(history.items()))}
    atomic_write_text(path, json.dumps(payload, indent=1) + "\n")


# -- the trend ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrendRow:
    date: str  # UTC day, YYYY-MM-DD
    live: int
    archived: int
    merged: int
    purged: int  # purge tombstones written that day
    rejected_clusters: int
    vanished: int  # ids found vanished by the audits of that day

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> TrendRow:
        day = date.fromisoformat(str(raw["date"])).isoformat()
        values = {}
        for column in TREND_COLUMNS:
            value = raw.get(column, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{column} must be a non-negative integer")
            values[column] = value
        return cls(date=day, **values)


def purged_on(tombstones: Iterable[Mapping[str, Any]], day: date) -> int:
    count = 0
    for stone in tombstones:
        try:
            if parse_time(str(stone.get("purged_at"))).date() == day:
                count += 1
        except ValueError:
            continue
    return count


@dataclass
class TrendFile:
    """The rows of trend.jsonl, plus any line that did not parse (kept verbatim, never dropped)."""

    rows: dict[str, TrendRow] = field(default_factory=dict)
    unparsed: list[str] = field(default_factory=list)


def read_trend(path: Path) -> TrendFile:
    trend = TrendFile()
    try:
        text = _read_audit_file(path, errors="replace")
    except FileNotFoundError:
        return trend
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            row = TrendRow.from_dict(json.loads(line))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            trend.unparsed.append(line)
            continue
        trend.rows[row.date] = row
    return trend


def record_day(
    trend: TrendFile,
    *,
    today: date,
    census: Census,
    purged: int,
    rejected_clusters: int,
    vanished_now: int,
    retention_days: int = TREND_RETENTION_DAYS,
) -> tuple[TrendRow, int]:
    """Put today's row in ``trend`` (replacing an earlier audit of the same day) and apply the
    retention. Returns the row and the number of rows dropped.

    A second audit on one day reports only what vanished since the first one, so the day's
    vanished count accumulates; every other column is a fresh measurement and replaces.
    """
    earlier = trend.rows.get(today.isoformat())
    row = TrendRow(
        date=today.isoformat(),
        live=census.live,
        archived=census.archived,
        merged=census.merged,
        purged=purged,
        rejected_clusters=rejected_clusters,
        vanished=(earlier.vanished if earlier else 0) + vanished_now,
    )
    trend.rows[row.date] = row
    cutoff = (today - timedelta(days=retention_days)).isoformat()
    old = [day for day in trend.rows if day < cutoff]
    for day in old:
        del trend.rows[day]
    return row, len(old)


def write_trend(path: Path, trend: TrendFile) -> None:
    lines = [
        json.dumps(asdict(trend.rows[day]), separators=(",", ":")) for day in sorted(trend.rows)
    ]
    atomic_write_text(path, "\n".join([*trend.unparsed, *lines]) + "\n")


# -- pausing consolidation --------------------------------------------------------------------


def pause_consolidation(path: Path, *, now: datetime, vanished: Sequence[str]) -> None:
    """Write (or extend) the pause file. An existing pause keeps its time and earlier ids."""
    paused_at = format_time(now)
    earlier: list[str] = []
    if path.exists() or path.is_symlink():
        try:
            raw = json.loads(_read_audit_file(path))
            paused_at = str(raw.get("paused_at") or paused_at)
            earlier = [str(i) for i in raw.get("vanished") or []]
        except (OSError, ValueError, AttributeError, TypeError, RecursionError):
            pass  # an unreadable pause file is replaced: it still means "paused"
    ids = sorted(set(earlier) | set(vanished))
    payload = {
        "paused_at": paused_at,
        "reason": (
            f"memory audit: {len(ids)} entr{'y' if len(ids) == 1 else 'ies'} hard-deleted "
            "outside the retention purge; consolidation stays paused until an operator "
            "removes this file"
        ),
        "vanished": ids,
    }
    atomic_write_text(path, json.dumps(payload, indent=2) + "\n")


def loss_line(
    entry_id: str, *, now: datetime, run_id: str | None, last_audit: datetime | None
) -> str:
    return json.dumps(
        {
            "detected_at": format_time(now),
            "run_id": run_id,
            "id": entry_id,
            "last_seen_by_audit_at": format_time(last_audit) if last_audit else None,
        },
        separators=(",", ":"),
    )
