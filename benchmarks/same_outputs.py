"""Dump what three cycles leave on a planted agent, to compare two checkouts' outputs.

Run from each checkout, then compare the two dumps byte for byte::

    PYTHONPATH=$PWD python benchmarks/same_outputs.py /tmp/a.json 1500   # in one checkout
    PYTHONPATH=$PWD python benchmarks/same_outputs.py /tmp/b.json 1500   # in the other
    cmp /tmp/a.json /tmp/b.json

Plants ``SIZE`` entries (``bench_scale.plant``), runs three cycles through ``dg.materialize`` at
the tests' fixed clock (a first cycle, an idle one, then one after 30 entries were edited and 5
removed) and dumps, after each: the sha1 of every file of the volume (run ids replaced by their
order; the DuckDB and SQLite files left out, their tables are dumped instead), every pass report,
and the rows of the near-duplicate scan's five tables, sorted.

The version of the judging rules that keys the pair cache and the scan's fingerprint
(``reuse.rules_version``: hashes of the source of ``core/facts/`` and ``candidates.py``) is pinned
to one string, so that two checkouts whose rules decide the same compare equal: the hash changes
with any edit there, a cache or a comment as much as a rule. ``--own-rules-version`` keeps it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

import dagster as dg
import duckdb
from _checkout import ROOT  # noqa: F401  (puts the checkout on the path)
from bench_scale import plant

from dream_assets.passes.duplicate_clusters import reuse
from dream_assets.passes.duplicate_clusters.tables import SCAN_TABLES as TABLES
from dream_assets_tests.builders import NOW
from dream_assets_tests.cycles import cycle, pass_reports

TIMINGS = ("run_id", "duration_s", "seconds", "elapsed_s")


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items() if k not in TIMINGS}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


def main(out: Path, size: int, *, own_rules_version: bool = False) -> None:
    if not own_rules_version:
        reuse.rules_version = lambda: "<rules version>"  # type: ignore[assignment]
    runs: list[str] = []

    def norm(data: bytes) -> bytes:
        for n, run_id in enumerate(runs):
            data = data.replace(run_id.encode(), f"<run{n}>".encode())
            data = data.replace(run_id[:8].encode(), f"<run{n}>".encode())
        return data

    dump: dict[str, Any] = {}
    agents = Path(tempfile.mkdtemp()) / "agents"
    agent = agents / "a"
    agent.mkdir(parents=True)
    plant(agent, size, NOW - timedelta(hours=1))
    with dg.instance_for_test() as instance:
        for step in range(3):
            if step == 2:
                files = sorted((agent / "memory" / "entries").glob("*.json"))
                for path in files[:30]:
                    data = json.loads(path.read_text())
                    data["content"] += " (edited)"
                    path.write_text(json.dumps(data))
                for path in files[30:35]:
                    path.unlink()
            result = cycle(agents, "a", instance)
            runs.append(result.run_id)
            reports = norm(json.dumps(pass_reports(result), default=str).encode())
            dump[f"reports{step}"] = _scrub(json.loads(reports))
            dump[f"ok{step}"] = result.success
            dump[f"files{step}"] = {
                norm(str(p.relative_to(agent)).encode()).decode(): hashlib.sha1(
                    norm(p.read_bytes())
                ).hexdigest()
                for p in sorted(agent.rglob("*"))
                if p.is_file()
                and p.suffix not in (".duckdb", ".wal", ".sqlite", ".db")
                and "lock" not in p.name
            }
            with duckdb.connect(str(agent / "dream-telemetry.duckdb"), read_only=True) as con:
                for table in TABLES:
                    rows = con.execute(f"SELECT * FROM {table}").fetchall()
                    dump[f"{table}{step}"] = sorted(map(repr, rows))
    out.write_text(json.dumps(dump, indent=1, sort_keys=True, default=str))
    print(f"written {out}: cycles ok {[dump[f'ok{s}'] for s in range(3)]}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="where to write the dump (JSON)")
    parser.add_argument("size", type=int, nargs="?", default=1500, help="entries to plant")
    parser.add_argument(
        "--own-rules-version",
        action="store_true",
        help="keep the checkout's own rules version (a hash of its judging rules' source)",
    )
    args = parser.parse_args()
    main(args.out, args.size, own_rules_version=args.own_rules_version)
