"""The one place that builds LLM prompts (one module per pass family).

Directive files on the agent volume (``dream.md``, ``skill-gap.md``, ...) replace the built-in
directive of their pass entirely (docs/passes.md, "Directive files": write a complete replacement,
not a diff); the built-ins ship in ``dream_assets/directives/``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from importlib import resources

from dream_assets.core.report import PassReport
from dream_assets.core.store.volume import DIRECTIVE_FILES, AgentVolume

# The longest memory entry (or merged text) a prompt shows on its line.
ENTRY_CHARS = 2000


def builtin_directive(pass_name: str) -> str:
    filename = DIRECTIVE_FILES[pass_name]
    return resources.files("dream_assets.directives").joinpath(filename).read_text("utf-8")


def load_directive(volume: AgentVolume, pass_name: str) -> tuple[str, str]:
    """The directive text for a pass and where it came from ("volume" or "built-in")."""
    override = volume.directive(pass_name)
    if override is not None and override.strip():
        return override, "volume"
    return builtin_directive(pass_name), "built-in"


def one_line(text: str, limit: int = ENTRY_CHARS) -> str:
    """Collapse a text onto one line so the ``[<id>]`` line contract holds for every entry."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _noun(plural: str, n: int) -> str:
    if n != 1:
        return plural
    head, _, last = plural.rpartition(" ")
    single = last[:-3] + "y" if last.endswith("ies") else last[:-1]
    return f"{head} {single}".strip()


def is_cut(text: str, limit: int = ENTRY_CHARS) -> bool:
    """Would ``one_line`` show only part of ``text``?"""
    return len(" ".join(text.split())) > limit


@dataclass
class PromptCuts:
    """What a prompt showed only in part (seed 003: "An oversized single message fails visibly
    instead of silently truncating evidence"): every cut is counted and named in the pass's
    report, ``truncated: 3 turns of session s7``; the memory entries shown cut are known by id,
    so no merge or archive is decided on a partial view."""

    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    entry_ids: set[str] = field(default_factory=set)

    def add(self, what: str, of: str, amount: int = 1) -> None:
        if amount > 0:
            self.counts[(what, of)] += amount

    def clip(self, text: str, limit: int, what: str, of: str) -> str:
        """``one_line(text, limit)``, the cut recorded when there is one."""
        if is_cut(text, limit):
            self.add(what, of)
        return one_line(text, limit)

    def entry_text(self, entry_id: str, text: str) -> str:
        """A memory entry's text on its line; one too long to show whole is recorded by id."""
        if is_cut(text):
            self.entry_ids.add(entry_id)
            self.add("entry texts", f"entry {entry_id}")
        return one_line(text)

    def lines(self) -> list[str]:
        """``truncated: 3 turns of session s7``, one line per thing cut and whose it was."""
        return [f"truncated: {n} {_noun(what, n)} of {of}" for (what, of), n in self.counts.items()]

    def report_to(self, report: PassReport) -> None:
        """Count (``truncated_<what>``) and name every cut in the report, once per prompt."""
        for (what, _of), n in self.counts.items():
            report.count(f"truncated_{what.replace(' ', '_')}", n)
        report.warnings.extend(self.lines())
