"""What one temp file costs the disk a cycle writes on: the project's writer beside plain ``os``.

Run from the repository root::

    python benchmarks/bench_create_cost.py             # 100 000 files, 10 000 creates a run
    python benchmarks/bench_create_cost.py --quick     # 5 000 files, 500 creates a run
    python benchmarks/bench_create_cost.py --dir /work/benchdir   # on a chosen disk

A first cycle replaces most entry files once (a temp file beside each, then a rename: the only
crash-safe way to replace a file), so on a disk where creating a file is dear, the create is most
of a first cycle (docs/benchmarks.md, issue 27 round 27). This measures it alone: a directory of
``--files`` entry-like files is planted and synced, then ``--creates`` temp files are made beside
them, alternately by

- **ours**: ``core.store.atomic._write_temp_beside`` (``O_EXCL | O_NOFOLLOW`` under a name with
  the pid and a counter, ``fchmod`` to the entry's mode, the bytes written), the call a cycle's
  batch write makes per entry, and
- **anchor**: the touch-once floor's create in ``bench_scale.py`` (``O_CREAT | O_EXCL`` under
  ``.<name>.tmp``, the bytes written),

in four rounds of one run per writer, the first writer alternating round by round, a ``syncfs``
between runs outside the clock. Microseconds per create, wall and CPU (mostly the kernel's: on
ext4 a create allocates an inode and inserts a directory entry). The runs of one writer can differ
more than the writers do: the disk's own state moves the cost from run to run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import _checkout  # noqa: F401  (the checkout on sys.path)

from dream_assets.core.store.atomic import _write_temp_beside, sync_filesystem

DATA = b'{"id": "m-0", "content": "' + b"x" * 600 + b'"}\n'


def _ours(path: Path) -> None:
    _write_temp_beside(path, DATA, sync=False, mode=0o644)


def _anchor(path: Path) -> None:
    fd = os.open(
        os.path.join(path.parent, f".{path.name}.tmp"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644
    )
    try:
        os.write(fd, DATA)
    finally:
        os.close(fd)


def measure(
    directory: Path, files: int, creates: int, rounds: int
) -> list[tuple[str, float, float]]:
    """Plant ``files`` files in ``directory``, then time ``creates`` temp files per run, two runs
    (one per writer) a round."""
    names = [directory / f"m-{i:08x}.json" for i in range(files)]
    for path in names:
        path.write_bytes(DATA)
    sync_filesystem(directory)
    rows = []
    pair = (("ours", _ours), ("anchor", _anchor))
    # The first writer alternates: a disk whose cost drifts run by run favours neither.
    runs = [run for turn in range(rounds) for run in (pair if turn % 2 == 0 else pair[::-1])]
    for number, (kind, create) in enumerate(runs):
        # Each run beside its own planted files: no temp name is asked twice.
        batch = names[number * creates : (number + 1) * creates]
        wall, cpu = time.perf_counter(), time.process_time()
        for path in batch:
            create(path)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        rows.append((kind, 1e6 * wall / len(batch), 1e6 * cpu / len(batch)))
        sync_filesystem(directory)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 000 files, 500 creates a run")
    parser.add_argument("--files", type=int, default=None, help="files planted (default 100 000)")
    parser.add_argument(
        "--creates", type=int, default=None, help="creates per run (default 10 000)"
    )
    parser.add_argument("--dir", type=Path, default=None, help="where (default: the temp dir)")
    args = parser.parse_args(argv)
    files = args.files or (5_000 if args.quick else 100_000)
    rounds = 4
    creates = min(args.creates or (500 if args.quick else 10_000), files // (2 * rounds))
    workdir = Path(tempfile.mkdtemp(prefix="bench-create-", dir=args.dir))
    try:
        print(f"{files:,} files planted in {workdir}; {creates:,} temp files per run", flush=True)
        before = os.getloadavg()[0]
        rows = measure(workdir, files, creates, rounds)
        after = os.getloadavg()[0]
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        sync_filesystem(workdir.parent)
    print("\n| run | round | writer | µs per create (wall) | µs per create (cpu) |")
    print("|---|---|---|---|---|")
    for number, (kind, wall, cpu) in enumerate(rows):
        print(f"| {number + 1} | {number // 2 + 1} | {kind} | {wall:.0f} | {cpu:.0f} |")
    ours = [wall for kind, wall, _cpu in rows if kind == "ours"]
    anchor = [wall for kind, wall, _cpu in rows if kind == "anchor"]
    print(
        f"\nours {min(ours):.0f}–{max(ours):.0f} µs (mean {sum(ours) / len(ours):.0f}) against "
        f"the anchor's {min(anchor):.0f}–{max(anchor):.0f} µs (mean "
        f"{sum(anchor) / len(anchor):.0f}); load {before:.1f}–{after:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
