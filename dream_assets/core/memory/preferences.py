"""Durable user preferences (docs/safety.md: "Durable preferences do not expire").

A preference entry (category ``user-preferences/...``, inferred or stated) does not decay, is not
archived as ephemeral and is not purged; a correction replaces an older preference with
provenance (the old one archived as ``superseded``, never purged). A single irritated remark is
a tentative preference, flagged, not a permanent trait. "Dreaming never chooses or replaces
preferred names, which require a live, explicit answer": a pass refuses a text that writes one.
"""

from __future__ import annotations

import re
from typing import Any

PREFERENCE_PREFIX = "user-preferences/"
# Where inference writes (Pass 5), the tag it leaves, and the flag a sensitive preference carries:
# the pass writes them and the ``sensitive_flagged`` check re-reads them.
INFERRED_CATEGORY = "user-preferences/inferred"
INFERRED_TAG = "inferred"
PERMISSION = "requires_user_permission"
TENTATIVE = "tentative"
SUPERSEDED = "superseded"
SUPERSEDES = "supersedes"
SUPERSEDED_BY = "superseded_by"
# The run that wrote a preference: `dream undo RUN` archives what that run wrote.
WRITTEN_BY_RUN = "written_by_run"

_PREFERRED_NAME = re.compile(
    r"\b(?:call(?:s|ed)?\s+(?:me|him|her|them|the\s+user)\s+(?!back\b|later\b|again\b)"
    r"|prefer(?:s|red)?\s+(?:to\s+be\s+)?(?:called|addressed\s+as|named)\b"
    r"|preferred\s+name\b|goes\s+by\s+(?:the\s+name\s+)?[A-Z]"
    r"|(?:address|refer\s+to)\s+(?:me|him|her|them|the\s+user)\s+as\b"
    r"|nickname\b)",
    re.IGNORECASE,
)


def is_preference(entry: Any) -> bool:
    return str(entry.category).startswith(PREFERENCE_PREFIX)


def is_durable(entry: Any) -> bool:
    """A preference the cycle never decays, archives as ephemeral or purges."""
    return is_preference(entry)


def writes_preferred_name(text: str, category: str = "") -> bool:
    """True when a text chooses what to call someone: only a live, explicit answer may."""
    return "preferred-name" in category or bool(_PREFERRED_NAME.search(text))


_CORRECTION = re.compile(
    r"\b(?:actually|instead|no longer|not anymore|any ?more|changed my mind|from now on)\b",
    re.IGNORECASE,
)


def is_correction(text: str) -> bool:
    """A statement that explicitly replaces an earlier preference (corrections are favoured:
    docs/safety.md)."""
    return bool(_CORRECTION.search(text))
