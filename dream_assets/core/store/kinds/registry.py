"""The kinds of external store, by the name ``dream-store.json`` gives (docs/stores.md): a new
kind is one module in this package and one line here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from dream_assets.core.store.kinds.boundary import StoreKind
from dream_assets.core.store.kinds.claude_code import ClaudeCodeStore
from dream_assets.core.store.kinds.langgraph import LangGraphStore
from dream_assets.core.store.kinds.openclaw import OpenClawStore

KindFactory = Callable[[Mapping[str, Any], Path], StoreKind]

# Kind name -> how ``dream-store.json`` becomes the kind.
KINDS: dict[str, KindFactory] = {
    "claude-code": ClaudeCodeStore.from_config,
    OpenClawStore.name: OpenClawStore.from_config,
    LangGraphStore.name: LangGraphStore.from_config,
}
