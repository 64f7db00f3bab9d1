"""The hand-written material of the demo volume, read from ``data/*.yaml``.

The generator draws from these records in the order the files list them, so reordering an entry
changes every file the demo writes; adding one is fine. Each record is a frozen dataclass named
after what the YAML holds, so a misspelt or missing field fails loudly when the demo starts.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

DATA = resources.files("dream_assets.demo") / "data"


# --- facts.yaml: ordinary memories built from templates ---------------------------------------


@dataclass(frozen=True)
class Template:
    template: str
    tags: tuple[str, ...]
    # Which subject-time metadata a person fact carries: "month", "day", "span" or none.
    subject_time: str | None = None


@dataclass(frozen=True)
class LiteralFact:
    content: str
    category: str
    tags: tuple[str, ...]


@dataclass(frozen=True)
class Facts:
    people: tuple[str, ...]
    person_pools: dict[str, list[str]]
    person_templates: tuple[Template, ...]
    projects: tuple[str, ...]
    project_templates: tuple[Template, ...]
    project_pools: dict[str, list[str]]
    place_templates: tuple[Template, ...]
    place_pools: dict[str, list[str]]
    literal_facts: tuple[LiteralFact, ...]


# --- planted.yaml: the cases the passes are scored on ------------------------------------------


@dataclass(frozen=True)
class Member:
    content: str
    metadata: dict[str, str]


@dataclass(frozen=True)
class Group:
    """Paraphrases of one fact, an exact pair, or two distinct moments: members of one topic."""

    category: str
    tags: tuple[str, ...]
    members: tuple[Member, ...]


@dataclass(frozen=True)
class Source:
    content: str
    reinforcement: int


@dataclass(frozen=True)
class PastMerge:
    category: str
    tags: tuple[str, ...]
    content: str
    merged_days_ago: int
    sources: tuple[Source, ...]


@dataclass(frozen=True)
class Ephemeral:
    content: str
    category: str
    archived_days_ago: int
    reinforcement: int


@dataclass(frozen=True)
class Planted:
    paraphrase_groups: tuple[Group, ...]
    exact_pairs: tuple[Group, ...]
    distinct_moments: tuple[Group, ...]
    merge_history: tuple[PastMerge, ...]
    ephemeral_history: tuple[Ephemeral, ...]


# --- skills.yaml --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SkillSpec:
    name: str
    summary: str
    created_days_ago: int
    usage_weight: int
    see_also: tuple[str, ...]
    tools: tuple[str, ...]
    resources: tuple[str, ...]
    body: str


# --- sessions.yaml and telemetry.yaml ----------------------------------------------------------


@dataclass(frozen=True)
class Feedback:
    kind: str
    rating: str | None
    skills: tuple[str, ...]
    text: str
    days_ago: int = 0


@dataclass(frozen=True)
class Turn:
    role: str
    content: str


@dataclass(frozen=True)
class Script:
    skills: tuple[str, ...]
    turns: tuple[Turn, ...]
    feedback: tuple[Feedback, ...]


@dataclass(frozen=True)
class RecurringWisp:
    description: str
    skill: str | None
    failure_rate: float
    failed_step: str | None
    error: str | None


@dataclass(frozen=True)
class OneOffWisps:
    templates: tuple[str, ...]
    pools: dict[str, list[str]]
    failed_steps: tuple[str, ...]
    errors: tuple[str, ...]


@dataclass(frozen=True)
class Tier:
    tier: str
    model: str
    weight: int
    min_cost_usd: float
    max_cost_usd: float


@dataclass(frozen=True)
class Material:
    facts: Facts
    planted: Planted
    generic_tools: tuple[str, ...]
    skills: tuple[SkillSpec, ...]
    scripts: tuple[Script, ...]
    old_feedback: tuple[Feedback, ...]
    cli_feedback: tuple[Feedback, ...]
    recurring_wisps: tuple[RecurringWisp, ...]
    one_off_wisps: OneOffWisps
    tiers: tuple[Tier, ...]
    vocabulary_json: str


# --- loading ------------------------------------------------------------------------------------


def _read(name: str) -> dict[str, Any]:
    loaded = yaml.safe_load((DATA / name).read_text(encoding="utf-8"))
    if not isinstance(loaded, dict):
        raise ValueError(f"demo data {name}: expected a mapping at the top level")
    return loaded


def _records(cls: type, rows: list[dict[str, Any]], where: str, **nested: Any) -> tuple:
    """Build ``cls`` from each row; list fields become tuples, ``nested`` converts sub-records."""
    built = []
    for index, row in enumerate(rows):
        fields = {
            key: nested[key](value) if key in nested else _frozen(value)
            for key, value in row.items()
        }
        try:
            built.append(cls(**fields))
        except TypeError as exc:
            raise ValueError(f"demo data {where}[{index}]: {exc}") from exc
    return tuple(built)


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _member(row: dict[str, Any]) -> Member:
    # str(): an unquoted 2019-07-04 in the YAML loads as a date; entry metadata holds strings.
    metadata = {key: str(value) for key, value in (row.get("metadata") or {}).items()}
    return Member(row["content"], metadata)


def _facts(raw: dict[str, Any]) -> Facts:
    return Facts(
        people=tuple(raw["people"]),
        person_pools=raw["person_pools"],
        person_templates=_records(Template, raw["person_templates"], "person_templates"),
        projects=tuple(raw["projects"]),
        project_templates=_records(Template, raw["project_templates"], "project_templates"),
        project_pools=raw["project_pools"],
        place_templates=_records(Template, raw["place_templates"], "place_templates"),
        place_pools=raw["place_pools"],
        literal_facts=_records(LiteralFact, raw["literal_facts"], "literal_facts"),
    )


def _planted(raw: dict[str, Any]) -> Planted:
    def members(rows: list[dict[str, Any]]) -> tuple[Member, ...]:
        return tuple(_member(row) for row in rows)

    def groups(key: str) -> tuple[Group, ...]:
        return _records(Group, raw[key], key, members=members)

    return Planted(
        paraphrase_groups=groups("paraphrase_groups"),
        exact_pairs=groups("exact_pairs"),
        distinct_moments=groups("distinct_moments"),
        merge_history=_records(
            PastMerge,
            raw["merge_history"],
            "merge_history",
            sources=lambda rows: _records(Source, rows, "merge_history.sources"),
        ),
        ephemeral_history=_records(Ephemeral, raw["ephemeral_history"], "ephemeral_history"),
    )


@functools.cache
def load() -> Material:
    names = ("facts", "planted", "skills", "sessions", "telemetry")
    facts, planted, skills, sessions, telemetry = (_read(f"{name}.yaml") for name in names)

    def feedback(rows: list[dict[str, Any]]) -> tuple[Feedback, ...]:
        return _records(Feedback, rows, "feedback")

    def turns(rows: list[dict[str, Any]]) -> tuple[Turn, ...]:
        return _records(Turn, rows, "turns")

    one_off = telemetry["wisp_one_off"]
    return Material(
        facts=_facts(facts),
        planted=_planted(planted),
        generic_tools=tuple(skills["generic_tools"]),
        skills=_records(SkillSpec, skills["skills"], "skills"),
        scripts=_records(Script, sessions["scripts"], "scripts", turns=turns, feedback=feedback),
        old_feedback=feedback(sessions["old_feedback"]),
        cli_feedback=feedback(sessions["cli_feedback"]),
        recurring_wisps=_records(RecurringWisp, telemetry["wisp_recurring"], "wisp_recurring"),
        one_off_wisps=OneOffWisps(
            templates=tuple(one_off["templates"]),
            pools=one_off["pools"],
            failed_steps=tuple(one_off["failed_steps"]),
            errors=tuple(one_off["errors"]),
        ),
        tiers=_records(Tier, telemetry["tiers"], "tiers"),
        vocabulary_json=(DATA / "merge-coverage-vocabulary.json").read_text(encoding="utf-8"),
    )
