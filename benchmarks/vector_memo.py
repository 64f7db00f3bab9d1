"""The benchmarks' one memo of embeddings: ``vectors_of(texts)`` for ``score_corpus`` and the
sweeps, each distinct text embedded once per run. Free of the project's imports, so a benchmark
judging an earlier revision's code (``DREAM_BENCH_CODE``) can use it too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

Vectors = Callable[[Sequence[str]], np.ndarray]


class Embedder(Protocol):
    def embed(self, texts: Sequence[str]) -> Any: ...


def memo_vectors(embedder: Embedder) -> Vectors:
    memo: dict[str, np.ndarray] = {}

    def vectors_of(texts: Sequence[str]) -> np.ndarray:
        missing = [text for text in dict.fromkeys(texts) if text not in memo]
        if missing:
            memo.update(zip(missing, embedder.embed(missing), strict=True))
        return np.stack([memo[text] for text in texts])

    return vectors_of
