"""``dream demo DIR``: a realistic demo agent volume, deterministic from a seed.

``generator.write_demo`` draws from the hand-written material in ``data/`` and writes through the
volume's own writers; see ``generator`` for what the volume plants for each pass.
"""

from dream_assets.demo.generator import DemoSummary, write_demo
from dream_assets.demo.writer import DEMO_MARKER

__all__ = ["DEMO_MARKER", "DemoSummary", "write_demo"]
