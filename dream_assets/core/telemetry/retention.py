"""Pass 0's file work: keep the agent's append-only JSONL telemetry logs bounded.

The logs have no rotation of their own, so without this they grow forever (docs/passes.md, Pass 0).
Two shapes:

- a per-session directory of ``{session}.jsonl`` files: delete files not written for longer
  than the maximum age, cap how many files the directory holds (oldest dropped first), then
  line-trim every survivor — the trim is what bounds a persistent session file
  (``cli-session.jsonl``) that age and count pruning never reap;
- a single append-only file: keep its last N lines.

Every change to a log happens under the same ``file_lock`` the agent's ``append_line`` takes
(the per-session write lock), so a trim or delete can never race an append. A trim never
reads a whole large file: it scans backwards from the end for the cut and copies only the tail.

Only a regular file is a log. A directory, symlink, FIFO or socket named like one is skipped
(``SweepResult.skipped``, ``TrimResult.skipped``): never opened, never deleted, never a failure.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from io import FileIO
from pathlib import Path

from dream_assets.core.options import DreamOptions
from dream_assets.core.store.atomic import CYCLE_LOCK_TIMEOUT_S, file_lock, fsync_dir, lock_path_for
from dream_assets.core.store.jsonl import NOT_A_REGULAR_FILE, open_regular
from dream_assets.core.store.volume import AgentVolume

# Backward scan and tail copy block size: large enough that a 50 000-line tail (~10 MB) takes
# a handful of reads, small enough to keep the memory a trim needs flat whatever the file size.
SCAN_BLOCK_BYTES = 1 << 20
# A log whose lock another process holds longer than this is left as it is this cycle.
LOCK_TIMEOUT_S = CYCLE_LOCK_TIMEOUT_S
_LEFT = "left as it is this cycle"
COPY_BLOCK_BYTES = 8 << 20

# Counting the lines a trim removes means reading the removed head, which costs ~0.4 s per GB.
# A cycle every few hours removes far less than this, so its counts are exact; the first trim
# of a huge legacy log estimates the count from the kept tail instead of reading gigabytes.
EXACT_COUNT_LIMIT_BYTES = 64 << 20

NEWLINE = b"\n"


@dataclass(frozen=True)
class TrimResult:
    """What a line-trim did to one file.

    ``lines_before`` is None when the file was not examined (trim disabled, or too small in
    bytes to hold more lines than the bound). ``exact`` is False when ``lines_removed`` (and so
    ``lines_before``) was estimated from the mean length of the kept lines. ``skipped`` says why
    the path was left alone without being opened: it is not a regular file, so not a log.
    """

    lines_before: int | None
    lines_removed: int
    bytes_before: int
    bytes_after: int
    exact: bool = True
    skipped: str | None = None

    @property
    def trimmed(self) -> bool:
        return self.bytes_after < self.bytes_before

    @property
    def bytes_freed(self) -> int:
        return self.bytes_before - self.bytes_after


@dataclass(frozen=True)
class DeletedLog:
    path: Path
    size: int
    last_write: datetime


@dataclass(frozen=True)
class TrimmedLog:
    path: Path
    result: TrimResult


@dataclass
class SweepResult:
    deleted_by_age: list[DeletedLog] = field(default_factory=list)
    deleted_by_count: list[DeletedLog] = field(default_factory=list)
    trimmed_files: list[TrimmedLog] = field(default_factory=list)
    lines_removed: int = 0
    failures: list[str] = field(default_factory=list)
    # ``*.jsonl`` entries that are not regular files (directory, symlink, FIFO, socket): not logs
    skipped: list[Path] = field(default_factory=list)

    @property
    def bytes_freed(self) -> int:
        deleted = sum(d.size for d in [*self.deleted_by_age, *self.deleted_by_count])
        return deleted + sum(t.result.bytes_freed for t in self.trimmed_files)


# -- line trim ------------------------------------------------------------------------------
def trim_to_last_lines(
    path: Path, max_lines: int, *, exact_count_limit_bytes: int = EXACT_COUNT_LIMIT_BYTES
) -> TrimResult:
    """Keep only the last ``max_lines`` lines of ``path``; a non-positive bound disables it.

    A final line without a trailing newline counts as a line. A file already within the bound
    is left untouched (same inode, same bytes). Otherwise the tail is copied to a temp file in
    the same directory, fsynced and renamed over the log, all under the log's lock, so an
    appender waiting on that lock writes its line into the new file and loses nothing. A path
    that is not a regular file is not a log: it is skipped (``skipped``), never opened.
    """
    path = Path(path)
    status = path.stat()
    if not stat.S_ISREG(status.st_mode):
        return _not_a_log()
    size = status.st_size
    if max_lines <= 0:
        return TrimResult(None, 0, size, size)
    if size <= max_lines:
        # Every line holds at least one byte, so this file cannot exceed the bound; skipping it
        # keeps a sweep over thousands of small session files from touching their locks.
        return TrimResult(None, 0, size, size)

    # The source stays open past the lock so the removed head can be counted afterwards.
    source: FileIO | None = None
    try:
        with file_lock(path, timeout=LOCK_TIMEOUT_S, what=_LEFT):
            fd = open_regular(path)
            if fd is None:  # replaced since the look above
                return _not_a_log()
            source = FileIO(fd, "rb")
            status = os.fstat(source.fileno())
            size = status.st_size
            cut, lines_seen = _cut_offset(source.fileno(), size, max_lines)
            if cut is None:
                return TrimResult(lines_seen, 0, size, size)
            _replace_with_tail(path, source.fileno(), status, cut)
        # The head is counted from the old inode after the lock is released, so an appender
        # waits only for the tail copy, never for the count.
        bytes_after = size - cut
        if cut <= exact_count_limit_bytes:
            removed = _count_newlines(source.fileno(), 0, cut)
            return TrimResult(removed + max_lines, removed, size, bytes_after)
        estimate = round(cut * max_lines / bytes_after)
        return TrimResult(estimate + max_lines, estimate, size, bytes_after, exact=False)
    finally:
        if source is not None:
            source.close()


def _not_a_log() -> TrimResult:
    return TrimResult(None, 0, 0, 0, skipped=NOT_A_REGULAR_FILE)


def _cut_offset(fd: int, size: int, max_lines: int) -> tuple[int | None, int]:
    """Byte offset where the last ``max_lines`` lines start, scanning backwards in blocks.

    Returns ``(None, line_count)`` when the whole file holds no more than ``max_lines`` lines.
    """
    if size == 0:
        return None, 0
    ends_with_newline = os.pread(fd, 1, size - 1) == NEWLINE
    # The newline that ends the last line does not start a line; every earlier one does.
    wanted = max_lines + (1 if ends_with_newline else 0)
    seen = 0
    end = size
    while end > 0:
        start = max(0, end - SCAN_BLOCK_BYTES)
        block = os.pread(fd, end - start, start)
        in_block = block.count(NEWLINE)
        if seen + in_block >= wanted:
            position = len(block)
            for _ in range(wanted - seen):
                position = block.rfind(NEWLINE, 0, position)
            return start + position + 1, max_lines
        seen += in_block
        end = start
    return None, seen + (0 if ends_with_newline else 1)


def _replace_with_tail(path: Path, source_fd: int, status: os.stat_result, cut: int) -> None:
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        _copy_range(source_fd, fd, cut, status.st_size - cut)
        os.fchmod(fd, status.st_mode & 0o7777)
        # A trim is not a write by the agent: keeping the last-write time means the cycle's own
        # trim never makes an idle session look fresh and postpones its age pruning.
        os.utime(fd, ns=(status.st_atime_ns, status.st_mtime_ns))
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp_name, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise
    fsync_dir(path.parent)


def _copy_range(source_fd: int, target_fd: int, offset: int, count: int) -> None:
    """Copy ``count`` bytes from ``offset`` in the kernel when it can, else in large blocks."""
    copied = 0
    try:
        while copied < count:
            done = os.copy_file_range(
                source_fd, target_fd, min(count - copied, 1 << 30), offset + copied
            )
            if done == 0:
                break
            copied += done
    except OSError as exc:
        if exc.errno not in (errno.EXDEV, errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
            raise
    while copied < count:
        chunk = os.pread(source_fd, min(COPY_BLOCK_BYTES, count - copied), offset + copied)
        if not chunk:
            break
        os.write(target_fd, chunk)
        copied += len(chunk)
    if copied != count:
        raise OSError(f"short copy of a log tail: {copied} of {count} bytes")


def _count_newlines(fd: int, start: int, stop: int) -> int:
    buffer = bytearray(COPY_BLOCK_BYTES)
    view = memoryview(buffer)
    total = 0
    position = start
    while position < stop:
        want = min(len(buffer), stop - position)
        got = os.preadv(fd, [view[:want]], position)
        if got == 0:
            break
        total += buffer.count(NEWLINE, 0, got)
        position += got
    return total


# -- per-session directory sweep ------------------------------------------------------------
@dataclass(frozen=True)
class _SessionFile:
    path: Path
    mtime_ns: int
    size: int


def session_files(directory: Path) -> list[Path]:
    """Top-level ``*.jsonl`` regular files only: namespaced session files in subdirectories
    are out of the sweep's scope, and a symlink is never followed out of the volume."""
    return [f.path for f in _scan_session_files(Path(directory))[0]]


def _scan_session_files(directory: Path) -> tuple[list[_SessionFile], list[Path]]:
    """The top-level ``*.jsonl`` regular files, and the ``*.jsonl`` entries that are not
    (directories, symlinks, FIFOs, sockets: skipped, never opened or followed)."""
    found: list[_SessionFile] = []
    skipped: list[Path] = []
    with os.scandir(directory) as entries:
        for entry in entries:
            if not entry.name.endswith(".jsonl"):
                continue
            try:
                status = entry.stat(follow_symlinks=False)
            except FileNotFoundError:
                continue
            if not stat.S_ISREG(status.st_mode):
                skipped.append(Path(entry.path))
                continue
            found.append(_SessionFile(Path(entry.path), status.st_mtime_ns, status.st_size))
    return found, sorted(skipped)


def last_write_time(mtime_ns: int) -> datetime:
    return datetime.fromtimestamp(mtime_ns / 1e9, tz=UTC)


def sweep_session_dir(
    directory: Path,
    *,
    now: datetime,
    max_age: timedelta | None,
    max_files: int | None,
    max_lines: int | None,
) -> SweepResult:
    """Age-prune, count-cap, then line-trim one per-session log directory (in that order).

    ``None`` or a non-positive value disables a dimension. A failure on one file is recorded
    in ``failures`` and the sweep goes on with the next; an entry that is not a regular file is
    listed in ``skipped`` and left alone.
    """
    result = SweepResult()
    directory = Path(directory)
    found, result.skipped = _scan_session_files(directory)
    files = sorted(found, key=lambda f: (f.mtime_ns, f.path.name))

    if max_age is not None and max_age > timedelta(0):
        cutoff = now - max_age
        survivors: list[_SessionFile] = []
        for item in files:
            stale = last_write_time(item.mtime_ns) < cutoff
            if stale and _delete_session_file(item, result.failures):
                result.deleted_by_age.append(_deleted(item))
                continue
            survivors.append(item)
        files = survivors

    if max_files is not None and max_files > 0 and len(files) > max_files:
        excess = len(files) - max_files
        # Oldest last-write first, name breaking ties, so the choice is the same every run.
        doomed, files = files[:excess], files[excess:]
        for item in doomed:
            if _delete_session_file(item, result.failures):
                result.deleted_by_count.append(_deleted(item))
            else:
                files.append(item)

    if result.deleted_by_age or result.deleted_by_count:
        with contextlib.suppress(OSError):
            fsync_dir(directory)

    if max_lines is not None and max_lines > 0:
        for item in sorted(files, key=lambda f: f.path.name):
            try:
                trim = trim_to_last_lines(item.path, max_lines)
            except FileNotFoundError:
                continue
            except OSError as exc:
                result.failures.append(f"{item.path}: line-trim failed: {exc}")
                continue
            if trim.skipped:
                result.skipped.append(item.path)
            elif trim.trimmed:
                result.trimmed_files.append(TrimmedLog(item.path, trim))
                result.lines_removed += trim.lines_removed
    return result


def _deleted(item: _SessionFile) -> DeletedLog:
    return DeletedLog(item.path, item.size, last_write_time(item.mtime_ns))


def _delete_session_file(item: _SessionFile, failures: list[str]) -> bool:
    """Delete one session file under its write lock; False when it was kept or failed."""
    try:
        with file_lock(item.path, timeout=LOCK_TIMEOUT_S, what=_LEFT):
            try:
                status = os.lstat(item.path)
            except FileNotFoundError:
                return False
            if not stat.S_ISREG(status.st_mode) or status.st_mtime_ns != item.mtime_ns:
                # The agent wrote to this session after the sweep looked at it (or it is no
                # longer a regular file): it is not the stale file the decision was made about,
                # so it stays until the next cycle.
                return False
            os.unlink(item.path)
            # The sidecar lock would otherwise outlive its session and pile up forever, the very
            # leak this pass exists to close; it is removed while still held.
            with contextlib.suppress(FileNotFoundError):
                os.unlink(lock_path_for(item.path))
            return True
    except OSError as exc:
        failures.append(f"{item.path}: delete failed: {exc}")
        return False


# -- independent re-check for the blocking asset check --------------------------------------
def exceeds_line_bound(path: Path, max_lines: int) -> bool:
    """True when ``path`` holds more than ``max_lines`` lines, read forwards and streaming.

    Deliberately not the trim's backward scan, so the check re-verifies rather than repeats it;
    it stops reading as soon as the bound is crossed. A path that is not a regular file is not a
    log and holds no lines: False, without opening it.
    """
    if max_lines <= 0:
        return False
    fd = open_regular(path)
    if fd is None:
        return False
    buffer = bytearray(SCAN_BLOCK_BYTES)
    newlines = 0
    last = b""
    with open(fd, "rb", buffering=0) as handle:
        while True:
            got = handle.readinto(buffer)
            if not got:
                break
            newlines += buffer.count(NEWLINE, 0, got)
            last = bytes(buffer[got - 1 : got])
            if newlines > max_lines:
                return True
    lines = newlines + (1 if last not in (b"", NEWLINE) else 0)
    return lines > max_lines


# ── The bounds (Pass 0's options; a non-positive value disables a dimension) ─────────────


def max_age(options: DreamOptions) -> timedelta | None:
    days = options.log_retention_max_file_age_days
    return timedelta(days=days) if days > 0 else None


def max_files(options: DreamOptions) -> int | None:
    count = options.log_retention_max_files_per_directory
    return count if count > 0 else None


def max_lines(options: DreamOptions) -> int | None:
    lines = options.log_retention_max_lines_per_file
    return lines if lines > 0 else None


def escapes_volume(volume: AgentVolume, path: Path) -> bool:
    """A log path that is a symlink out of the volume is never pruned or rewritten."""
    resolved = path.resolve()
    return resolved != volume.root and volume.root not in resolved.parents


def relative_to_volume(volume: AgentVolume, path: Path) -> str:
    try:
        return str(path.relative_to(volume.root))
    except ValueError:
        return str(path)
