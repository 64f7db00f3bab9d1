"""`make bench`: every benchmark, each printing its table beside its anchor.

python benchmarks/run_all.py           # full sizes (minutes; needs ~3 GB free in /tmp)
python benchmarks/run_all.py --quick   # small sizes
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHES = [
    "bench_retention",
    "bench_telemetry",
    "bench_cluster",
    "bench_coverage",
    "bench_meaning",
    "bench_long_texts",
    "bench_semantic",
    "bench_blind",
    "bench_gate_subkinds",
    "bench_duplicate_rules",
    "bench_scale",
    "bench_create_cost",
    "bench_stores",
    # Needs PostgreSQL (docs/deploy.md); at full size (1 000 agents) it runs for hours.
    "bench_fleet",
]


def main(argv: list[str]) -> int:
    quick = ["--quick"] if "--quick" in argv else []
    status = 0
    for name in BENCHES:
        print(f"\n===== {name} {' '.join(quick)}", flush=True)
        start = time.perf_counter()
        code = subprocess.run([sys.executable, str(HERE / f"{name}.py"), *quick]).returncode
        print(f"===== {name}: exit {code}, {time.perf_counter() - start:.1f} s", flush=True)
        status = status or code
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
