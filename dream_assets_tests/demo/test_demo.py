"""The demo volume: every requirement is checked by reading the written files back."""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import os
import re
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import yaml

from dream_assets.demo import DEMO_MARKER, DemoSummary, write_demo
from dream_assets_tests.builders import MEMORY_ENTRY_KEYS

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
SUBJECT_KEYS = {"subject_start", "subject_end", "subject_point"}
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
FILLER_WORDS = {"actually", "really", "currently", "also", "just"}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, DemoSummary]:
    root = tmp_path_factory.mktemp("demo") / "agent"
    return root, write_demo(root, seed=7, now=NOW)


@pytest.fixture
def root(demo: tuple[Path, DemoSummary]) -> Path:
    """The demo agent's volume."""
    return demo[0]


@functools.cache
def digest(root: Path) -> str:
    """Hash of every path, its bytes and its mtime (files and directories)."""
    hasher = hashlib.sha256()
    for directory, subdirs, files in os.walk(root):
        subdirs.sort()
        for name in sorted(files):
            path = Path(directory) / name
            hasher.update(str(path.relative_to(root)).encode())
            hasher.update(path.read_bytes())
            hasher.update(str(path.stat().st_mtime_ns).encode())
        hasher.update(str(Path(directory).relative_to(root)).encode())
        hasher.update(str(Path(directory).stat().st_mtime_ns).encode())
    return hasher.hexdigest()


@functools.cache
def read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in read_lines(path)]


def entries(root: Path) -> dict[str, dict[str, Any]]:
    return {
        path.stem: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted((root / "memory/entries").glob("*.json"))
    }


def marker(root: Path) -> dict[str, Any]:
    return json.loads((root / DEMO_MARKER).read_text(encoding="utf-8"))


def ts(value: str) -> datetime:
    assert value.endswith("+00:00"), value
    return datetime.fromisoformat(value)


def age_days(value: str) -> float:
    return (NOW - ts(value)).total_seconds() / 86400


def is_high_value(entry: dict[str, Any]) -> bool:
    return entry["importance"] >= 0.80 or entry["reinforcement_count"] >= 5


def skill_files(root: Path) -> dict[str, tuple[dict[str, Any], str]]:
    skills = {}
    for path in sorted((root / "skills").rglob("SKILL.md")):
        _, front, body = path.read_text(encoding="utf-8").split("---\n", 2)
        skills[path.parent.relative_to(root / "skills").as_posix()] = (yaml.safe_load(front), body)
    return skills


def session_logs(root: Path, kind: str) -> list[Path]:
    return sorted((root / "logs" / kind).glob("*.jsonl"))


# Specifics as the merge coverage check sees them: mid-sentence capitalized words and
# multi-digit numbers, with month-name dates credited to their numeric spelling.
def normalize_dates(text: str) -> str:
    months = "|".join(MONTHS)

    def numeric(year: str, month: str, day: str) -> str:
        return f"{year}-{MONTHS.index(month) + 1:02d}-{int(day):02d}"

    text = re.sub(
        rf"\b({months}) (\d{{1,2}}), (\d{{4}})", lambda m: numeric(m[3], m[1], m[2]), text
    )
    return re.sub(rf"\b(\d{{1,2}}) ({months}) (\d{{4}})", lambda m: numeric(m[3], m[2], m[1]), text)


def tokens(text: str) -> list[str]:
    return re.findall(r"[A-Za-z][A-Za-z0-9]*|\d+", normalize_dates(text))


def specifics(text: str, *, numbers: bool = True) -> set[str]:
    words = tokens(text)
    found = {word for index, word in enumerate(words) if index > 0 and word[0].isupper()}
    if numbers:
        found |= {word for word in words if word.isdigit() and len(word) >= 2}
    return found


def normalized(text: str) -> list[str]:
    return [word for word in re.findall(r"[a-z0-9]+", text.lower()) if word not in FILLER_WORDS]


# --- determinism and refusal ------------------------------------------------------------------


def test_demo_is_byte_identical_for_equal_seed_and_now(
    demo: tuple[Path, DemoSummary], tmp_path: Path
) -> None:
    root, summary = demo
    again = write_demo(tmp_path / "agent", seed=7, now=NOW)
    assert again == summary
    assert digest(tmp_path / "agent") == digest(root)


def test_demo_volume_is_regenerated_from_scratch(
    demo: tuple[Path, DemoSummary], tmp_path: Path
) -> None:
    # What a cycle leaves behind in a demo volume: a ledger, a merged entry, an edited marker.
    (tmp_path / DEMO_MARKER).write_text("{}")
    (tmp_path / "dream-pass-ledger.json").write_text("{}")
    (tmp_path / "memory/entries").mkdir(parents=True)
    (tmp_path / "memory/entries/m-99999.json").write_text("{}")
    write_demo(tmp_path, seed=7, now=NOW)
    assert not (tmp_path / "dream-pass-ledger.json").exists()
    assert not (tmp_path / "memory/entries/m-99999.json").exists()
    assert digest(tmp_path) == digest(demo[0])


def test_refuses_non_empty_directory_that_is_not_a_demo_volume(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match=re.escape(str(tmp_path))):
        write_demo(tmp_path, now=NOW)
    assert [path.name for path in tmp_path.iterdir()] == ["notes.txt"]


def test_refuses_naive_now(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        write_demo(tmp_path / "agent", now=datetime(2026, 11, 29, 12, 0))


def test_summary_counts_match_the_files(demo: tuple[Path, DemoSummary]) -> None:
    root, summary = demo
    written = entries(root)
    sessions = [
        path
        for kind in ("skill-usage", "tool-call", "feedback")
        for path in session_logs(root, kind)
    ]
    single = ("skill-resource-usage", "wisp-executions", "tier-routing")
    assert summary.entries_live == sum(1 for e in written.values() if e["archived_at"] is None)
    assert summary.entries_archived == sum(1 for e in written.values() if e["archived_at"])
    assert summary.high_value == sum(1 for e in written.values() if is_high_value(e))
    assert summary.near_duplicate_groups == len(marker(root)["paraphrase_groups"]) + len(
        marker(root)["exact_duplicate_pairs"]
    )
    assert summary.skills == len(skill_files(root))
    assert summary.session_files == len(sessions)
    assert summary.single_file_log_lines == sum(
        len(read_lines(root / "logs" / f"{name}.jsonl")) for name in single
    )
    assert summary.conversation_lines == len(read_lines(root / "conversation-log.jsonl"))
    assert summary.feedback_lines == sum(
        len(read_lines(path)) for path in session_logs(root, "feedback")
    )


def test_total_size_is_moderate(root: Path) -> None:
    size = sum(path.stat().st_size for path in root.rglob("*") if path.is_file())
    assert size < 30 * 1024 * 1024


def test_optional_files_are_absent_except_the_vocabulary(root: Path) -> None:
    optional = ["dream-options.json", "dream.md", "skill-gap.md", "skill-dream.md"]
    optional += ["skill-optimize.md", "pref-dream.md", "dream-pass-ledger.json", "llm-busy"]
    assert not [name for name in optional if (root / name).exists()]
    assert not (root / "memory-audit").exists()
    assert json.loads((root / "merge-coverage-vocabulary.json").read_text()) == {
        "extraCommonWords": ["Briefing"],
        "alwaysSpecificWords": ["May"],
        "numericExemptCategories": ["metrics/cost"],
    }


# --- memory ------------------------------------------------------------------------------------


def test_entries_follow_the_volume_schema(root: Path) -> None:
    for path in sorted((root / "memory/entries").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        entry = json.loads(text)
        assert text == json.dumps(entry, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
        assert set(entry) == MEMORY_ENTRY_KEYS
        assert entry["id"] == path.stem and re.fullmatch(r"m-\d{5}", entry["id"])
        assert isinstance(entry["tags"], list)
        assert 0 <= entry["importance"] <= 1
        assert isinstance(entry["reinforcement_count"], int) and entry["reinforcement_count"] >= 1
        created, last_seen = ts(entry["created_at"]), ts(entry["last_seen_at"])
        assert created <= last_seen <= NOW and created <= ts(entry["updated_at"]) <= NOW
        for key, value in entry["metadata"].items():
            assert isinstance(value, list if key == "merged_from" else str), (key, value)
        if entry["archived_at"] is None:
            assert entry["archive_reason"] is None
        else:
            assert entry["archive_reason"] in {"merged", "ephemeral"}
            assert last_seen <= ts(entry["archived_at"]) <= NOW
        assert path.stat().st_mtime == ts(entry["updated_at"]).timestamp()


def test_at_least_500_live_entries(root: Path) -> None:
    assert sum(1 for e in entries(root).values() if e["archived_at"] is None) >= 500


def test_paraphrase_groups_share_category_and_every_specific(root: Path) -> None:
    written = entries(root)
    groups = marker(root)["paraphrase_groups"]
    assert len(groups) >= 35
    for group in groups:
        members = [written[entry_id] for entry_id in group]
        assert 2 <= len(members) <= 3
        assert all(m["archived_at"] is None for m in members)
        assert len({m["category"] for m in members}) == 1
        assert len({m["content"] for m in members}) == len(members)
        # metrics/cost numbers are disposable (the vocabulary exempts them), names are not.
        numbers = members[0]["category"] != "metrics/cost"
        for source, merged in itertools.permutations(members, 2):
            missing = specifics(source["content"], numbers=numbers) - set(tokens(merged["content"]))
            assert not missing, (source["content"], merged["content"], missing)


def test_exact_duplicate_pairs_differ_only_in_punctuation_case_or_one_filler_word(
    root: Path,
) -> None:
    written = entries(root)
    pairs = marker(root)["exact_duplicate_pairs"]
    assert len(pairs) >= 10
    for first, second in pairs:
        a, b = written[first], written[second]
        assert a["category"] == b["category"]
        assert normalized(a["content"]) == normalized(b["content"])
        words_a = re.findall(r"[a-z0-9]+", a["content"].lower())
        words_b = re.findall(r"[a-z0-9]+", b["content"].lower())
        assert abs(len(words_a) - len(words_b)) <= 1 and len(words_a) >= 12


def test_no_unplanted_exact_duplicates_among_live_entries(root: Path) -> None:
    planted = {frozenset(pair) for pair in marker(root)["exact_duplicate_pairs"]}
    by_text: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for entry in entries(root).values():
        if entry["archived_at"] is None:
            by_text[tuple(normalized(entry["content"]))].append(entry["id"])
    duplicates = {frozenset(ids) for ids in by_text.values() if len(ids) > 1}
    assert duplicates == planted


def test_distinct_moments_differ_in_subject_time(root: Path) -> None:
    written = entries(root)
    pairs = marker(root)["distinct_moment_pairs"]
    assert pairs
    for first, second in pairs:
        a, b = written[first], written[second]
        assert a["category"] == b["category"]
        assert a["metadata"]["subject_point"] != b["metadata"]["subject_point"]


def test_high_value_entries_are_present(root: Path) -> None:
    live = [e for e in entries(root).values() if e["archived_at"] is None]
    assert sum(1 for e in live if e["importance"] >= 0.80) >= 10
    assert sum(1 for e in live if e["reinforcement_count"] >= 5) >= 20
    assert max(e["reinforcement_count"] for e in live) >= 100


def test_archived_entries_span_ages_around_the_retention(root: Path) -> None:
    archived = [e for e in entries(root).values() if e["archived_at"] is not None]
    past = [e for e in archived if age_days(e["archived_at"]) > 90]
    recent = [e for e in archived if age_days(e["archived_at"]) <= 90]
    assert len(past) >= 5 and len(recent) >= 5
    assert sum(1 for e in past if is_high_value(e)) >= 2
    assert sum(1 for e in past if not is_high_value(e)) >= 2
    assert {e["archive_reason"] for e in past} == {"merged", "ephemeral"}
    assert {e["archive_reason"] for e in recent} == {"merged", "ephemeral"}


def test_merged_entries_point_at_their_archived_sources(root: Path) -> None:
    written = entries(root)
    merged = [e for e in written.values() if "merged_from" in e["metadata"]]
    assert merged
    for entry in merged:
        sources = [written[source_id] for source_id in entry["metadata"]["merged_from"]]
        assert all(s["archive_reason"] == "merged" for s in sources)
        assert all(s["archived_at"] == entry["metadata"]["merged_at"] for s in sources)
        assert entry["created_at"] == min(s["created_at"] for s in sources)
        assert entry["last_seen_at"] == max(s["last_seen_at"] for s in sources)
        assert entry["reinforcement_count"] == sum(s["reinforcement_count"] for s in sources)


def test_last_seen_spreads_over_about_300_days(root: Path) -> None:
    ages = [age_days(e["last_seen_at"]) for e in entries(root).values() if not e["archived_at"]]
    assert 250 <= max(ages) <= 300
    assert sum(1 for age in ages if age > 30) >= len(ages) // 2
    assert sum(1 for age in ages if age <= 30) >= 20


def test_some_entries_carry_subject_time(root: Path) -> None:
    with_subject = [e for e in entries(root).values() if SUBJECT_KEYS & set(e["metadata"])]
    assert len(with_subject) >= 20
    assert any({"subject_start", "subject_end"} <= set(e["metadata"]) for e in with_subject)


def test_categories_are_realistic(root: Path) -> None:
    categories = {e["category"] for e in entries(root).values()}
    for prefix in ("people/", "projects/", "user-preferences/", "places/", "work/"):
        assert sum(1 for c in categories if c.startswith(prefix)) >= 3, prefix
    assert {"metrics/cost", "anti-patterns/routing"} <= categories


# --- skills ------------------------------------------------------------------------------------


def test_skills_have_front_matter_and_prefix_families(root: Path) -> None:
    skills = skill_files(root)
    for name, (front, body) in skills.items():
        assert set(front) == {"name", "summary", "created_at", "last_used_at", "see_also"}
        assert front["name"] == name and body.startswith("# ")
        assert ts(front["created_at"]) <= ts(front["last_used_at"]) <= NOW
        assert all(other in skills for other in front["see_also"])
    family = {"mcp/email", "mcp/calendar", "mcp/weather", "research/web", "research/papers"}
    assert family <= set(skills)


def test_sparse_skills_are_short_and_older_than_seven_days(root: Path) -> None:
    short = {name: front for name, (front, body) in skill_files(root).items() if len(body) < 200}
    old = [name for name, front in short.items() if age_days(front["created_at"]) > 7]
    young = [name for name, front in short.items() if age_days(front["created_at"]) <= 7]
    assert len(old) >= 2 and len(young) >= 1


def test_overlapping_skills_call_the_same_tools(root: Path) -> None:
    tools = {
        name: frozenset(re.findall(r"`([a-z]+\.[a-z_]+)`", body))
        for name, (_front, body) in skill_files(root).items()
    }
    overlapping = [
        (a, b)
        for (a, ta), (b, tb) in itertools.combinations(sorted(tools.items()), 2)
        if len(ta) >= 2 and ta == tb
    ]
    assert len(overlapping) >= 2


# --- logs --------------------------------------------------------------------------------------


def test_session_logs_include_files_older_than_30_days(root: Path) -> None:
    for kind in ("skill-usage", "tool-call"):
        ages = [(NOW.timestamp() - p.stat().st_mtime) / 86400 for p in session_logs(root, kind)]
        assert sum(1 for age in ages if age > 30) >= 5
        assert sum(1 for age in ages if age <= 30) >= 5
    for path in session_logs(root, "skill-usage"):
        last = records(path)[-1]
        assert path.stat().st_mtime == ts(last["ts"]).timestamp()
        assert last["session_id"] == path.stem and set(last) == {"ts", "session_id", "skill"}


def test_persistent_cli_session_is_recent_and_over_the_line_cap(root: Path) -> None:
    path = root / "logs/tool-call/cli-session.jsonl"
    assert NOW.timestamp() - path.stat().st_mtime < 3600
    lines = records(path)
    assert len(lines) > 50_000
    assert age_days(lines[0]["ts"]) > 30
    assert set(lines[0]) == {"ts", "session_id", "tool", "ok", "duration_ms"}
    assert {line["session_id"] for line in lines} == {"cli-session"}


def test_single_file_logs_exceed_the_line_cap_over_about_60_days(root: Path) -> None:
    for name, keys in (
        ("skill-resource-usage", {"ts", "session_id", "skill", "resource"}),
        ("wisp-executions", {"ts", "session_id", "description", "ok", "failed_step", "error"}),
    ):
        lines = records(root / "logs" / f"{name}.jsonl")
        assert len(lines) > 50_000
        assert keys <= set(lines[0])
        assert 55 <= age_days(lines[0]["ts"]) <= 60 and age_days(lines[-1]["ts"]) < 1
        assert [line["ts"] for line in lines] == sorted(line["ts"] for line in lines)
    routing = records(root / "logs/tier-routing.jsonl")
    assert {line["tier"] for line in routing} == {"low", "mid", "high"}
    assert all(isinstance(line["cost_usd"], float) for line in routing)


def test_wisp_log_has_recurring_failures_and_successes_in_window(root: Path) -> None:
    window = [
        line for line in records(root / "logs/wisp-executions.jsonl") if age_days(line["ts"]) <= 14
    ]
    runs: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in window:
        runs[line["description"]].append(line)
    failing = [
        description
        for description, lines in runs.items()
        if max(Counter(run["failed_step"] for run in lines if not run["ok"]).values(), default=0)
        >= 3
    ]
    succeeding = [
        description
        for description, lines in runs.items()
        if len(lines) >= 5 and sum(run["ok"] for run in lines) / len(lines) > 0.8
    ]
    assert len(failing) >= 3 and len(succeeding) >= 3
    assert all(run["failed_step"] is None and run["error"] is None for run in window if run["ok"])


def test_conversation_log_has_recurring_first_requests(root: Path) -> None:
    first: dict[str, str] = {}
    for line in records(root / "conversation-log.jsonl"):
        assert set(line) == {"ts", "session_id", "role", "content"}
        if line["role"] == "user":
            first.setdefault(line["session_id"], line["content"].lower())
    assert sum("summarize my emails" in text for text in first.values()) >= 3
    assert sum("flight prices" in text for text in first.values()) >= 2


def test_conversation_log_states_preferences_at_each_sentiment_threshold(root: Path) -> None:
    said: dict[str, set[str]] = defaultdict(set)
    irritated = []
    for line in records(root / "conversation-log.jsonl"):
        if line["role"] != "user":
            continue
        text = line["content"]
        for phrase in ("i prefer bullet points", "metric units", "never share my phone number"):
            if phrase in text.lower():
                said[phrase].add(line["session_id"])
        if "I TOLD you" in text and text.rstrip().endswith(("!", "?")):
            irritated.append(text)
    assert len(said["i prefer bullet points"]) == 3
    assert len(said["metric units"]) == 2
    assert len(said["never share my phone number"]) == 1
    assert len(irritated) == 1 and "emojis" in irritated[0]


def test_recent_feedback_names_skills_with_corrections_and_poor_ratings(root: Path) -> None:
    lines = [line for path in session_logs(root, "feedback") for line in records(path)]
    recent = [line for line in lines if age_days(line["ts"]) <= 7]
    corrections = [line for line in recent if line["kind"] == "Correction" and line["skills"]]
    low = [line for line in recent if line["kind"] == "SessionSummary" and line["skills"]]
    assert len(corrections) >= 2
    assert {"poor", "fair"} <= {line["rating"] for line in low}
    assert any(age_days(line["ts"]) > 7 for line in lines)
    ratings = {"poor", "fair", "good", "excellent", None}
    assert all(line["rating"] in ratings for line in lines)


def test_one_log_holds_a_few_malformed_lines(root: Path) -> None:
    planted = marker(root)["malformed_log"]
    path = root / planted["path"]
    assert NOW.timestamp() - path.stat().st_mtime < 30 * 86400
    bad = []
    for number, line in enumerate(read_lines(path), start=1):
        try:
            record = json.loads(line)
            valid = isinstance(record, dict) and {"ts", "session_id"} <= set(record)
        except json.JSONDecodeError:
            valid = False
        if not valid:
            bad.append(number)
    assert bad == planted["line_numbers"] and len(bad) >= 2


def test_other_logs_parse_cleanly(root: Path) -> None:
    malformed = root / marker(root)["malformed_log"]["path"]
    paths = [p for p in (root / "logs").rglob("*.jsonl") if p != malformed]
    paths.append(root / "conversation-log.jsonl")
    for path in paths:
        for line in read_lines(path):
            record = json.loads(line)
            assert isinstance(record, dict) and "ts" in record and "session_id" in record
            assert ts(record["ts"]) <= NOW + timedelta(seconds=0)
