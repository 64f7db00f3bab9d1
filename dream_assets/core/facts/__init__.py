"""Do two texts state the same facts? The room's face: ``check_merge`` (may this merged text
replace its sources?) and ``disagreement`` (may these two memories share a duplicate cluster?);
the rules behind them are in its modules (docs/merge-checks.md)."""

from dream_assets.core.facts.agreement import Statement, disagreement, shares_subject
from dream_assets.core.facts.merge_check import HINT_KINDS, check_merge, meaning_rules

__all__ = [
    "HINT_KINDS",
    "Statement",
    "check_merge",
    "disagreement",
    "meaning_rules",
    "shares_subject",
]
