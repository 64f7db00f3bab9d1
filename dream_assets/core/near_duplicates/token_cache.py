"""The lexical scan's token sets kept across scans, so an incremental scan tokenises only the
new and changed texts (issue 27; docs/benchmarks.md, a whole cycle, round 14).

A token set is a function of its text alone (``lexical_search.token_sets``: the lower-cased text's
distinct ``TOKEN_PATTERN`` tokens). ``TokenRows`` holds one row per scanned entry, keyed by the
entry's ``pair_input`` hash (``core/models.py``: a hash of the text, the
category and the judged metadata, so an equal key means an equal text), each row's token numbers
in the order the tokens first occur in the text, and the vocabulary. Kept in that order, the rows
give back *exactly* the matrix ``token_sets`` builds over the same texts: its columns are numbered
in order of first appearance over the texts, in order, which ``TokenRows.matrix`` recomputes from
the rows (``_renumbered``). So an incremental scan's search sees the very matrix a full scan does.

No word is stored. The vocabulary is kept as keyed digests (``TokenDigest``: BLAKE2b, 16 bytes,
keyed by a random secret of the volume's that lives in the entry index file beside the entry texts,
``core/store/entry_index_file.volume_secret``), so the DuckDB file, which operators query and
which holds no private memory's words (``core/safety/audience.py``), cannot be read back into
words without that file: a word list hashed without the key matches nothing. A new text's words
are digested to find their number. Two words of one vocabulary share a 128-bit digest with a
chance far below one in 10^25; a stored vocabulary with a repeated digest is not read.

Stored as four arrays (``pack``/``unpack``: raw bytes, no per-row Python objects but the keys and
the digests), in the agent's DuckDB file beside the pair cache and written in the same transaction
(``passes/duplicate_clusters/tables.py``). Anything that does not read back as a well-formed cache
of this version and of this key (``TokenDigest.stamp``: the version, the token pattern and the
key's own digest) is ignored: the texts are tokenised again, never an error.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from dream_assets.core.near_duplicates.lexical_search import TOKEN_PATTERN, ordered_token_rows

if TYPE_CHECKING:
    import scipy.sparse as sp

# What a stored cache must say of itself to be read: a changed tokeniser changes this (and the
# key's digest follows it in each stored stamp, ``TokenDigest.stamp``).
TOKEN_CACHE_VERSION = f"token-rows-2|lower|{TOKEN_PATTERN}|blake2b-16"
DIGEST_SIZE = 16
_BYTES = (bytes, bytearray, memoryview)
_SEPARATOR = "\n"  # not in a hex key


class TokenDigest:
    """A word's keyed digest (BLAKE2b, ``DIGEST_SIZE`` bytes), and the stamp of its key."""

    def __init__(self, key: bytes) -> None:
        if not 16 <= len(key) <= 64:
            raise ValueError("a token digest key is 16 to 64 bytes")
        self._key = key
        # Names the key without revealing it (its own keyed digest of a fixed message).
        key_id = hashlib.blake2b(b"token-cache-key", key=key, digest_size=8).hexdigest()
        self.stamp = f"{TOKEN_CACHE_VERSION}|{key_id}"

    def __call__(self, word: str) -> bytes:
        data = word.encode("utf-8", "surrogatepass")
        return hashlib.blake2b(data, key=self._key, digest_size=DIGEST_SIZE).digest()


@dataclass
class TokenRows:
    """One row per text: ``keys[i]`` its key, ``indices[indptr[i]:indptr[i + 1]]`` its distinct
    tokens' numbers (into ``vocabulary``, the words' digests) in order of first occurrence in the
    text. ``stamp``: the digest's (``TokenDigest.stamp``). ``fresh``: how many rows were tokenised
    to build these (the others copied from a cache; not stored)."""

    keys: list[str]
    vocabulary: list[bytes]
    indptr: np.ndarray  # int64, len(keys) + 1
    indices: np.ndarray  # int32
    stamp: str
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


def tokenised(texts: Sequence[str], keys: Sequence[str], digest: TokenDigest) -> TokenRows:
    """Every text tokenised (a full scan)."""
    words: dict[str, int] = {}
    indices, indptr = ordered_token_rows(texts, words)
    return TokenRows(
        list(keys), list(map(digest, words)), indptr, indices, digest.stamp, len(texts)
    )


def with_cache(
    texts: Sequence[str], keys: Sequence[str], cached: TokenRows | None, digest: TokenDigest
) -> TokenRows:
    """The rows of ``texts`` (keyed by ``keys``), those whose key ``cached`` holds copied from
    it and only the others tokenised; numbered as ``tokenised`` would number them. A cache of
    another key or version is not used."""
    if cached is None or not cached.keys or cached.stamp != digest.stamp:
        return tokenised(texts, keys, digest)
    at = {key: row for row, key in enumerate(cached.keys)}.get
    source = np.fromiter((at(key, -1) for key in keys), dtype=np.int64, count=len(keys))
    missing = np.flatnonzero(source < 0)
    words: dict[str, int] = {}
    fresh, fresh_indptr = ordered_token_rows([texts[i] for i in missing.tolist()], words)
    # The new texts' words by digest: a word the cache knows keeps its number, a new one gets
    # the next (the numbering is redone below in any case).
    vocabulary = {token: number for number, token in enumerate(cached.vocabulary)}
    number = vocabulary.setdefault
    remap = np.fromiter(
        (number(digest(word), len(vocabulary)) for word in words), dtype=np.int32, count=len(words)
    )
    fresh = remap[fresh] if fresh.size else fresh
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
    indices, digests = _renumbered(indices, list(vocabulary))
    return TokenRows(list(keys), digests, indptr, indices, digest.stamp, int(missing.size))


def _renumbered(indices: np.ndarray, vocabulary: list[bytes]) -> tuple[np.ndarray, list[bytes]]:
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
    digests = [vocabulary[i] for i in order.tolist()]
    return number[indices], digests


def pack(rows: TokenRows) -> dict[str, bytes | str]:
    """The stored form: the stamp and four byte strings (the digests laid end to end)."""
    return {
        "version": rows.stamp,
        "keys": _SEPARATOR.join(rows.keys).encode("utf-8", "surrogatepass"),
        "vocabulary": b"".join(rows.vocabulary),
        "indptr": np.ascontiguousarray(rows.indptr, dtype="<i8").tobytes(),
        "indices": np.ascontiguousarray(rows.indices, dtype="<i4").tobytes(),
    }


def unpack(
    version: object, keys: object, vocabulary: object, indptr: object, indices: object
) -> TokenRows | None:
    """The stored rows, or None unless they are a well-formed cache of this version (of any
    key: ``with_cache`` uses only its own key's)."""
    if not isinstance(version, str) or not version.startswith(f"{TOKEN_CACHE_VERSION}|"):
        return None
    parts = [bytes(p) for p in (keys, vocabulary, indptr, indices) if isinstance(p, _BYTES)]
    if len(parts) != 4 or len(parts[1]) % DIGEST_SIZE:
        return None
    try:
        key_list = _split(parts[0])
        pointers = np.frombuffer(parts[2], dtype="<i8").astype(np.int64)
        numbers = np.frombuffer(parts[3], dtype="<i4").astype(np.int32)
    except (UnicodeDecodeError, ValueError):
        return None
    digests = [parts[1][at : at + DIGEST_SIZE] for at in range(0, len(parts[1]), DIGEST_SIZE)]
    rows = TokenRows(key_list, digests, pointers, numbers, version)
    return rows if _well_formed(rows) else None


def _split(data: bytes) -> list[str]:
    text = data.decode("utf-8", "surrogatepass")
    return text.split(_SEPARATOR) if text else []


def _well_formed(rows: TokenRows) -> bool:
    """Shapes that agree, distinct digests, and rows of distinct in-range numbers."""
    indptr, indices = rows.indptr, rows.indices
    if indptr.size != len(rows.keys) + 1 or indptr[0] != 0 or indptr[-1] != indices.size:
        return False
    if np.any(np.diff(indptr) < 0):
        return False
    # Keys may repeat (two entries with one input: one text); digests may not.
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
