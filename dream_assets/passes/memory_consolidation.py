"""Pass 1 — memory consolidation: merge near-duplicates without ever losing a fact.

The rules, in the seed's words, and where each is enforced here:
- min interval between completed passes, from the ledger (``_gate``);
- skipped while the memory audit's pause file exists (``_gate``);
- candidate gating in code: eligible = new or changed since review, or in an open near-duplicate
  cluster; every id the model returns is looked up in the *shown* set only, so an invented or
  remembered id resolves to nothing (``_apply``);
- coverage check on every merge, one narrow repair call (capped per cycle), rejection stamps the
  sources (``_merge_one``);
- host-side merge arithmetic and provenance (core.merge);
- replacement first, then retirement; only sources of a merge that persisted are archived;
  exhaustive removal restricted to the shown set (``_apply``);
- the high-value floor: merged yes, archived as ephemeral never (``_apply``);
- beyond the seed: a reply that would archive as ephemeral more than a fraction of what it was
  shown is refused whole (runaway-deletion breaker);
- the model is called only when something is eligible; the stamp only after usable replies.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from dream_assets.core.clock import format_time
from dream_assets.core.cluster import Cluster
from dream_assets.core.coverage import CoverageSource, Vocabulary, check_merge, load_vocabulary
from dream_assets.core.ledger import PassLedger, stamp_pass
from dream_assets.core.llm_reply import (
    MemoryReply,
    SaveItem,
    extract_json_object,
    parse_memory_reply,
)
from dream_assets.core.merge import (
    ARCHIVED_BY_RUN,
    MERGE_PENDING,
    MERGE_SOURCE_FINGERPRINTS,
    MERGED_BY_RUN,
    REJECTED_AT,
    REJECTED_CLUSTER,
    REVIEWED_HASH,
    build_merged_entry,
    merged_from,
    rejected_cluster_id,
    settled,
)
from dream_assets.core.models import (
    SUBJECT_TIME_KEYS,
    MemoryEntry,
    is_high_value,
    review_fingerprint,
)
from dream_assets.core.options import DreamOptions
from dream_assets.core.redaction import needs_redaction
from dream_assets.core.report import PassReport
from dream_assets.core.review import ReviewQueue, make_item, protection_reason
from dream_assets.core.volume import AgentVolume
from dream_assets.llm import ChatModel, ModelCall, Outcome, ask
from dream_assets.prompts import load_directive
from dream_assets.prompts.memory import REPAIR_SYSTEM, consolidation_prompt, repair_prompt

PASS = "memory_consolidation"
REPAIR = "merge_repair"
log = logging.getLogger("dream_assets.consolidation")

# Entries per model call: bounds the prompt whatever the corpus size; a cluster is never split.
BATCH_SIZE = 120
NEGATIONS = frozenset(
    [
        "not",
        "no",
        "never",
        "none",
        "nobody",
        "nothing",
        "neither",
        "nor",
        "cannot",
        "can't",
        "don't",
        "doesn't",
        "didn't",
        "won't",
        "isn't",
        "aren't",
        "wasn't",
        "weren't",
        "shouldn't",
        "wouldn't",
        "couldn't",
        "without",
    ]
)
_WORD = re.compile(r"[a-z0-9']+")


@dataclass
class _Cycle:
    volume: AgentVolume
    options: DreamOptions
    now: datetime
    model: ChatModel | None
    vocabulary: Vocabulary
    run_id: str | None
    report: PassReport
    repairs_left: int
    touched: set[str] = field(default_factory=set)
    # Set when the model went busy mid-pass: the remaining merges wait for the next cycle.
    busy: str | None = None


def run_memory_consolidation(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    *,
    model: ChatModel | None,
    clusters: Sequence[Cluster] | None,
    feedback: Sequence[dict[str, Any]] = (),
    run_id: str | None = None,
    batch_size: int = BATCH_SIZE,
) -> PassReport:
    """Run the pass. ``clusters`` is None when the near-duplicate scan failed."""
    report = PassReport(PASS)
    ledger = PassLedger.load(volume.ledger_path)
    if ledger.warning:
        report.warnings.append(ledger.warning)
    if _gate(volume, options, now, ledger, report):
        return report

    scan = volume.scan_entries()
    for problem in scan.problems:
        report.warnings.append(f"unreadable entry left in place: {problem.path}: {problem.reason}")
    if _finish_interrupted_merges(volume, scan.entries, now, run_id, report):
        scan = volume.scan_entries()
    live = scan.live
    vocabulary, vocabulary_warning = load_vocabulary(volume.vocabulary_path)
    if vocabulary_warning:
        report.warnings.append(vocabulary_warning)

    previous = ledger.last(PASS)
    since = previous.completed_at if previous else None
    report.counts.update(
        live=len(live),
        reviewed=0,
        created_since_last_run=sum(1 for e in live if since is None or e.created_at > since),
        merged=0,
        repaired=0,
        rejected=0,
        ephemeral=0,
        protected=0,
    )
    if len(live) < 2:
        report.skipped = f"fewer than two live memories ({len(live)})"
        return report

    eligible, open_clusters = _eligible(live, clusters, report)
    report.counts["eligible"] = len(eligible)
    report.counts["clusters_open"] = len(open_clusters)
    cycle = _Cycle(
        volume=volume,
        options=options,
        now=now,
        model=model,
        vocabulary=vocabulary,
        run_id=run_id,
        report=report,
        repairs_left=options.merge_repair_max_per_cycle if options.merge_repair_enabled else 0,
    )
    if model is None:
        _mine_corrections(cycle, feedback)
    if not eligible:
        stamp_pass(volume.ledger_path, PASS, now)
        report.decide("idle", "-", "nothing new, changed or clustered: no model call")
        return report

    all_usable = True
    for batch, batch_clusters in _batches(eligible, open_clusters, batch_size if model else 0):
        shown = {e.id: e for e in batch}
        if model is None:
            reply: MemoryReply | None = _deterministic_reply(batch_clusters, shown, vocabulary)
        else:
            call = _ask_model(cycle, batch, batch_clusters, feedback)
            reply = call.settle(report)
            if call.outcome is Outcome.BUSY:
                return report
            if call.outcome is Outcome.OVER_BUDGET:
                # A call that does not fit is not made; what was already applied stays applied.
                if report.model_calls == 0:
                    return report
                all_usable = False
                break
        if reply is None or not _apply(cycle, shown, reply):
            all_usable = False
            continue
        if cycle.busy:
            # The model went busy mid-batch (a repair): merges not yet applied are deferred
            # with their sources live and unreviewed, so the next cycle asks again.
            report.skipped = report.skipped or f"agent LLM busy: merges deferred ({cycle.busy})"
            return report
        _mark_reviewed(cycle, batch)
    if all_usable:
        stamp_pass(volume.ledger_path, PASS, now)
    log.info("DreamService: consolidation summary — %s", report.summary_line())
    return report


def _gate(
    volume: AgentVolume,
    options: DreamOptions,
    now: datetime,
    ledger: PassLedger,
    report: PassReport,
) -> bool:
    if volume.pause_flag.exists():
        report.skipped = f"paused by the memory audit ({volume.pause_flag} exists)"
        return True
    block = ledger.min_interval_block(
        PASS, now, timedelta(hours=options.consolidation_min_interval_hours)
    )
    if block:
        report.skipped = f"memory consolidation {block}"
        return True
    return False


def _eligible(
    live: Sequence[MemoryEntry], clusters: Sequence[Cluster] | None, report: PassReport
) -> tuple[list[MemoryEntry], list[list[str]]]:
    """Unreviewed entries plus members of clusters that are not wholly reviewed-and-unchanged."""
    by_id = {e.id: e for e in live}
    reviewed = {e.id for e in live if e.metadata.get(REVIEWED_HASH) == review_fingerprint(e)}
    if clusters is None:
        report.warnings.append("near-duplicate scan failed: only unreviewed entries are eligible")
        clusters = []
    open_clusters: list[list[str]] = []
    for cluster in clusters:
        members = [m for m in cluster.member_ids if m in by_id]
        # One new or edited member re-opens the whole cluster; an all-reviewed one was already
        # shown together on the cycle that stamped it.
        if len(members) >= 2 and not all(m in reviewed for m in members):
            open_clusters.append(members)
    report.counts["clusters_settled"] = len(clusters) - len(open_clusters)
    in_clusters = {m for c in open_clusters for m in c}
    eligible = [e for e in live if e.id not in reviewed or e.id in in_clusters]
    return eligible, open_clusters


def _batches(
    eligible: Sequence[MemoryEntry], clusters: Sequence[list[str]], size: int
) -> list[tuple[list[MemoryEntry], list[list[str]]]]:
    by_id = {e.id: e for e in eligible}
    units: list[list[str]] = [list(c) for c in clusters]
    clustered = {m for c in clusters for m in c}
    units += [[e.id] for e in eligible if e.id not in clustered]
    batches: list[tuple[list[MemoryEntry], list[list[str]]]] = []
    current: list[MemoryEntry] = []
    current_clusters: list[list[str]] = []
    for unit in units:
        if size > 0 and current and len(current) + len(unit) > size:
            batches.append((current, current_clusters))
            current, current_clusters = [], []
        current.extend(by_id[m] for m in unit)
        if len(unit) > 1:
            current_clusters.append(unit)
    if current:
        batches.append((current, current_clusters))
    return batches


def _ask_model(
    cycle: _Cycle,
    batch: Sequence[MemoryEntry],
    clusters: Sequence[list[str]],
    feedback: Sequence[dict[str, Any]],
) -> ModelCall[MemoryReply]:
    assert cycle.model is not None
    directive, _source = load_directive(cycle.volume, PASS)
    system, user = consolidation_prompt(directive, batch, clusters, feedback)
    return ask(
        cycle.model,
        system,
        user,
        purpose=PASS,
        parse=lambda text: parse_memory_reply(extract_json_object(text)),
        report=cycle.report,
    )


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower().replace("\u2019", "'")))


def _negations(words: set[str]) -> frozenset[str]:
    # Any "n't" contraction negates (hasn't, mustn't, needn't ...), not only the listed words.
    return frozenset(w for w in words if w in NEGATIONS or w.endswith("n't"))


def _subject_time(entry: MemoryEntry) -> tuple[str, ...]:
    return tuple(str(entry.metadata.get(k, "")) for k in SUBJECT_TIME_KEYS)


def _deterministic_reply(
    clusters: Sequence[list[str]], shown: dict[str, MemoryEntry], vocabulary: Vocabulary
) -> MemoryReply:
    """Seed 002's idea: with no model, merge only what is safe by construction.

    A cluster merges into the wording of one member that already says everything the others
    say: it contains every word (and number) of every other member, so a lowercase fact
    ("peanuts" vs "shellfish") is never dropped, and it passes the coverage check. Members must
    also agree on negation ("prefers tea" / "does not prefer tea") and on subject time (the same
    words about two distinct moments are two facts). Exact duplicates and re-orderings merge;
    paraphrases wait for a model. Never prunes.
    """
    saves: list[SaveItem] = []
    for cluster in clusters:
        members = [shown[m] for m in cluster]
        words = {m.id: _words(m.content) for m in members}
        if len({_negations(w) for w in words.values()}) > 1:
            continue
        if len({_subject_time(m) for m in members}) > 1:
            continue
        sources = [CoverageSource(m.id, m.content, m.category) for m in members]
        ranked = sorted(members, key=lambda m: (-len(m.content), -m.reinforcement_count, m.id))
        for keeper in ranked:
            says_everything = all(words[m.id] <= words[keeper.id] for m in members)
            if says_everything and check_merge(sources, keeper.content, vocabulary=vocabulary).ok:
                saves.append(
                    SaveItem(
                        content=keeper.content,
                        category=keeper.category,
                        tags=keeper.tags,
                        source_ids=tuple(m.id for m in members),
                    )
                )
                break
    return MemoryReply(to_delete=(), to_save=tuple(saves))


def _id_problem(volume: AgentVolume, entry_id: str) -> str:
    try:
        exists = volume.get(entry_id) is not None
    except (ValueError, OSError):
        exists = False
    return "outside the eligible set" if exists else "unknown id"


def _apply(cycle: _Cycle, shown: dict[str, MemoryEntry], reply: MemoryReply) -> bool:
    """Apply one validated reply to the entries it was shown. False if refused whole."""
    report = cycle.report
    for note in reply.invalid:
        report.refuse("invalid item", "-", note)

    planned: list[tuple[SaveItem, list[MemoryEntry]]] = []
    for item in reply.to_save:
        for bad in (i for i in item.source_ids if i not in shown):
            report.refuse(_id_problem(cycle.volume, bad), bad, "named as a merge source")
        sources = [shown[i] for i in dict.fromkeys(item.source_ids) if i in shown]
        if not item.content.strip():
            report.refuse("blank content", ",".join(item.source_ids) or "-", "sources kept")
            continue
        if not sources and not (item.category.startswith("anti-patterns/") and not item.source_ids):
            report.refuse("no valid source", ",".join(item.source_ids) or "-", item.content[:120])
            continue
        planned.append((item, sources))

    merge_sources = {s.id for _item, sources in planned for s in sources}
    ephemeral: list[MemoryEntry] = []
    for entry_id in dict.fromkeys(reply.to_delete):
        if entry_id not in shown:
            report.refuse(_id_problem(cycle.volume, entry_id), entry_id, "named in toDelete")
        elif entry_id not in merge_sources:
            ephemeral.append(shown[entry_id])
    limit = cycle.options.runaway_deletion_max_fraction * len(shown)
    # A single deletion never trips it: with a handful of entries shown, one is already over
    # 25 % and the breaker would refuse every small batch forever.
    if len(ephemeral) >= 2 and len(ephemeral) > limit:
        report.refuse(
            "runaway deletion",
            f"{len(ephemeral)} of {len(shown)} shown",
            f"reply would archive more than {cycle.options.runaway_deletion_max_fraction:.0%} "
            "of what it was shown as ephemeral; refused whole, nothing changed",
        )
        report.count("replies_refused")
        return False

    persisted: list[tuple[MemoryEntry, list[MemoryEntry]]] = []
    for item, sources in planned:
        merged = _merge_one(cycle, item, sources)
        if merged is not None:
            persisted.append((merged, sources))

    # Retirement only after every replacement is on disk (seed: replacement first).
    retired: set[str] = set()
    for merged, sources in persisted:
        for source in sources:
            if source.id not in retired and _archive(cycle, source, "merged"):
                retired.add(source.id)
        _clear_pending(cycle.volume, merged)

    for entry in ephemeral:
        if entry.id in retired:
            continue
        if is_high_value(
            entry,
            floor_importance=cycle.options.pruning_protection_importance,
            floor_reinforcement=cycle.options.pruning_protection_reinforcement_count,
        ):
            report.count("protected")
            report.refuse(
                "floor",
                entry.id,
                f"importance {entry.importance:.2f}, reinforced {entry.reinforcement_count}× — "
                "merged yes, archived as ephemeral never",
            )
            continue
        if _queued_for_review(cycle, [entry], "archive"):
            continue
        if _archive(cycle, entry, "ephemeral"):
            report.count("ephemeral")
    return True


def _queued_for_review(
    cycle: _Cycle, sources: list[MemoryEntry], kind: str, item: SaveItem | None = None
) -> bool:
    """Pinned or operator-authored sources, or (when a model saw them) sources that needed
    redaction: the change waits for an operator instead of being applied (seeds 002, 003)."""
    reason = next((r for r in map(protection_reason, sources) if r), None)
    if reason is None and cycle.model is not None:
        reason = next(
            (f"redacted text in {s.id}" for s in sources if needs_redaction(s.content)), None
        )
    if reason is None:
        return False
    review = make_item(
        kind=kind,
        reason=reason,
        sources=sources,
        now=cycle.now,
        run_id=cycle.run_id,
        content=item.content.strip() if item else "",
        category=(item.category or sources[0].category) if item else "",
        tags=item.tags if item else (),
        archive_reason="ephemeral" if kind == "archive" else "",
    )
    ReviewQueue(cycle.volume.root).add(review)
    ids = ",".join(s.id for s in sources)
    cycle.report.count("pending_review")
    # The sources stay unchanged and are marked reviewed as usual: the question is answered,
    # pending the operator, and is not re-asked every cycle.
    cycle.report.decide("pending-review", ids, f"{kind}: {reason} ({review.id})")
    return True


def _merge_one(cycle: _Cycle, item: SaveItem, sources: list[MemoryEntry]) -> MemoryEntry | None:
    report = cycle.report
    if not sources:
        return _save_anti_pattern(cycle, item.content, item.category, item.tags)
    if (
        len(sources) == 1
        and item.content.strip() == sources[0].content.strip()
        and (item.category or sources[0].category) == sources[0].category
    ):
        return None  # a no-op rewrite of one entry
    if _queued_for_review(cycle, sources, "merge", item=item):
        return None
    coverage_sources = [CoverageSource(s.id, s.content, s.category) for s in sources]
    content = item.content.strip()
    result = check_merge(coverage_sources, content, vocabulary=cycle.vocabulary)
    ids = [s.id for s in sources]
    if not result.ok and cycle.model is not None and cycle.repairs_left > 0:
        cycle.repairs_left -= 1
        report.count("repair_attempts")
        revised = _repair(cycle, content, sources, result.missing)
        if cycle.busy:
            report.decide("deferred", ",".join(ids), "agent LLM busy during the repair")
            return None
        if revised is not None:
            second = check_merge(coverage_sources, revised, vocabulary=cycle.vocabulary)
            if second.ok:
                log.info("repaired merge of %s — restored %d specific(s)", ids, len(result.missing))
                report.count("repaired")
                report.decide("repaired", ",".join(ids), f"restored {list(result.missing)}")
                content, result = revised, second
    if not result.ok:
        report.count("rejected")
        report.refuse("coverage rejected", ",".join(ids), f"dropped {list(result.missing)}")
        cluster = rejected_cluster_id(ids)
        for source in sources:
            _rewrite_if_unchanged(
                cycle,
                source,
                {REJECTED_CLUSTER: cluster, REJECTED_AT: format_time(cycle.now)},
            )
        return None
    merged = build_merged_entry(
        sources,
        content=content,
        category=item.category,
        tags=item.tags,
        now=cycle.now,
        run_id=cycle.run_id,
    )
    try:
        cycle.volume.save(merged)
    except OSError as exc:
        report.fail(f"could not save merge of {ids}; sources kept: {exc}")
        return None
    cycle.touched.add(merged.id)
    report.count("merged")
    report.decide("merged", merged.id, f"{ids} → {content[:160]}")
    return merged


def _repair(
    cycle: _Cycle, merged: str, sources: Sequence[MemoryEntry], missing: Sequence[str]
) -> str | None:
    assert cycle.model is not None
    call = ask(
        cycle.model,
        REPAIR_SYSTEM,
        repair_prompt(merged, sources, missing),
        purpose=REPAIR,
        parse=lambda text: extract_json_object(text).get("content"),
        report=cycle.report,
    )
    if call.outcome is Outcome.BUSY:
        cycle.busy = call.reason
        return None
    content = call.settle(cycle.report, unchanged="the merge stays rejected")
    return content.strip() if isinstance(content, str) and content.strip() else None


def _current(cycle: _Cycle, snapshot: MemoryEntry) -> MemoryEntry | None:
    """The entry as on disk now, if a concurrent writer has not changed it since the snapshot."""
    try:
        current = cycle.volume.get(snapshot.id)
    except (OSError, ValueError):
        return None
    if current is None or current.archived:
        return None
    if review_fingerprint(current) != review_fingerprint(snapshot):
        cycle.report.refuse("changed during the pass", snapshot.id, "left as the agent wrote it")
        return None
    return current


def _rewrite_if_unchanged(cycle: _Cycle, snapshot: MemoryEntry, stamp: dict[str, Any]) -> None:
    current = _current(cycle, snapshot)
    if current is None:
        return
    cycle.volume.save(current.with_changes(metadata={**current.metadata, **stamp}))
    cycle.touched.add(current.id)


def _archive(cycle: _Cycle, snapshot: MemoryEntry, reason: str) -> bool:
    current = _current(cycle, snapshot)
    if current is None:
        return False
    stamp = {ARCHIVED_BY_RUN: cycle.run_id} if cycle.run_id else {}
    try:
        cycle.volume.archive(current.id, reason=reason, now=cycle.now, stamp=stamp)
    except (OSError, KeyError) as exc:
        cycle.report.fail(f"could not archive {current.id}: {exc}")
        return False
    cycle.touched.add(current.id)
    # Every archive is logged with the content inline: a bad cycle is reviewable from the log.
    log.info("archived %s (%s): %s", current.id, reason, current.content)
    cycle.report.decide(f"archived ({reason})", current.id, current.content[:160])
    return True


def _clear_pending(volume: AgentVolume, merged: MemoryEntry) -> None:
    volume.save(merged.with_changes(metadata=settled(merged.metadata)))


def _finish_interrupted_merges(
    volume: AgentVolume,
    entries: Sequence[MemoryEntry],
    now: datetime,
    run_id: str | None,
    report: PassReport,
) -> bool:
    """A crash between saving a merge and archiving its sources: finish the retirement."""
    by_id = {e.id: e for e in entries}
    finished = False
    for entry in entries:
        if entry.archived or entry.metadata.get(MERGE_PENDING) != "true":
            continue
        recorded = entry.metadata.get(MERGE_SOURCE_FINGERPRINTS) or {}
        for source_id in merged_from(entry):
            source = by_id.get(source_id)
            if source is not None and not source.archived:
                if recorded and recorded.get(source_id) != review_fingerprint(source):
                    # The agent edited the source after the crash: both stay live.
                    report.refuse("changed during the pass", source_id, "interrupted merge")
                    continue
                # Credit the run that made the merge, so undo of that run finds its sources.
                by_run = entry.metadata.get(MERGED_BY_RUN) or run_id
                stamp = {ARCHIVED_BY_RUN: by_run} if by_run else {}
                volume.archive(source_id, reason="merged", now=now, stamp=stamp)
                log.info("archived %s (merged, interrupted run): %s", source_id, source.content)
        _clear_pending(volume, entry)
        report.count("interrupted_merges_finished")
        finished = True
    return finished


def _mark_reviewed(cycle: _Cycle, batch: Sequence[MemoryEntry]) -> None:
    for entry in batch:
        if entry.id in cycle.touched:
            continue
        fingerprint = review_fingerprint(entry)
        cycle.report.count("reviewed")
        if entry.metadata.get(REVIEWED_HASH) == fingerprint:
            continue
        current = _current(cycle, entry)
        if current is not None:
            cycle.volume.save(
                current.with_changes(metadata={**current.metadata, REVIEWED_HASH: fingerprint})
            )


def _save_anti_pattern(
    cycle: _Cycle, content: str, category: str, tags: Sequence[str]
) -> MemoryEntry | None:
    entry_id = "ap-" + hashlib.sha256(content.strip().lower().encode()).hexdigest()[:16]
    if cycle.volume.get(entry_id) is not None:
        return None  # mined before: idempotent across cycles and retries
    entry = MemoryEntry(
        id=entry_id,
        content=content.strip(),
        category=category,
        tags=tuple(dict.fromkeys([*tags, "anti-pattern"])),
        importance=0.6,
        reinforcement_count=1,
        created_at=cycle.now,
        updated_at=cycle.now,
        last_seen_at=cycle.now,
        metadata={"mined_from": "feedback"},
    )
    cycle.volume.save(entry)
    cycle.touched.add(entry.id)
    cycle.report.count("anti_patterns")
    cycle.report.decide("anti-pattern", entry.id, entry.content[:160])
    return None


def _mine_corrections(cycle: _Cycle, feedback: Sequence[dict[str, Any]]) -> None:
    """Deterministic anti-pattern mining: each distinct Correction becomes one entry."""
    for signal in feedback:
        if signal.get("kind") != "Correction" or not str(signal.get("text") or "").strip():
            continue
        skills = [str(s) for s in signal.get("skills") or []]
        domain = skills[0].split("/")[0] if skills else "general"
        text = " ".join(str(signal["text"]).split())
        where = f" (skills: {', '.join(skills)})" if skills else ""
        _save_anti_pattern(
            cycle, f"User correction{where}: {text}", f"anti-patterns/{domain}", ("correction",)
        )
