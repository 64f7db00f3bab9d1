"""How a cycle's process collects garbage (docs/benchmarks.md, a whole cycle, rounds 8 and 13).

A cycle at 100 000 entries allocates millions of objects that live for the whole run (the
entries, the index's rows, token sets), and CPython's collector walks the objects it tracks
again and again as they age: at the default thresholds a young collection every 700
allocations, and full collections that walk everything. None of these objects form reference
cycles (an entry is a dataclass of strings, numbers, datetimes, a tuple and a dict), so the walks
find nothing; reference counting frees them, as always, when the run drops them.

Two measures, both only in a process that asked for them (``collect_less``, called by ``dream
run`` once Dagster is imported): a library host (the Dagster code server, the tests) keeps its
own collector settings.

- Young collections run every ``YOUNG_THRESHOLD`` allocations instead of 700, and what was
  imported before the first cycle moves to the permanent generation (``gc.freeze``) after a young
  collection.
- ``settle_long_lived``: after the entry index has built a large set of entries in one go (a new
  process reading ``dream-entry-index.sqlite``, or a first walk), they too move to the permanent
  generation, so no later collection walks them. A young collection first (2 ms at 100 000
  entries; a full one cost 0.13-0.16 s there, as much as it saves): cyclic garbage made since the
  last collection is freed, not frozen. What became garbage after surviving one (Dagster's
  machinery makes some) stays until the process exits: a few objects per run, once per agent's
  run, where the walks it saves are 0.4-0.6 s of a 100 000-entry cycle's CPU.
"""

from __future__ import annotations

import gc

# The young generation's threshold in a cycle's process (CPython's default: 700).
YOUNG_THRESHOLD = 50_000
# Entries built in one go from which they are settled (a small agent's are not worth a collection).
SETTLE_FROM = 10_000

_asked = False


def collect_less() -> None:
    """Once Dagster is imported: the cycle's collector settings (above). Once per process."""
    global _asked
    if _asked:
        return
    _asked = True
    # Young only: a full collection here found 89 garbage objects among Dagster's (0.07 s).
    gc.collect(0)
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)


def settle_long_lived(built: int) -> bool:
    """``built`` objects were just made to live for the run: move everything tracked now to the
    permanent generation when the process asked for it and ``built`` is large. True if done."""
    if not _asked or built < SETTLE_FROM:
        return False
    gc.collect(0)
    gc.freeze()
    return True
