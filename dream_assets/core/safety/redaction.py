"""Secret redaction before any text leaves for a model (docs/safety.md: "Secrets are redacted before
anything is kept").

Covered: API keys and tokens of the common providers, bearer tokens, passwords in URLs and
``password=`` style pairs, private key blocks, and long high-entropy strings. Each match becomes
``[REDACTED:<kind>]``. Redaction is for what is *sent*; the store keeps the original, and a merge
whose sources needed redaction waits for review instead of being applied, so redacted text never
replaces an original.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

# Order matters: specific shapes first, the generic entropy rule last. Each kind's regex source
# (flags inline), compiled once below.
_PATTERN_SOURCES: dict[str, str] = {
    "private-key": (
        r"(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)"
    ),
    "anthropic-key": r"\bsk-ant-[A-Za-z0-9_\-]{20,}",
    "openai-key": r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}",
    "stripe-key": r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}",
    "github-token": r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})",
    "gitlab-token": r"\bglpat-[A-Za-z0-9_\-]{20,}",
    "slack-token": r"\bxox[abposr]-[A-Za-z0-9\-]{10,}",
    "aws-access-key": r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
    "google-api-key": r"\bAIza[0-9A-Za-z_\-]{35}",
    "huggingface-token": r"\bhf_[A-Za-z0-9]{30,}",
    # The header at most 512 characters (a JWT's is a few dozen): unbounded, "eyJ-eyJ-…" was read
    # again from each "eyJ" to the end of the run (time in the square of its length).
    "jwt": r"\beyJ[A-Za-z0-9_\-]{8,512}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",
    "bearer-token": r"(?i)(?<=\bbearer )[A-Za-z0-9._~+/\-]{12,}=*",
    "url-password": r"(?<=://)([^\s:/@]+):([^\s@/]+)(?=@)",
    "secret-pair": (
        r"(?i)\b(password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token"
        r"|client[_-]?secret|token)(\s*[=:]\s*|\s+is\s+)(['\"]?)([^\s'\",;]{4,})\3"
    ),
}
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(source)) for kind, source in _PATTERN_SOURCES.items()
)
_CANDIDATE = re.compile(r"[A-Za-z0-9+/=_\-]{32,}")
_REDACTED = re.compile(r"\[REDACTED:[a-z\-]+\]")


@dataclass
class Redaction:
    text: str
    kinds: Counter[str] = field(default_factory=Counter)

    @property
    def count(self) -> int:
        return sum(self.kinds.values())


def _entropy(value: str) -> float:
    counts = Counter(value)
    total = len(value)
    return -sum(n / total * math.log2(n / total) for n in counts.values())


def _high_entropy(value: str) -> bool:
    """A long token mixing letter cases and digits with high entropy: a key, not a word."""
    classes = sum(
        1 for test in (str.islower, str.isupper, str.isdigit) if any(test(ch) for ch in value)
    )
    return classes >= 3 and _entropy(value) >= 4.0


def _prose_pair(match: re.Match[str]) -> bool:
    """ "the token is stored in the vault" is a sentence, not a secret: after "is", a plain
    word (all letters, lowercase or capitalized) is prose; a secret mixes in digits, symbols or
    inner capitals. ``password=`` and ``token:`` pairs are secrets whatever follows."""
    value = match.group(4)
    return (
        match.group(2).strip().lower() == "is"
        and not match.group(3)
        and value.isalpha()
        and (value.islower() or value.istitle())
    )


def redact(text: str) -> Redaction:
    result = Redaction(text)
    for kind, pattern in _PATTERNS:

        def replace(match: re.Match[str], kind: str = kind) -> str:
            if kind == "secret-pair" and _prose_pair(match):
                return match.group(0)
            result.kinds[kind] += 1
            if kind == "url-password":
                return f"{match.group(1)}:[REDACTED:{kind}]"
            if kind == "secret-pair":
                return f"{match.group(1)}{match.group(2)}[REDACTED:{kind}]"
            return f"[REDACTED:{kind}]"

        result.text = pattern.sub(replace, result.text)

    def replace_entropy(match: re.Match[str]) -> str:
        value = match.group(0)
        if _REDACTED.search(value) or not _high_entropy(value):
            return value
        result.kinds["high-entropy"] += 1
        return "[REDACTED:high-entropy]"

    result.text = _CANDIDATE.sub(replace_entropy, result.text)
    return result


def needs_redaction(text: str) -> bool:
    return redact(text).count > 0


def contains_redaction_marker(text: str) -> bool:
    return bool(_REDACTED.search(text))
