"""The per-deployment vocabulary of the merge coverage check (``merge-coverage-vocabulary.json``).

Which capitalized words count as ordinary language rather than as detail is not portable between
agents, so it lives on the agent volume and is re-read at the top of every cycle. A malformed file
falls back to the baseline with a warning: coverage checking is never disabled by bad config.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dream_assets.core.store.jsonl import NOT_A_REGULAR_FILE, read_regular

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'"})
_CURLY_APOSTROPHE = re.compile("[\u2019\u2018\u02bc\u00b4]")


def straighten(text: str) -> str:
    # "Rocky’s" and "Rocky's" are the same possessive; the search skips the copy when unneeded.
    return text.translate(_APOSTROPHES) if _CURLY_APOSTROPHE.search(text) else text


VOCABULARY_FILE_NAME = "merge-coverage-vocabulary.json"

# Routing anti-patterns restate averages recomputed from the routing log every cycle; the
# exemption is built in so it cannot be configured away.
BUILT_IN_NUMERIC_EXEMPT_CATEGORY = "anti-patterns/routing"


def _normalize_word(word: str) -> str:
    return straighten(word.strip()).lower()


def _normalize_category(category: str) -> str:
    return category.strip().strip("/").lower()


# ── Per-deployment vocabulary ──────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Vocabulary:
    """The operator's judgement about which capitalized words are detail.

    ``extra_common_words`` unprotects a word everywhere (an explicit, corpus-specific call);
    ``always_specific_words`` reclaims a word from the baseline, the extra list and lowercase
    evidence alike. Both are matched case-insensitively and only ever apply to capitalized
    tokens: a lowercase word is never a specific.
    """

    extra_common_words: frozenset[str] = frozenset()
    always_specific_words: frozenset[str] = frozenset()
    numeric_exempt_categories: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Normalized once here so the per-merge hot path is plain set lookups.
        extra = frozenset(_normalize_word(w) for w in self.extra_common_words if w.strip())
        always = frozenset(_normalize_word(w) for w in self.always_specific_words if w.strip())
        categories = tuple(
            dict.fromkeys(c for c in map(_normalize_category, self.numeric_exempt_categories) if c)
        )
        object.__setattr__(self, "extra_common_words", extra)
        object.__setattr__(self, "always_specific_words", always)
        object.__setattr__(self, "numeric_exempt_categories", categories)

    def is_numeric_exempt(self, category: str) -> bool:
        """Segment-aware: a listed category covers itself and its sub-categories only."""
        normalized = _normalize_category(category)
        if not normalized:
            return False
        for exempt in (BUILT_IN_NUMERIC_EXEMPT_CATEGORY, *self.numeric_exempt_categories):
            if normalized == exempt or normalized.startswith(exempt + "/"):
                return True
        return False


DEFAULT_VOCABULARY = Vocabulary()

_VOCABULARY_KEYS = {
    "extraCommonWords": "extra_common_words",
    "alwaysSpecificWords": "always_specific_words",
    "numericExemptCategories": "numeric_exempt_categories",
}


def load_vocabulary(path: Path) -> tuple[Vocabulary, str | None]:
    """Read ``merge-coverage-vocabulary.json``; never let bad config disable the check.

    A missing file is the normal case and yields the baseline silently. A malformed file (not
    UTF-8, not JSON, not an object, a value that is not a list of strings, a directory or a FIFO)
    yields the baseline plus a warning naming the file. Unknown keys are ignored with a warning,
    since a typo such as ``alwaysSpecificWord`` would otherwise silently leave a character
    unprotected.
    """
    fallback = "; falling back to the built-in baseline (coverage checking stays on)"
    try:
        # Not a regular file (a directory, a FIFO): never opened, so never waited on.
        data = read_regular(path)
        if data is None:
            return DEFAULT_VOCABULARY, f"{path}: unreadable ({NOT_A_REGULAR_FILE}){fallback}"
        text = data.decode("utf-8")
    except FileNotFoundError:
        return DEFAULT_VOCABULARY, None
    except (OSError, UnicodeDecodeError) as error:
        return DEFAULT_VOCABULARY, f"{path}: unreadable ({error}){fallback}"
    try:
        document: Any = json.loads(text)
    except json.JSONDecodeError as error:
        return DEFAULT_VOCABULARY, (
            f"{path}: not valid JSON ({error.msg} at line {error.lineno}){fallback}"
        )
    except RecursionError:
        return DEFAULT_VOCABULARY, f"{path}: not valid JSON (nested too deeply){fallback}"
    if not isinstance(document, dict):
        return DEFAULT_VOCABULARY, f"{path}: expected a JSON object{fallback}"
    fields: dict[str, Any] = {}
    for key, field_name in _VOCABULARY_KEYS.items():
        value = document.get(key)
        if value is None:
            continue
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            return DEFAULT_VOCABULARY, f"{path}: {key} must be a list of strings{fallback}"
        fields[field_name] = (
            tuple(value) if field_name == "numeric_exempt_categories" else frozenset(value)
        )
    vocabulary = Vocabulary(**fields)
    unknown = sorted(set(document) - set(_VOCABULARY_KEYS))
    if unknown:
        known = ", ".join(_VOCABULARY_KEYS)
        return vocabulary, f"{path}: ignored unknown key(s) {', '.join(unknown)} (known: {known})"
    return vocabulary, None
