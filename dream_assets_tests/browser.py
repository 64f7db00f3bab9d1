"""Where the UI test finds Debian's Chromium, with or without ``chromium`` on PATH.

The same places ``scripts/test-deps.sh`` looks before it installs the package: Playwright drives
this binary (``executable_path``) and never downloads a browser of its own.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

# Debian's package: /usr/bin/chromium is a wrapper script, /usr/lib/chromium/chromium the binary.
KNOWN_PATHS = (Path("/usr/bin/chromium"), Path("/usr/lib/chromium/chromium"))


def find_chromium() -> Path | None:
    """``DREAM_CHROMIUM``, then ``chromium`` on PATH, then Debian's install locations."""
    candidates: list[str | Path] = []
    if os.environ.get("DREAM_CHROMIUM"):
        candidates.append(os.environ["DREAM_CHROMIUM"])
    on_path = shutil.which("chromium")
    if on_path:
        candidates.append(on_path)
    candidates.extend(KNOWN_PATHS)
    for candidate in candidates:
        path = Path(candidate)
        if path.is_file() and os.access(path, os.X_OK):
            return path
    return None
