"""Random moments and spans drawn from the demo's seeded generator."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

DAY = timedelta(days=1)


def seconds(rng: random.Random, low: timedelta, high: timedelta) -> timedelta:
    """A whole-second span between ``low`` and ``high``, so every moment stays on the second."""
    return timedelta(seconds=rng.randint(int(low.total_seconds()), int(high.total_seconds())))


def times(rng: random.Random, start: datetime, end: datetime, count: int) -> list[datetime]:
    """``count`` sorted whole-second moments between ``start`` and ``end``."""
    span = int((end - start).total_seconds()) + 1
    draw = rng.random
    offsets = sorted(int(draw() * span) for _ in range(count))
    return [start + timedelta(seconds=offset) for offset in offsets]
