"""The review card: everything an operator needs to decide one review item, in one model.

Seed 003: "Review cards expose before/after text, source messages and memories, verification,
privacy questions and sharing destinations." The card is built here, once, and shown by both
``dream review show`` (``card_text``) and the review page (``dream_assets.review_page``). It is
plain data: no Dagster, no HTTP. It quotes memory text in full, so it goes only where an
operator is authenticated (docs/safety.md, "Review queue"), never into Dagster metadata or logs.

The diff is word-level (``difflib`` over whitespace-separated words), one per source: that
source's text against the proposed text. Every span is ``same``, ``dropped`` (in the source, not
in the proposal), ``added`` (in the proposal only) or ``reworded`` (a run of source words replaced
by a run of proposal words). ``dropped_words`` are the words of any source the proposal does not
contain; ``added_words`` the proposal's words no source contains.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from dream_assets.core.clock import format_time
from dream_assets.core.facts.coverage import CoverageSource, load_vocabulary
from dream_assets.core.facts.merge_check import check_merge
from dream_assets.core.models import MemoryEntry, review_fingerprint
from dream_assets.core.safety.audience import entry_audience, mixed_audiences
from dream_assets.core.safety.redaction import contains_redaction_marker
from dream_assets.core.safety.review_queue import ReviewItem, item_age, protection_reason
from dream_assets.core.store.volume import AgentVolume
from dream_assets.operations.review_decisions import ReviewConflict, check_approval

# The state of a source now, against the fingerprint it had when the item was queued.
UNCHANGED = "unchanged since queued"
CHANGED = "changed since queued"
NOT_LIVE = "archived since queued"
MISSING = "no longer on disk"
UNREADABLE = "cannot be read"  # the entry file is there but not an entry (corrupt, unreadable)
# Words are compared without the punctuation that sticks to them ("Berlin." is "Berlin").
_PUNCTUATION = ".,;:!?\"'()[]{}"


@dataclass(frozen=True)
class SourceView:
    id: str
    state: str
    content: str = ""
    category: str = ""
    audience: str = ""
    created_at: str = ""
    updated_at: str = ""
    last_seen_at: str = ""
    protection: str | None = None


@dataclass(frozen=True)
class DiffSpan:
    op: str  # same | dropped | added | reworded
    before: str
    after: str

    def marked(
        self,
        dropped: Callable[[str], str],
        added: Callable[[str], str],
        same: Callable[[str], str] = str,
        between: str = "",
    ) -> str:
        """The span in one notation: ``dropped`` and ``added`` mark the words taken out and put
        in (a reworded span is both, ``between`` apart), ``same`` the words left as they were."""
        if self.op == "same":
            return same(self.before)
        if self.op == "dropped":
            return dropped(self.before)
        if self.op == "added":
            return added(self.after)
        return dropped(self.before) + between + added(self.after)


@dataclass(frozen=True)
class SourceDiff:
    source: str  # a source id, or the skill's name
    spans: list[DiffSpan]


@dataclass
class ReviewCard:
    agent: str
    id: str
    kind: str
    reason: str
    status: str
    created_at: str
    age_days: float
    run_id: str | None
    sources: list[SourceView]
    before: str
    after: str
    category: str
    diffs: list[SourceDiff]
    dropped_words: list[str]
    added_words: list[str]
    findings: list[str]
    verdicts: list[dict[str, str]]
    tokens: dict[str, int]
    # Why approval would be refused now (None: it may be approved); the same check approve runs.
    blocked: str | None
    decided_at: str | None = None
    note: str = ""
    hints: list[str] = field(default_factory=list)

    @property
    def approvable(self) -> bool:
        return self.blocked is None

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "approvable": self.approvable}


def _view(item: ReviewItem, source_id: str, entry: MemoryEntry | None) -> SourceView:
    if entry is None:
        return SourceView(source_id, MISSING)
    if entry.archived:
        state = NOT_LIVE
    elif review_fingerprint(entry) != item.source_fingerprints.get(source_id):
        state = CHANGED
    else:
        state = UNCHANGED
    return SourceView(
        id=entry.id,
        state=state,
        content=entry.content,
        category=entry.category,
        audience=entry_audience(entry),
        created_at=format_time(entry.created_at),
        updated_at=format_time(entry.updated_at),
        last_seen_at=format_time(entry.last_seen_at),
        protection=protection_reason(entry),
    )


def _key(word: str) -> str:
    return word.strip(_PUNCTUATION).lower()


def word_diff(before: str, after: str) -> list[DiffSpan]:
    """Word-level spans of ``before`` turned into ``after``."""
    old, new = before.split(), after.split()
    matcher = difflib.SequenceMatcher(a=[_key(w) for w in old], b=[_key(w) for w in new])
    names = {"equal": "same", "delete": "dropped", "insert": "added", "replace": "reworded"}
    return [
        DiffSpan(names[tag], " ".join(old[i1:i2]), " ".join(new[j1:j2]))
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
    ]


def _only_in(text: str, other: str) -> list[str]:
    """The words of ``text`` (first spelling, in order) that ``other`` does not contain."""
    present = {_key(w) for w in other.split()}
    seen: dict[str, str] = {}
    for word in text.split():
        key = _key(word)
        if key and key not in present and key not in seen:
            seen[key] = word.strip(_PUNCTUATION)
    return list(seen.values())


def _befores(
    volume: AgentVolume, item: ReviewItem, sources: list[SourceView]
) -> list[tuple[str, str]]:
    """(what, text) of everything the proposal replaces: each source, or the current skill."""
    if item.kind == "skill":
        path = volume.skill_path(item.category)
        return [(item.category, path.read_text(encoding="utf-8") if path.is_file() else "")]
    if item.kind == "lifecycle":
        return []  # the status changes, the text does not
    return [(s.id, s.content) for s in sources if s.content]


def _after_text(item: ReviewItem) -> str:
    return "" if item.kind in ("archive", "lifecycle") else item.content


def _findings(
    volume: AgentVolume, item: ReviewItem, entries: list[MemoryEntry], after: str
) -> list[str]:
    """The deterministic checks approval runs, stated whether or not they pass."""
    findings: list[str] = []
    if item.kind == "merge" and entries and after.strip():
        vocabulary, warning = load_vocabulary(volume.vocabulary_path)
        if warning:
            findings.append(f"vocabulary: {warning}")
        result = check_merge(
            [CoverageSource(e.id, e.content, e.category) for e in entries],
            after,
            vocabulary=vocabulary,
        )
        findings.append(
            "coverage and meaning: pass"
            if result.ok
            else "coverage and meaning: drops " + "; ".join(result.missing)
        )
    if after and contains_redaction_marker(after):
        findings.append("the proposed text carries a [REDACTED:…] marker: it is never written")
    audiences = mixed_audiences(entries)
    if audiences:
        findings.append(f"sources of different audiences ({', '.join(audiences)})")
    return findings


def _hints(item: ReviewItem, sources: list[SourceView]) -> list[str]:
    hints = [f"{s.id} is {s.protection}" for s in sources if s.protection]
    if item.kind == "merge":
        hints.append("approve: the merged entry is written, then the sources are archived")
    elif item.kind == "archive":
        hints.append(f"approve: the sources are archived ({item.archive_reason or 'ephemeral'})")
    elif item.kind == "lifecycle":
        hints.append(f"approve: the status becomes {item.content!r}; the text stays")
    if item.status == "approved":
        hints.append(f"undo: dream undo review:{item.id} (or the page's undo button)")
    return hints


def build_card(volume: AgentVolume, item: ReviewItem, now: datetime) -> ReviewCard:
    """The card of one item, as the volume is now."""
    entries: dict[str, MemoryEntry | None] = {}
    unreadable: dict[str, str] = {}
    for i in item.source_ids:
        try:
            entries[i] = volume.get(i)
        except (OSError, ValueError) as exc:
            # One corrupt source is named on its card (approval refuses it), not a dead page.
            entries[i], unreadable[i] = None, f"{UNREADABLE} ({exc})"
    sources = [
        SourceView(i, unreadable[i]) if i in unreadable else _view(item, i, entries[i])
        for i in item.source_ids
    ]
    live = [e for e in entries.values() if e is not None]
    befores, after = _befores(volume, item, sources), _after_text(item)
    before = "\n".join(text for _what, text in befores)
    try:
        check_approval(volume, item)
        blocked = None
    except ReviewConflict as exc:
        blocked = str(exc)
    return ReviewCard(
        agent=volume.root.name,
        id=item.id,
        kind=item.kind,
        reason=item.reason,
        status=item.status,
        created_at=item.created_at,
        age_days=round(item_age(item, now).total_seconds() / 86400, 2),
        run_id=item.run_id,
        sources=sources,
        before=before,
        after=after if item.kind != "lifecycle" else f"event status: {item.content}",
        category=item.category,
        # An archive replaces its sources with nothing: a diff would only strike every word.
        diffs=[]
        if item.kind == "archive"
        else [SourceDiff(what, word_diff(text, after)) for what, text in befores],
        dropped_words=[] if item.kind == "archive" else _only_in(before, after),
        added_words=_only_in(after, before),
        findings=_findings(volume, item, live, after),
        verdicts=list(item.verdicts),
        tokens=dict(item.tokens),
        blocked=blocked,
        decided_at=item.decided_at,
        note=item.note,
        hints=_hints(item, sources),
    )


def _diff_line(span: DiffSpan) -> str:
    """The span in wdiff notation: ``[-taken out-]{+put in+}``."""
    return span.marked(lambda words: f"[-{words}-]", lambda words: f"{{+{words}+}}")


def card_text(card: ReviewCard) -> str:
    """The card as plain text (``dream review show``): full texts, the diff in wdiff notation."""
    lines = [
        f"{card.id}  {card.status}  {card.kind}  agent {card.agent}",
        f"why in review: {card.reason}",
        f"queued: {card.created_at} ({card.age_days:g} days ago) by run {card.run_id or '-'}",
    ]
    if card.decided_at:
        lines.append(f"decided: {card.decided_at} {card.note}".rstrip())
    for source in card.sources:
        lines.append("")
        lines.append(f"source {source.id} — {source.state}")
        if source.state in (UNCHANGED, CHANGED, NOT_LIVE):
            lines.append(
                f"  category {source.category}; audience {source.audience}; created "
                f"{source.created_at}; updated {source.updated_at}; last seen {source.last_seen_at}"
            )
            lines.extend(f"  | {line}" for line in source.content.splitlines() or [""])
    category = f", category {card.category}" if card.category else ""
    lines += ["", f"proposed ({card.kind}{category}):"]
    lines.extend(f"  | {line}" for line in card.after.splitlines() or ["(nothing: archived)"])
    if card.diffs:
        lines += ["", "diff ([-dropped-] {+added+}):"]
        for diff in card.diffs:
            lines.append(f"  {diff.source} → proposed: " + " ".join(map(_diff_line, diff.spans)))
    if card.dropped_words:
        lines.append(f"words dropped: {', '.join(card.dropped_words)}")
    if card.added_words:
        lines.append(f"words added: {', '.join(card.added_words)}")
    lines.append("")
    lines.extend(f"finding: {finding}" for finding in card.findings)
    lines.extend(f"hint: {hint}" for hint in card.hints)
    for verdict in card.verdicts:
        note = f" ({verdict.get('note')})" if verdict.get("note") else ""
        lines.append(f"verifier: {verdict.get('id')} {verdict.get('verdict')}{note}")
    if not card.verdicts:
        lines.append("verifier: no verdicts (not model-verified)")
    if card.tokens:
        lines.append(
            f"tokens: {card.tokens.get('prompt', 0)} prompt + {card.tokens.get('completion', 0)} "
            f"completion in {card.tokens.get('calls', 0)} call(s) of its pass up to this proposal"
        )
    else:
        lines.append("tokens: none (no model call)")
    lines.append(f"approval: {'possible' if card.approvable else 'refused: ' + str(card.blocked)}")
    return "\n".join(lines)
