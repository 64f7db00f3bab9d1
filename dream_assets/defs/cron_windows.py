"""The cycle's windows at the ticks of a cron schedule (``DREAM_CYCLE_CRON``), in UTC.

The interval windows (``core.schedule.cadence.IntervalWindows``) are plain Python; the cron
windows live
in the Dagster layer because they use Dagster's own cron arithmetic (the scheduler's), so a cron
here means exactly what it means in a Dagster schedule. Dagster 1.13 has no public name for it:
``dagster._utils.schedules`` is the only entry point (its croniter is vendored, not installed).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

# Private: no public Dagster API exposes cron ticks (see the module docstring).
from dagster._utils.schedules import (
    get_latest_completed_cron_tick,
    is_valid_cron_string,
    reverse_cron_string_iterator,
)

from dream_assets.core.options import DreamOptions, OptionsError
from dream_assets.core.schedule.cadence import IntervalWindows, WindowSeries


@dataclass(frozen=True)
class CronWindows:
    """Windows at the ticks of a cron schedule (``DREAM_CYCLE_CRON``), in UTC."""

    cron: str

    def __post_init__(self) -> None:
        if not is_valid_cron_string(self.cron):
            raise OptionsError(f"environment: DREAM_CYCLE_CRON is not a valid cron: {self.cron!r}")

    @property
    def signature(self) -> str:
        return f"cron {self.cron}"

    def latest_start(self, at: datetime) -> datetime | None:
        # Inclusive: a tick exactly at ``at`` is that window's start.
        return get_latest_completed_cron_tick(self.cron, at, "UTC").astimezone(UTC)

    def count_starts(self, after: datetime, upto: datetime, limit: int = 1000) -> int:
        count = 0
        ticks = reverse_cron_string_iterator(upto.timestamp(), self.cron, "UTC")
        for tick in ticks:
            if tick <= after or count >= limit:
                break
            count += 1
        return count


def window_series(cron: str | None, anchor: datetime, options: DreamOptions) -> WindowSeries:
    """The cron windows when a cron is set, else one window every ``interval_hours``."""
    if cron:
        return CronWindows(cron)
    return IntervalWindows(anchor=anchor, interval=timedelta(hours=options.interval_hours))
