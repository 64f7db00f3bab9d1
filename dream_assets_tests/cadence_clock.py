"""The cadence tests' clock: when the daemon first starts, and the default delay and interval.

DELAY and INTERVAL are the documented defaults (docs/automation.md): the first cycle 5 minutes
after the daemon starts, then one every 4 hours.
"""

from datetime import UTC, datetime, timedelta

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
DELAY = timedelta(minutes=5)
INTERVAL = timedelta(hours=4)
