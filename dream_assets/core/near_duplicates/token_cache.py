"""The lexical scan's token sets kept across scans, so an incremental scan tokenises only the
new and changed texts (issue 27; docs/benchmarks.md, a whole cycle, round 13).

A token set is a function of its text alone (``lexical_search.token_sets``: the lower-cased text's
distinct ``TOKEN_PATTERN`` tokens). ``TokenRows`` holds one row per scanned entry, keyed by the
entry's ``entry_input`` hash (``passes/duplicate_clusters/reuse.py``: a hash of the text, the
category and the judged metadata, so an equal key means an equal text), each row's token numbers
in the order the tokens first occur in the text, and the vocabulary. Kept in that order, the rows
give back *exactly* the matrix ``token_sets`` builds over the same texts: its columns are numbered
in order of first appearance over the texts, in order, which ``TokenRows.matrix`` recomputes from
the rows (``_renumbered``). So an incremental scan's search sees the very matrix a full scan does.

Stored as four arrays (``pack``/``unpack``: raw bytes, no per-row Python objects but the keys and
the vocabulary, each one string split once), in the agent's DuckDB file beside the pair cache and
written in the same transaction (``passes/duplicate_clusters/tables.py``). Anything that does not
read back as a well-formed cache of this version (``TOKEN_CACHE_VERSION``, which names the token
pattern) is ignored: the texts are tokenised again, never an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from dream_assets.core.near_duplicates.lexical_search import TOKEN_PATTERN, ordered_token_rows

if TYPE_CHECKING:
    import scipy.sparse as sp

# What a stored cache must say of itself to be read: a changed tokeniser changes this.
TOKEN_CACHE_VERSION = f"token-rows-1|lower|{TOKEN_PATTERN}"
_BYTES = (bytes, bytearray, memoryview)
_SEPARATOR = "\n"  # in neither a hex key nor a word token (``\w`` never matches a newline)


@dataclass
class TokenRows:
    """One row per text: ``keys[i]`` its key, ``indices[indptr[i]:indptr[i + 1]]`` its distinct
    tokens' numbers (into ``vocabulary``) in order of first occurrence in the text. ``fresh``:
    how many rows were tokenised to build these (the others copied from a cache; not stored)."""

    keys: list[str]
    vocabulary: list[str]
    indptr: np.ndarray  # int64, len(keys) + 1
    indices: np.ndarray  # int32
    fresh: int = 0

    def matrix(self) -> sp.csr_matrix:
        """The binary token matrix, as ``token_sets`` builds it over the same texts."""
        import scipy.sparse as sp

        matrix = sp.csr_matrix(
            (np.ones(self.indices.size, dtype=np.int32), self.indices.copy(), self.indptr.copy()),
            shape=(len(self.keys), len(self.vocabulary)),
        )
        matrix.sort_indices()
        return matrix


def tokenised(texts: Sequence[str], keys: Sequence[str]) -> TokenRows:
    """Every text tokenised (a full scan)."""
    vocabulary: dict[str, int] = {}
    indices, indptr = ordered_token_rows(texts, vocabulary)
    return TokenRows(list(keys), list(vocabulary), indptr, indices, len(texts))


def with_cache(texts: Sequence[str], keys: Sequence[str], cached: TokenRows | None) -> TokenRows:
    """The rows of ``texts`` (keyed by ``keys``), those whose key ``cached`` holds copied from
    it and only the others tokenised; numbered as ``tokenised`` would number them."""
    if cached is None or not cached.keys:
        return tokenised(texts, keys)
    at = {key: row for row, key in enumerate(cached.keys)}.get
    source = np.fromiter((at(key, -1) for key in keys), dtype=np.int64, count=len(keys))
    missing = np.flatnonzero(source < 0)
    vocabulary = {token: number for number, token in enumerate(cached.vocabulary)}
    fresh, fresh_indptr = ordered_token_rows([texts[i] for i in missing.tolist()], vocabulary)
    # The new rows after the cached ones: one gather puts every row in place.
    source[missing] = len(cached.keys) + np.arange(missing.size)
    starts = np.concatenate([cached.indptr[:-1], cached.indptr[-1] + fresh_indptr[:-1]])
    lengths = np.concatenate([np.diff(cached.indptr), np.diff(fresh_indptr)])
    pool = np.concatenate([cached.indices, fresh])
    taken = lengths[source]
    indptr = np.zeros(len(keys) + 1, dtype=np.int64)
    np.cumsum(taken, out=indptr[1:])
    offsets = np.repeat(starts[source] - indptr[:-1], taken)
    indices = pool[np.arange(indptr[-1], dtype=np.int64) + offsets]
    indices, words = _renumbered(indices, list(vocabulary))
    return TokenRows(list(keys), words, indptr, indices, int(missing.size))


def _renumbered(indices: np.ndarray, vocabulary: list[str]) -> tuple[np.ndarray, list[str]]:
    """The tokens numbered in order of first occurrence in ``indices`` (rows in order, each in
    its text's order: ``token_sets``' numbering), unused ones dropped."""
    if indices.size == 0:
        return indices.astype(np.int32), []
    first = np.full(len(vocabulary), indices.size, dtype=np.int64)
    np.minimum.at(first, indices, np.arange(indices.size, dtype=np.int64))
    used = np.flatnonzero(first < indices.size)
    order = used[np.argsort(first[used], kind="stable")]
    number = np.empty(len(vocabulary), dtype=np.int32)
    number[order] = np.arange(order.size, dtype=np.int32)
    words = [vocabulary[i] for i in order.tolist()]
    return number[indices], words


def pack(rows: TokenRows) -> dict[str, bytes | str]:
    """The stored form: the version and four byte strings."""
    return {
        "version": TOKEN_CACHE_VERSION,
        "keys": _SEPARATOR.join(rows.keys).encode("utf-8", "surrogatepass"),
        "vocabulary": _SEPARATOR.join(rows.vocabulary).encode("utf-8", "surrogatepass"),
        "indptr": np.ascontiguousarray(rows.indptr, dtype="<i8").tobytes(),
        "indices": np.ascontiguousarray(rows.indices, dtype="<i4").tobytes(),
    }


def unpack(
    version: object, keys: object, vocabulary: object, indptr: object, indices: object
) -> TokenRows | None:
    """The stored rows, or None unless they are a well-formed cache of this version."""
    if version != TOKEN_CACHE_VERSION:
        return None
    parts = [bytes(p) for p in (keys, vocabulary, indptr, indices) if isinstance(p, _BYTES)]
    if len(parts) != 4:
        return None
    try:
        key_list, words = _split(parts[0]), _split(parts[1])
        pointers = np.frombuffer(parts[2], dtype="<i8").astype(np.int64)
        numbers = np.frombuffer(parts[3], dtype="<i4").astype(np.int32)
    except (UnicodeDecodeError, ValueError):
        return None
    rows = TokenRows(key_list, words, pointers, numbers)
    return rows if _well_formed(rows) else None


def _split(data: bytes) -> list[str]:
    text = data.decode("utf-8", "surrogatepass")
    return text.split(_SEPARATOR) if text else []


def _well_formed(rows: TokenRows) -> bool:
    """Shapes that agree, distinct words, and rows of distinct in-range numbers."""
    indptr, indices = rows.indptr, rows.indices
    if indptr.size != len(rows.keys) + 1 or indptr[0] != 0 or indptr[-1] != indices.size:
        return False
    if np.any(np.diff(indptr) < 0):
        return False
    # Keys may repeat (two entries with one input: one text); words may not.
    if len(set(rows.vocabulary)) != len(rows.vocabulary):
        return False
    if indices.size and (indices.min() < 0 or indices.max() >= len(rows.vocabulary)):
        return False
    # No number twice in a row: once each row is sorted, neighbours in one row must differ.
    ordered = rows.matrix().indices
    repeated = ordered[1:] == ordered[:-1]
    starts = indptr[1:-1]
    repeated[starts[(starts > 0) & (starts < indices.size)] - 1] = False
    return not np.any(repeated)
