"""What the agent directory keeps of an external store: ``store-archive/<run_id>/<ref>`` (every
item the cycle took out of the store, byte for byte, before it left) and ``store-snapshot.json``
(what the last snapshot read: each item's version, entry and fields), read by the writeback and
by the ``store_writeback/nothing_lost`` check."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from dream_assets.core.clock import format_time
from dream_assets.core.store.atomic import atomic_write_batch, atomic_write_text
from dream_assets.core.store.kinds.boundary import KeepRemoved, StoreRead, item_version

ARCHIVE_DIR = "store-archive"
SNAPSHOT_FILE = "store-snapshot.json"
SNAPSHOT_VERSION = 1
# A run id or ref becomes one path segment: nothing that climbs out or hides.
SEGMENT = re.compile(r"^[A-Za-z0-9][^/\\\x00]{0,254}$")


def _segment(value: str, what: str) -> str:
    if not SEGMENT.match(value) or value in (".", ".."):
        raise ValueError(f"{what} {value!r} cannot name a file under {ARCHIVE_DIR}/")
    return value


def archive_relpath(run_id: str, ref: str) -> str:
    return f"{ARCHIVE_DIR}/{_segment(run_id, 'run id')}/{_segment(ref, 'store item')}"


def keeper(root: Path, run_id: str) -> KeepRemoved:
    """Keep an item's bytes under ``store-archive/<run_id>/`` (synced before it returns)."""

    def keep(items: Sequence[tuple[str, bytes]]) -> None:
        batch = [(Path(root) / archive_relpath(run_id, ref), data) for ref, data in items]
        if batch:
            Path(batch[0][0]).parent.mkdir(parents=True, exist_ok=True)
        failed = atomic_write_batch(batch)
        if failed:
            path, exc = failed[0]
            raise OSError(f"could not keep {path} before removing it from the store: {exc}")

    return keep


def archived_bytes(root: Path, relpath: str) -> bytes | None:
    """The bytes kept at ``relpath`` (under ``store-archive/`` only), or None."""
    path = Path(root) / relpath
    parts = Path(relpath).parts
    if len(parts) != 3 or parts[0] != ARCHIVE_DIR or any(p in (".", "..") for p in parts):
        return None
    if path.is_symlink() or not path.is_file():
        return None
    return path.read_bytes()


def find_archived(root: Path, ref: str, version: str) -> str | None:
    """The archive copy of ``ref`` holding exactly ``version``, in any run, or None."""
    base = Path(root) / ARCHIVE_DIR
    if not base.is_dir():
        return None
    for run_dir in sorted(base.iterdir()):
        relpath = f"{ARCHIVE_DIR}/{run_dir.name}/{ref}"
        data = archived_bytes(root, relpath)
        if data is not None and item_version(data) == version:
            return relpath
    return None


def write_snapshot(
    root: Path,
    *,
    run_id: str,
    kind: str,
    read: StoreRead,
    entry_of: Mapping[str, str],
    now: datetime,
) -> None:
    payload = {
        "version": SNAPSHOT_VERSION,
        "run_id": run_id,
        "kind": kind,
        "taken_at": format_time(now),
        "items": {
            item.ref: {
                "version": item.version,
                "entry": entry_of.get(item.ref),
                "fields": dict(item.fields),
            }
            for item in read.items
        },
        "unreadable": [{"ref": u.ref, "reason": u.reason} for u in read.unreadable],
    }
    atomic_write_text(Path(root) / SNAPSHOT_FILE, json.dumps(payload, indent=1) + "\n")


def read_snapshot(root: Path) -> dict[str, Any] | None:
    """The last snapshot's record, or None (never taken, or unreadable: then nothing is known)."""
    path = Path(root) / SNAPSHOT_FILE
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict) or not isinstance(raw.get("items"), dict):
        return None
    return raw


def snapshot_fields(snapshot: Mapping[str, Any] | None) -> dict[str, dict[str, str]]:
    if not snapshot:
        return {}
    return {
        str(ref): {str(k): str(v) for k, v in (record.get("fields") or {}).items()}
        for ref, record in snapshot["items"].items()
        if isinstance(record, dict)
    }
