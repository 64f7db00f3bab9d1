"""Pass 1 — memory consolidation: merge near-duplicates without ever losing a fact.

See ``run`` for the pass and docs/passes.md for its rules."""

from dream_assets.passes.memory_consolidation.run import run_memory_consolidation
from dream_assets.passes.memory_consolidation.state import PASS

__all__ = ["PASS", "run_memory_consolidation"]
