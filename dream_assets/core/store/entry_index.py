"""The entry index: each memory entry file is read at most once per cycle, and not at all when
it has not changed since the last one (docs/agent-volume.md, the entry index).

One ``os.scandir`` walk of ``memory/entries/`` stats each file the index has a row for (others
are read); a file whose stat tuple (size, mtime_ns, ctime_ns, inode) matches its row is not
opened: its entry comes from this process's memory or from ``<agent>/dream-entry-index.sqlite``
(stat tuple, sha256, entry as typed columns: ``core/store/entry_index_file.py``): no JSON parsed.
Every asset of a run goes through ``AgentVolume.scan_entries()``, so they share one index, and
one walk: a volume opened for a Dagster run (``AgentVolume(root, run_id=...)``) walks the directory
at its run's first scan only. Its later scans see the run's own writes (``note_written``) and
re-hash the racy rows that have left the window; an edit the agent makes while the run is under way
is seen by the next run's walk, and every write of the cycle is guarded against it meanwhile (a
stat or content comparison under the entry's lock, ``core/store/entry_lock.py``). A volume opened
without a run (the CLI's commands, tests) walks at every scan.

Correctness rests on one rule, the racy-git rule: a stat tuple vouches for the content only when
the file was last modified well before the index looked at it. A file written in the same
timestamp tick as the index read it could be rewritten, same size, in that tick without its stat
changing; so a row recorded within ``RACY_WINDOW_NS`` of the file's mtime or ctime is *racy* and
the file is read and hashed again on the next scan (and the row settles once a scan sees it
outside the window). The window is 2 s: FAT's mtime granularity, and well above a jiffy-granular
Linux filesystem's tick or a small clock skew. The file's stat is taken on the open descriptor
before its bytes are read, so a row never pairs a newer stat with older content.

The index is a cache: a missing, unreadable or foreign-version index file is rebuilt from the
files, and a row is only ever a (stat, content) pair true when written: two processes updating it
at once only cause extra reads.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import os
import stat as stat_mode
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from dream_assets.core import collection
from dream_assets.core.models import FileProblem, MemoryEntry
from dream_assets.core.store import entry_index_file as index_file
from dream_assets.core.store.entry_file import NOT_REGULAR, parse_entry
from dream_assets.core.store.entry_file import read_entry as _read
from dream_assets.core.store.entry_index_file import Row, StatKey

INDEX_FILE = "dream-entry-index.sqlite"
RACY_WINDOW_NS = 2_000_000_000
# Indexes kept in memory per process (the daemon runs one agent per process; tests make many).
MEMO_SIZE = 8


class EscapeError(ValueError):
    """An entry file resolves outside the agent volume (a symlink pointing out)."""


@dataclass
class IndexScan:
    """One walk: the entries and problems in file-name order, and what the walk had to read."""

    entries: list[MemoryEntry]
    problems: list[FileProblem]
    hashes: dict[str, str]
    read: int
    changed: list[str]
    removed: list[str]
    # The entries that are not archived, in the same order (sorted out once per walk).
    live: list[MemoryEntry] = field(default_factory=list)


def stat_key(st: os.stat_result) -> StatKey:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def is_racy(st: os.stat_result, seen_ns: int) -> bool:
    """Modified so close to ``seen_ns`` that a same-tick rewrite would leave the stat unchanged."""
    return max(st.st_mtime_ns, st.st_ctime_ns) >= seen_ns - RACY_WINDOW_NS


class EntryIndex:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.entries_dir = root / "memory" / "entries"
        self._entries_text = os.fspath(self.entries_dir)
        self.db_path = root / INDEX_FILE
        self.rows: dict[str, Row] | None = None
        self._dirty: set[str] = set()
        self._deleted: set[str] = set()
        # Bumped whenever an entry, a problem or the set of files changes; the last walk's
        # result is reused while it stands.
        self._generation = 0
        self._built: tuple[int, IndexScan] | None = None
        # The run whose walk the rows reflect (None: the last walk was nobody's run).
        self._walked_for: str | None = None
        # The run whose scans leave the index file to ``flush`` (``defer_store``).
        self._deferred_for: str | None = None
        # Rows given a new entry since the last ``collection.settle_long_lived``.
        self._unsettled = 0

    # -- the walk ---------------------------------------------------------------------------
    def scan(self, *, now_ns: int | None = None, run_id: str | None = None) -> IndexScan:
        """The entries as the files hold them now; with ``run_id``, one walk per run."""
        rows = self._load()
        seen_ns = time.time_ns() if now_ns is None else now_ns
        result = IndexScan([], [], {}, 0, [], [])
        if run_id is not None and run_id == self._walked_for:
            self._settle(seen_ns, result)
            return self._assemble(list(rows), result, run_id)
        self._walked_for = run_id
        names: list[str] = []
        directory = self.entries_dir
        if not directory.is_dir():
            self._forget_missing(set(), result)
            self._persist_unless_deferred(run_id)
            return result
        escaped_dir = self._outside(directory.resolve())
        with os.scandir(directory) as walk:
            for dirent in walk:
                name = dirent.name
                if not name.endswith(".json"):
                    continue
                names.append(name)
                row = rows.get(name)
                # The common case, kept lean: a regular file whose stat tuple still vouches.
                if row is not None and not row.racy and not escaped_dir and not dirent.is_symlink():
                    try:
                        st = dirent.stat()
                    except OSError:
                        pass
                    else:
                        if stat_key(st) == row.key:
                            continue
                self._refresh(dirent, name, seen_ns, escaped_dir, result)
        if len(names) != len(rows):
            self._forget_missing(set(names), result)
        return self._assemble(names, result, run_id)

    def _assemble(self, names: list[str], result: IndexScan, run_id: str | None) -> IndexScan:
        """The entries and problems of ``names`` (the files walked) in file-name order."""
        assert self.rows is not None
        rows, directory = self.rows, self.entries_dir
        built = self._built
        if built is not None and built[0] == self._generation:
            # Nothing changed since the last walk of this process: the same entries, in order.
            result.entries = list(built[1].entries)
            result.problems = list(built[1].problems)
            result.hashes = dict(built[1].hashes)
            result.live = list(built[1].live)
            self._persist_unless_deferred(run_id)
            return result
        names.sort()
        for name in names:
            row = rows.get(name)
            if row is None:
                continue
            if row.problem is not None:
                result.problems.append(FileProblem(directory / name, row.problem))
                continue
            entry = row.entry
            if entry is None:
                entry = self._from_fields(name, row)
                if entry is None:
                    result.problems.append(FileProblem(directory / name, row.problem or "?"))
                    continue
            result.entries.append(entry)
            result.hashes[entry.id] = row.sha256
            if entry.archived_at is None:
                result.live.append(entry)
        self._persist_unless_deferred(run_id)
        # The entries live for the run: no later garbage collection walks them (core/collection.py).
        if collection.settle_long_lived(self._unsettled):
            self._unsettled = 0
        self._built = (
            self._generation,
            IndexScan(result.entries, result.problems, result.hashes, 0, [], [], result.live),
        )
        result = IndexScan(
            list(result.entries),
            list(result.problems),
            dict(result.hashes),
            result.read,
            result.changed,
            result.removed,
            list(result.live),
        )
        return result

    def _outside(self, resolved: Path) -> bool:
        return resolved != self.root and self.root not in resolved.parents

    def _refresh(
        self,
        dirent: os.DirEntry[str],
        name: str,
        seen_ns: int,
        escaped_dir: bool,
        result: IndexScan,
    ) -> None:
        assert self.rows is not None
        path = self.entries_dir / name
        row = self.rows.get(name)
        symlink = dirent.is_symlink()
        if escaped_dir or (symlink and self._outside(path.resolve())):
            reason = f"{path} resolves outside the agent volume {self.root}"
            self._set(name, Row((0, 0, 0, 0), "", racy=True, problem=reason), result)
            return
        key: StatKey = (0, 0, 0, 0)
        if not symlink and not dirent.is_file(follow_symlinks=False):  # the walk's type: no stat
            self._set(name, Row(key, "", racy=True, problem=f"{path}: {NOT_REGULAR}"), result)
            return
        if row is not None or symlink:
            try:
                st = dirent.stat()
            except OSError as exc:
                self._set(name, Row(key, "", racy=True, problem=str(exc)), result)
                return
            key = stat_key(st)
            if not stat_mode.S_ISREG(st.st_mode):  # a symlink to a device or FIFO: never opened
                self._set(name, Row(key, "", racy=True, problem=f"{path}: {NOT_REGULAR}"), result)
                return
            # A symlinked entry is re-read every time: its own stat does not change with its target.
            if row is not None and row.key == key and not row.racy and not symlink:
                return
        try:
            data, st = _read(path)
        except OSError as exc:
            self._set(name, Row(key, "", racy=True, problem=str(exc)), result)
            return
        result.read += 1
        key = stat_key(st)
        digest = hashlib.sha256(data).hexdigest()
        racy = symlink or is_racy(st, seen_ns)
        if row is not None and row.sha256 == digest and row.problem is None:
            # Same bytes: only the stat moved (or the row was racy), nothing to parse again.
            if row.key != key or row.racy != racy:
                row.key, row.racy = key, racy
                self._dirty.add(name)
            return
        try:
            text = data.decode("utf-8")
            entry = parse_entry(text, path)
        except ValueError as exc:
            self._set(name, Row(key, digest, racy, problem=str(exc)), result)
            return
        self._set(name, Row(key, digest, racy, entry=entry, body=text), result)

    def _settle(self, seen_ns: int, result: IndexScan) -> None:
        """A scan that shares its run's walk still re-hashes the racy rows now outside the
        window (mostly the run's own writes), as a walk would: settled here, they are not
        re-read by the next run."""
        assert self.rows is not None
        window_start = seen_ns - RACY_WINDOW_NS
        for name, row in self.rows.items():
            if not row.racy or row.problem is not None:
                continue
            if max(row.key[1], row.key[2]) >= window_start:
                # Recorded inside the window (the run's writes of the last two seconds): a stat
                # cannot settle it yet, and a file changed since is newer still.
                continue
            path = self.entries_dir / name
            try:
                st = os.lstat(path)
                if not stat_mode.S_ISREG(st.st_mode) or is_racy(st, seen_ns):
                    continue  # a symlink or no file, or still inside the window: the next walk's
                data, st = _read(path)
            except OSError:
                continue  # gone or unreadable since: the next walk sees it
            result.read += 1
            digest = hashlib.sha256(data).hexdigest()
            if digest == row.sha256:
                row.key, row.racy = stat_key(st), is_racy(st, seen_ns)
                self._dirty.add(name)
                continue
            key, racy = stat_key(st), is_racy(st, seen_ns)
            try:
                text = data.decode("utf-8")
                parsed = parse_entry(text, path)
                fresh = Row(key, digest, racy, entry=parsed, body=text)
            except ValueError as exc:
                fresh = Row(key, digest, racy, problem=str(exc))
            self._set(name, fresh, result)

    def _set(self, name: str, row: Row, result: IndexScan) -> None:
        assert self.rows is not None
        old = self.rows.get(name)
        if old is None or old.sha256 != row.sha256 or old.problem != row.problem:
            result.changed.append(name)
            self._generation += 1
        elif old.entry is not None and row.entry is None:
            self._generation += 1
        self.rows[name] = row
        self._unsettled += 1
        self._dirty.add(name)
        self._deleted.discard(name)

    def _forget_missing(self, present: set[str], result: IndexScan) -> None:
        assert self.rows is not None
        for name in [n for n in self.rows if n not in present]:
            del self.rows[name]
            self._generation += 1
            self._dirty.discard(name)
            self._deleted.add(name)
            result.removed.append(name)

    def _from_fields(self, name: str, row: Row) -> MemoryEntry | None:
        try:
            if row.fields is None:
                raise ValueError("index row without its entry")
            row.entry = index_file.entry_from_fields(row.fields)
            if row.entry.id != name[: -len(".json")]:
                raise ValueError(f"index row: id {row.entry.id!r} for {name}")
        except (ValueError, TypeError) as exc:
            # The index file disagrees with itself: distrust the row, re-read the file next time.
            row.problem, row.racy = str(exc), True
            self._dirty.add(name)
            self._generation += 1
            return None
        row.fields = None
        self._unsettled += 1
        return row.entry

    def known_entry(self, name: str, data: bytes) -> MemoryEntry | None:
        """The parsed entry of the row for ``name`` when ``data`` are the very bytes it was
        parsed from or written as (same sha256); None when there is no such row."""
        row = (self.rows or {}).get(name)
        if row is None or row.problem is not None or hashlib.sha256(data).hexdigest() != row.sha256:
            return None
        return row.entry if row.entry is not None else self._from_fields(name, row)

    def stats_of(self, entry_ids: list[str]) -> dict[str, StatKey | None]:
        """The stat tuple the last scan saw for each entry (None: not seen), kept by a pass that
        writes much later: the stats as of its scan, whatever this process writes meanwhile."""
        rows = self.rows or {}
        found = {i: rows.get(f"{i}.json") for i in entry_ids}
        return {i: row.key if row is not None else None for i, row in found.items()}

    # -- the cycle's own writes -------------------------------------------------------------
    def note_written(self, path: Path, data: bytes, entry: MemoryEntry) -> None:
        """The cycle wrote ``data`` to ``path``: keep the parsed entry, so the next scan only
        hashes the file (the row is racy: it was written just now) instead of parsing it."""
        # A string comparison: ``Path.__eq__`` per written entry was a visible share of a batch.
        if self.rows is None or os.path.dirname(os.fspath(path)) != self._entries_text:
            return
        try:
            st = os.stat(path)
        except OSError:
            self.rows.pop(path.name, None)
            self._generation += 1
            return
        digest = hashlib.sha256(data).hexdigest()
        body = data.decode("utf-8")
        self.rows[path.name] = Row(stat_key(st), digest, racy=True, entry=entry, body=body)
        self._unsettled += 1
        self._generation += 1
        self._dirty.add(path.name)
        self._deleted.discard(path.name)

    def note_removed(self, path: Path) -> None:
        if self.rows is not None and self.rows.pop(path.name, None) is not None:
            self._generation += 1
            self._dirty.discard(path.name)
            self._deleted.add(path.name)

    # -- the index file ---------------------------------------------------------------------
    def defer_store(self, run_id: str) -> None:
        """The scans of ``run_id`` leave their rows to ``flush`` instead of storing them each:
        for a run whose steps all run in this process, where a first cycle would otherwise
        store every row twice (at its first walk, and again after its review stamps rewrote
        the entry) and its settled racy rows a third time. Rows not yet stored only cost a
        later process reads, never correctness (the index is a cache): ``flush`` is called at
        the run's end, and at this process's exit for whatever is still pending."""
        self._deferred_for = run_id
        _PENDING.add(self)

    def secret(self) -> bytes | None:
        """The volume's random key, kept in the index file (``index_file.volume_secret``)."""
        return index_file.volume_secret(self.db_path)

    def flush(self) -> None:
        """Store what the scans left (``defer_store``); later scans store their rows again."""
        self._deferred_for = None
        _PENDING.discard(self)
        if self.rows is not None:
            self._persist()

    def _persist_unless_deferred(self, run_id: str | None) -> None:
        if run_id is None or run_id != self._deferred_for:
            self._persist()

    def _load(self) -> dict[str, Row]:
        self.rows = index_file.load_rows(self.db_path) if self.rows is None else self.rows
        return self.rows

    def _persist(self) -> None:
        if not self._dirty and not self._deleted:
            return
        assert self.rows is not None
        index_file.store_rows(self.db_path, self.rows, self._dirty, self._deleted)
        self._dirty.clear()
        self._deleted.clear()


_MEMO: OrderedDict[tuple[int, Path], EntryIndex] = OrderedDict()
# The indexes whose rows wait for ``flush`` (``defer_store``): stored at this process's exit.
_PENDING: set[EntryIndex] = set()


@atexit.register
def _flush_pending() -> None:
    for index in list(_PENDING):
        with contextlib.suppress(Exception):  # a cache: at exit, a failed store costs reads
            index.flush()


def index_for(root: Path) -> EntryIndex:
    """The process's index of one agent volume (``root`` already resolved)."""
    memo_key = (os.getpid(), root)
    index = _MEMO.get(memo_key)
    if index is None:
        index = _MEMO[memo_key] = EntryIndex(root)
        while len(_MEMO) > MEMO_SIZE:
            _MEMO.popitem(last=False)[1].flush()
    else:
        _MEMO.move_to_end(memo_key)
    return index
