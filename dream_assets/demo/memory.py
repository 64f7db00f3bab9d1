"""The demo's long-term memory: ordinary facts plus the cases each pass is scored on.

Ordinary facts come from the templates of ``data/facts.yaml``; ``data/planted.yaml`` adds
paraphrase groups and exact pairs (the cluster scan, the merge coverage check, deterministic
merges), distinct moments a good consolidation keeps apart, past merges and archived ephemera
(the archive purge and its high-value floor). last_seen_at spreads over ten months for decay.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from dream_assets.core.clock import format_time
from dream_assets.core.memory.merge import merged_standing
from dream_assets.core.models import MemoryEntry
from dream_assets.demo.material import Facts, Group, Material, Planted
from dream_assets.demo.moments import DAY, seconds


@dataclass
class _Fact:
    content: str
    category: str
    tags: tuple[str, ...]
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Plant:
    """One entry before it has an id: ids follow save order, known only once all are planted."""

    fact: _Fact
    importance: float
    reinforcement: int
    created: datetime
    updated: datetime
    last_seen: datetime
    archived_at: datetime | None = None
    archive_reason: str | None = None
    merged_from: list[_Plant] = field(default_factory=list)
    id: str = ""

    def entry(self) -> MemoryEntry:
        metadata = dict(self.fact.metadata)
        if self.merged_from:
            metadata["merged_from"] = [source.id for source in self.merged_from]
        return MemoryEntry(
            id=self.id,
            content=self.fact.content,
            category=self.fact.category,
            tags=self.fact.tags,
            importance=self.importance,
            reinforcement_count=self.reinforcement,
            created_at=self.created,
            updated_at=self.updated,
            last_seen_at=self.last_seen,
            metadata=metadata,
            archived_at=self.archived_at,
            archive_reason=self.archive_reason,
        )


@dataclass(frozen=True)
class Memory:
    """Every entry in id order, and the ids of the planted groups (recorded in the marker)."""

    entries: list[MemoryEntry]
    paraphrase_groups: list[list[str]]
    exact_pairs: list[list[str]]
    distinct_moments: list[list[str]]


# --- ordinary facts ----------------------------------------------------------------------------


def _person_facts(rng: random.Random, facts: Facts) -> list[_Fact]:
    pools = facts.person_pools
    built: list[_Fact] = []
    for person in facts.people:
        for template in rng.sample(facts.person_templates, 18):
            year = rng.randint(2012, 2025)
            month_index = rng.randrange(12)
            day = rng.randint(1, 28)
            kid, kid2 = rng.sample(pools["kid"], 2)
            n = rng.randint(3, 12)
            values = {name: rng.choice(pools[name]) for name in pools}
            values.update(
                p=person,
                month=pools["month"][month_index],
                day=str(day),
                year=str(year),
                hour=str(rng.randint(8, 18)),
                kid=kid,
                kid2=kid2,
                n=str(n),
                amount=str(rng.randint(15, 180)),
            )
            metadata: dict[str, Any] = {}
            if template.subject_time == "month":
                metadata["subject_point"] = f"{year:04d}-{month_index + 1:02d}"
            elif template.subject_time == "day":
                metadata["subject_point"] = f"{year:04d}-{month_index + 1:02d}-{day:02d}"
            elif template.subject_time == "span":
                start = datetime(year, month_index + 1, day)
                metadata["subject_start"] = start.date().isoformat()
                metadata["subject_end"] = (start + n * DAY).date().isoformat()
            content = template.template.format(**values)
            built.append(_Fact(content, f"people/{person.lower()}", template.tags, metadata))
    return built


def _project_facts(rng: random.Random, facts: Facts) -> list[_Fact]:
    built: list[_Fact] = []
    for project in facts.projects:
        for template in rng.sample(facts.project_templates, 12):
            values = {name: rng.choice(pool) for name, pool in facts.project_pools.items()}
            year = rng.randint(2024, 2026)
            month_index = rng.randrange(12)
            day = rng.randint(1, 28)
            values.update(
                x=project,
                slug=project.lower(),
                major=str(rng.randint(1, 4)),
                minor=str(rng.randint(0, 12)),
                date=f"{year:04d}-{month_index + 1:02d}-{day:02d}",
                hour=str(rng.randint(9, 11)),
                mm=rng.choice(["00", "15", "30", "45"]),
                p=rng.choice(facts.people),
                month=facts.person_pools["month"][month_index],
                day=str(day),
                year=str(year),
                weekday=rng.choice(facts.person_pools["weekday"]),
                n=str(rng.randint(2, 45)),
            )
            content = template.template.format(**values)
            built.append(_Fact(content, f"projects/{project.lower()}", template.tags))
    return built


def _place_facts(rng: random.Random, facts: Facts) -> list[_Fact]:
    built: list[_Fact] = []
    for city in facts.person_pools["city"]:
        for template in facts.place_templates:
            values = {name: rng.choice(pool) for name, pool in facts.place_pools.items()}
            values.update(city=city, n=str(rng.randint(4, 15)))
            built.append(
                _Fact(template.template.format(**values), f"places/{city.lower()}", template.tags)
            )
    return built


def _cost_facts(rng: random.Random, now: datetime, months: list[str]) -> list[_Fact]:
    # Figures the agent recomputes every cycle: their numbers are disposable, which is why the
    # vocabulary file exempts metrics/cost from the numeric half of the coverage check.
    built: list[_Fact] = []
    for week in range(1, 9):
        day = (now - week * 7 * DAY).date().isoformat()
        cost = rng.uniform(0.03, 0.06)
        content = f"Average high-tier call cost over the 14 days to {day} was ${cost:.3f}."
        built.append(_Fact(content, "metrics/cost", ("cost", "routing")))
    for months_back in range(1, 7):
        year, month_index = divmod(now.year * 12 + now.month - 1 - months_back, 12)
        spend = rng.uniform(90, 260)
        content = (
            f"Total LLM spend in {months[month_index]} {year} was ${spend:.2f} across "
            f"{rng.randint(2000, 9000)} calls."
        )
        built.append(_Fact(content, "metrics/cost", ("cost", "monthly")))
    return built


# --- scores and ages ---------------------------------------------------------------------------


def _importance(rng: random.Random) -> float:
    if rng.random() < 0.08:
        return round(rng.uniform(0.80, 0.95), 2)
    return round(rng.uniform(0.12, 0.78), 2)


def _reinforcement(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.50:
        return 1
    if roll < 0.88:
        return rng.randint(2, 4)
    if roll < 0.98:
        return rng.randint(5, 24)
    return rng.randint(30, 60)


def _live(rng: random.Random, now: datetime, fact: _Fact) -> _Plant:
    # last_seen_at spread over ten months so decay (grace 30 days) has work on most entries.
    last_seen = now - seconds(rng, timedelta(minutes=5), 300 * DAY)
    reinforcement = _reinforcement(rng)
    if reinforcement > 1:
        created = last_seen - seconds(rng, DAY, 150 * DAY)
    else:
        created = last_seen - seconds(rng, timedelta(0), timedelta(hours=2))
    updated = min(now, last_seen + seconds(rng, timedelta(0), 3 * DAY))
    return _Plant(fact, _importance(rng), reinforcement, created, updated, last_seen)


def _archived(
    rng: random.Random, archived_at: datetime, fact: _Fact, reinforcement: int, reason: str
) -> _Plant:
    last_seen = archived_at - seconds(rng, timedelta(hours=1), 30 * DAY)
    created = last_seen - seconds(rng, timedelta(0), 200 * DAY if reinforcement > 1 else DAY)
    # Importance is frozen at archive time; a heavily reinforced entry was important.
    importance = round(rng.uniform(0.55, 0.9), 2) if reinforcement >= 5 else _importance(rng)
    return _Plant(
        fact,
        importance,
        reinforcement,
        created=created,
        updated=archived_at,
        last_seen=last_seen,
        archived_at=archived_at,
        archive_reason=reason,
    )


# --- planting ----------------------------------------------------------------------------------


def _live_groups(
    rng: random.Random, now: datetime, groups: tuple[Group, ...]
) -> list[list[_Plant]]:
    planted: list[list[_Plant]] = []
    for group in groups:
        facts = [
            _Fact(member.content, group.category, group.tags, dict(member.metadata))
            for member in group.members
        ]
        planted.append([_live(rng, now, fact) for fact in facts])
    return planted


def _history(rng: random.Random, now: datetime, planted: Planted) -> list[_Plant]:
    entries: list[_Plant] = []
    for merge in planted.merge_history:
        merged_at = (
            now - merge.merged_days_ago * DAY - seconds(rng, timedelta(0), timedelta(hours=6))
        )
        sources = [
            _archived(
                rng,
                merged_at,
                _Fact(source.content, merge.category, merge.tags),
                source.reinforcement,
                "merged",
            )
            for source in merge.sources
        ]
        # The host's own merge arithmetic, so the planted history is what a real merge leaves.
        standing = merged_standing([source.entry() for source in sources])
        merged = _Plant(
            _Fact(merge.content, merge.category, merge.tags, {"merged_at": format_time(merged_at)}),
            importance=standing["importance"],
            reinforcement=standing["reinforcement_count"],
            created=standing["created_at"],
            updated=merged_at,
            last_seen=standing["last_seen_at"],
            merged_from=sources,
        )
        entries.extend([*sources, merged])

    for item in planted.ephemeral_history:
        archived_at = (
            now - item.archived_days_ago * DAY - seconds(rng, timedelta(0), timedelta(hours=6))
        )
        day = (archived_at - seconds(rng, DAY, 5 * DAY)).date().isoformat()
        fact = _Fact(item.content.format(date=day), item.category, ("ephemeral",))
        entries.append(_archived(rng, archived_at, fact, item.reinforcement, "ephemeral"))
    return entries


def plant_memory(rng: random.Random, now: datetime, material: Material) -> Memory:
    facts = material.facts
    singles = (
        _person_facts(rng, facts)
        + _project_facts(rng, facts)
        + _place_facts(rng, facts)
        + [_Fact(fact.content, fact.category, fact.tags) for fact in facts.literal_facts]
        + _cost_facts(rng, now, facts.person_pools["month"])
    )
    entries = [_live(rng, now, fact) for fact in singles]
    paraphrases = _live_groups(rng, now, material.planted.paraphrase_groups)
    exact_pairs = _live_groups(rng, now, material.planted.exact_pairs)
    distinct = _live_groups(rng, now, material.planted.distinct_moments)
    for groups in (paraphrases, exact_pairs, distinct):
        entries.extend(plant for group in groups for plant in group)
    entries.extend(_history(rng, now, material.planted))

    # Ids follow save order, as a store assigning them on save would; a merged entry is saved
    # when the merge happens even though it inherits its sources' first-seen time.
    entries.sort(key=lambda p: (p.updated if p.merged_from else p.created, p.fact.content))
    for number, plant in enumerate(entries, start=1):
        plant.id = f"m-{number:05d}"

    def ids(groups: list[list[_Plant]]) -> list[list[str]]:
        return [[plant.id for plant in group] for group in groups]

    return Memory(
        entries=[plant.entry() for plant in entries],
        paraphrase_groups=ids(paraphrases),
        exact_pairs=ids(exact_pairs),
        distinct_moments=ids(distinct),
    )
