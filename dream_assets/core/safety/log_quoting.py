"""What a project log line may quote of memory text, and the guard that keeps it the only way.

Seed 003: private evidence is "not sent to public logs". An operator routes the project's loggers
into Dagster (``python_logs: managed_python_loggers: [dream_assets]``) to see them in the UI, so
a log line reaches stdout, the event log and the compute logs. The rule (docs/safety.md,
audiences) is ``core.safety.audience.shareable_text``: public text is quoted, any other only with
the agent's ``log_memory_text`` opt-in, else a length and the audience. Here:

- ``quote_entry`` / ``quote`` apply that rule and mark the result ``Shareable``;
- ``project_logger`` is how every module of the project gets its logger: it carries the
  ``MemoryTextGuard``, which withholds any argument of a record that could be memory text and
  did not come through the rule (a ``MemoryEntry``, or a string with a space in it that is not
  ``Shareable``), so a future ``log.info("%s", entry.content)`` logs a length, not the text;
- ``one_line`` keeps a message one line (a store's key may hold a newline);
- a log call's message is a literal format string, its values are arguments (so the guard sees
  them): ``dream_assets_tests/core/safety/test_log_quoting.py`` checks the whole package.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Mapping
from typing import Any

from dream_assets.core.safety.audience import entry_audience, shareable_text


def one_line(text: str) -> str:
    """``text`` as one line of a log or a terminal: a control, format or line-breaking character
    (a store's key or file name may hold "\\n") written as its escape (``\\n``, ``\\x85``,
    ``\\u2028``), so no value can end a line and forge the next. Plain text is returned as is."""
    if text.isprintable():
        return text
    return "".join(
        ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in _UNSHOWN else ch
        for ch in text
    )


# Control, format (bidi overrides included), surrogate, private and unassigned characters, and
# the line and paragraph separators; a space of any width is shown as it is.
_UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class Shareable(str):
    """Text a log line may carry: decided by the quoting rule, or counts and ids only."""


def quote(text: str, audience: str, *, log_memory_text: bool) -> Shareable:
    """What a log line may quote of ``text`` of ``audience`` (the rule of core.safety.audience)."""
    return Shareable(shareable_text(text, audience, log_memory_text=log_memory_text))


def quote_entry(entry: Any, *, log_memory_text: bool) -> Shareable:
    """What a log line may quote of an entry's content."""
    return quote(entry.content, entry_audience(entry), log_memory_text=log_memory_text)


def counts_only(text: str) -> Shareable:
    """A line built from counts, ids and reasons (a report's summary line): no memory text."""
    return Shareable(text)


def _withheld(text: str) -> str:
    return f"<{len(text)} chars: text withheld (not quoted through core/safety/log_quoting)>"


def _guarded(value: Any) -> Any:
    if isinstance(value, Shareable):
        return Shareable(one_line(value))
    if isinstance(value, str):
        # Ids, paths, option names and numbers carry no space; free text does.
        return _withheld(value) if any(c.isspace() for c in value) else one_line(value)
    if hasattr(value, "content") and hasattr(value, "metadata"):
        return _withheld(str(getattr(value, "content", "")))  # a memory entry (or alike)
    if isinstance(value, (list, tuple)):
        return type(value)(_guarded(v) for v in value)
    return value


class MemoryTextGuard(logging.Filter):
    """Withholds every argument of a record that may be memory text not quoted by the rule."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, Mapping):
            record.args = {k: _guarded(v) for k, v in args.items()}
        elif isinstance(args, tuple) and args:
            record.args = tuple(_guarded(v) for v in args)
        return True


GUARD = MemoryTextGuard()


def project_logger(name: str) -> logging.Logger:
    """The logger of one module of the project, with the memory-text guard on it."""
    logger = logging.getLogger(name)
    if GUARD not in logger.filters:
        logger.addFilter(GUARD)
    return logger
