"""``dream demo --kind claude-code DIR``: a realistic Claude Code auto-memory directory
(``~/.claude/projects/<project>/memory/``) to connect and dream (docs/stores.md).

Written as Claude Code leaves one after a few weeks on a project: topic files with and without
front matter (one with a key the cycle does not know), the same fact saved twice (word for word,
and once as a shorter note), a paraphrase only a model merges, a file the index never linked,
one whose front matter does not parse, and ``MEMORY.md`` with prose, headings and links.
"""

from __future__ import annotations

from pathlib import Path

from dream_assets.demo.writer import write_new_tree


def _topic(name: str, description: str, kind: str, body: str, extra: str = "") -> str:
    return f"---\nname: {name}\ndescription: {description}\ntype: {kind}\n{extra}---\n\n{body}\n"


TOPICS: dict[str, str] = {
    "user_role.md": _topic(
        "User role",
        "Ana, senior data engineer on payments",
        "user",
        "Ana is a senior data engineer on the payments team; she prefers terse answers "
        "with the command first.",
    ),
    # Saved again word for word in a later session, with a key the cycle does not know.
    "user_role_2.md": _topic(
        "Ana's role",
        "who the user is",
        "user",
        "Ana is a senior data engineer on the payments team; she prefers terse answers "
        "with the command first.",
        extra="originSessionId: 5f1c9e\n",
    ),
    "feedback_tests.md": _topic(
        "Testing feedback",
        "run the real database in tests",
        "feedback",
        "Integration tests must hit a real PostgreSQL, never mocks: a mocked migration "
        "passed CI last quarter and broke production.",
    ),
    # A shorter note of the same rule: the longer one says everything it says.
    "feedback_tests_short.md": _topic(
        "No mocks",
        "tests use a real database",
        "feedback",
        "Integration tests must hit a real PostgreSQL, never mocks: a mocked migration "
        "passed CI and broke production.",
    ),
    "feedback_style.md": _topic(
        "Answer style",
        "how Ana wants answers",
        "feedback",
        "Skip the summary at the end of a reply; Ana reads the diff herself.",
    ),
    # Written by hand without front matter.
    "deploys.md": "Releases of the payments service go out through GitHub Actions on every "
    "tag: staging first, production after a manual approval in #deploys.\n",
    "deploys_old.md": "Releases of the payments service go out through GitHub Actions on "
    "every tag: staging first, production after a manual approval.\n",
    "project_freeze.md": _topic(
        "Merge freeze",
        "freeze before the mobile release",
        "project",
        "Non-critical merges freeze from 2026-03-05 while mobile cuts the 4.2 release branch.",
    ),
    # A paraphrase of the freeze note: only a model (with verification) merges it.
    "freeze_note.md": _topic(
        "Freeze",
        "release freeze",
        "project",
        "From 2026-03-05 only critical merges land, because mobile is cutting release 4.2.",
    ),
    "reference_dashboards.md": _topic(
        "Dashboards",
        "where latency is watched",
        "reference",
        "grafana.internal/d/api-latency is the board on-call watches for the payments API.",
    ),
    "reference_tickets.md": _topic(
        "Tickets",
        "where bugs are tracked",
        "reference",
        "Pipeline bugs are tracked in the Linear project INGEST.",
    ),
    # Never linked from the index.
    "oncall.md": _topic(
        "On-call",
        "rota",
        "project",
        "The on-call rota changes on Mondays at 10:00 Berlin time.",
    ),
    # Its front matter does not parse: reported by name and left alone.
    "scratch.md": "---\nname: [scratch\ntype: project\n---\nHalf-written note.\n",
}

INDEX = """\
# Memory

Notes Claude keeps about the payments repository. Keep each line short.

## Ana
- [User role](user_role.md) — senior data engineer, payments; terse answers
- [Ana's role](user_role_2.md) — who the user is
- [Answer style](feedback_style.md) — no summary at the end

## Engineering rules
- [Testing feedback](feedback_tests.md) — real database in tests, never mocks
- [No mocks](feedback_tests_short.md) — tests use a real database

## Project
- [Deploys](deploys.md) — how a release reaches production
- [Old deploy note](deploys_old.md) — the first half of that note
- [Merge freeze](project_freeze.md) — freeze before the mobile release
- [Freeze](freeze_note.md) — release freeze
- [Scratch](scratch.md) — unfinished

## References
- [Dashboards](reference_dashboards.md) — where latency is watched
- [Tickets](reference_tickets.md) — where bugs are tracked

Older context lives in the team wiki.
"""


def write_claude_code_demo(directory: Path) -> str:
    """Write the demo memory directory (refuses a directory that exists already); what it holds."""
    write_new_tree(directory, {"MEMORY.md": INDEX, **TOPICS})
    return f"{len(TOPICS)} topic files and MEMORY.md ({len(INDEX.splitlines())} lines)"
