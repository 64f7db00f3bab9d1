"""``dream-store.json``: whether an agent directory is the store or the dream's home for a store
another product owns (DESIGN, "External memory stores"; docs/stores.md).

Without the file, nothing changes: the directory is the store (the volume). With it, the memory
lives in the store the file names, and the directory keeps the mirror, the ledger, reports and
``store-archive/``. A bad file is refused with one line naming it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dream_assets.core.store.atomic import atomic_write_text
from dream_assets.core.store.kinds.boundary import StoreConfigError, StoreKind
from dream_assets.core.store.kinds.registry import KINDS

STORE_FILE = "dream-store.json"


def store_file(agent_dir: Path) -> Path:
    return Path(agent_dir) / STORE_FILE


def is_connected(agent_dir: Path) -> bool:
    return store_file(agent_dir).exists()


def read_store_config(agent_dir: Path) -> dict[str, Any] | None:
    """The parsed ``dream-store.json``, None when the agent has none."""
    path = store_file(agent_dir)
    if not path.exists():
        return None
    if path.is_symlink():
        raise StoreConfigError(f"{path}: a symlink (not followed); write the file itself")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise StoreConfigError(f"{path}: cannot be read ({exc})") from exc
    except json.JSONDecodeError as exc:
        raise StoreConfigError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from exc
    if not isinstance(raw, dict):
        raise StoreConfigError(f'{path}: must be a JSON object with "kind"')
    kind = raw.get("kind")
    if kind not in KINDS:
        known = ", ".join(sorted(KINDS))
        raise StoreConfigError(f"{path}: unknown kind {kind!r} (known: {known})")
    return raw


def _apart(store: StoreKind, agent_dir: Path) -> StoreKind:
    """The store's directories and the agent's home never overlap: the mirror, reports and
    archive are never written into the store, nor the store's files into the mirror."""
    home = Path(agent_dir).resolve()
    for directory in store.directories():
        there = directory.resolve()
        if there == home or home in there.parents or there in home.parents:
            raise StoreConfigError(
                f"{store_file(agent_dir)}: the store {directory} and the agent directory {home} "
                "overlap; keep the agent directory elsewhere"
            )
    return store


def open_store(agent_dir: Path) -> StoreKind | None:
    """The agent's external store, or None when the directory is the store itself."""
    config = read_store_config(agent_dir)
    if config is None:
        return None
    return _apart(KINDS[str(config["kind"])](config, store_file(agent_dir)), agent_dir)


def connect(agent_dir: Path, config: dict[str, Any], *, check: bool = True) -> StoreKind:
    """Validate ``config`` (the kind opens its target, unless ``check`` is off because the
    caller has just seen it, e.g. a namespace listed by ``prefix_agents``) and write it as
    ``dream-store.json``."""
    kind = config.get("kind")
    if kind not in KINDS:
        raise StoreConfigError(f"unknown kind {kind!r} (known: {', '.join(sorted(KINDS))})")
    home = Path(agent_dir)
    if store_file(home).exists():
        raise StoreConfigError(f"{home} is already connected ({store_file(home)}); remove it first")
    if (home / "memory" / "entries").is_dir() and any((home / "memory" / "entries").iterdir()):
        raise StoreConfigError(
            f"{home} is an agent volume with its own memory: use a new directory"
        )
    store = _apart(KINDS[str(kind)](config, store_file(home)), home)
    if check:
        store.check_target()
    home.mkdir(parents=True, exist_ok=True)
    atomic_write_text(store_file(agent_dir), json.dumps(config, indent=2) + "\n")
    return store
