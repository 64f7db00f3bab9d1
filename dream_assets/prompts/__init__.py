"""The one place that builds LLM prompts (one module per pass family).

Directive files on the agent volume (``dream.md``, ``skill-gap.md``, ...) replace the built-in
directive of their pass entirely (docs/passes.md, "Directive files": write a complete replacement,
not a diff); the built-ins ship in ``dream_assets/directives/``.
"""

from __future__ import annotations

from importlib import resources

from dream_assets.core.store.volume import DIRECTIVE_FILES, AgentVolume


def builtin_directive(pass_name: str) -> str:
    filename = DIRECTIVE_FILES[pass_name]
    return resources.files("dream_assets.directives").joinpath(filename).read_text("utf-8")


def load_directive(volume: AgentVolume, pass_name: str) -> tuple[str, str]:
    """The directive text for a pass and where it came from ("volume" or "built-in")."""
    override = volume.directive(pass_name)
    if override is not None and override.strip():
        return override, "volume"
    return builtin_directive(pass_name), "built-in"


def one_line(text: str, limit: int = 2000) -> str:
    """Collapse a text onto one line so the ``[<id>]`` line contract holds for every entry."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
