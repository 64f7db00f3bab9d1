"""This checkout's code for the benchmarks: ``import _checkout`` before the project's imports.

A benchmark runs as ``python benchmarks/<name>.py``: its folder is on ``sys.path`` (the
benchmarks import each other by module name) but the repository root is not, so an installed
``dream_assets`` (the venv's editable install may point at another checkout) would be imported
instead of this one. The root goes first. Sorted imports keep this module, by its leading
underscore, ahead of the sibling modules and of ``dream_assets``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
