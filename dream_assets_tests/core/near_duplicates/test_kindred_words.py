"""A shared subject in other words (issue 24, twenty-fifth round): the subject band counts a word
of one side and a word of the other whose vectors (the scan's model, one word each) meet
``KINSHIP`` as a word in common; the pair is still judged."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from dream_assets.core.facts.agreement import Statement
from dream_assets.core.near_duplicates.candidates import pair_shares_subject
from dream_assets.core.near_duplicates.kindred_words import (
    KINSHIP,
    WordVectors,
    shares_subject_in_other_words,
)
from dream_assets.core.options import DreamOptions
from dream_assets.passes.duplicate_clusters.scan import scan_duplicate_clusters
from dream_assets_tests.builders import NOW, entry, make_volume

DIMENSION = 64


def _unit(index: int) -> np.ndarray:
    vector = np.zeros(DIMENSION, dtype=np.float32)
    vector[index] = 1.0
    return vector


def _kin(cosine: float) -> np.ndarray:
    """A unit vector at ``cosine`` to ``_unit(0)``."""
    vector = np.zeros(DIMENSION, dtype=np.float32)
    vector[0], vector[1] = cosine, np.sqrt(1 - cosine**2)
    return vector


class ScriptedWords:
    """Word vectors as the test gives them; every other string its own direction (by digest),
    so two unscripted words never meet ``KINSHIP``. Counts what it is asked."""

    def __init__(self, scripted: dict[str, np.ndarray]) -> None:
        self.scripted = scripted
        self.asked: list[str] = []

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        self.asked += list(texts)
        return np.stack([self.scripted.get(t, self._own(t)) for t in texts])

    @staticmethod
    def _own(text: str) -> np.ndarray:
        return _unit(2 + int(hashlib.sha1(text.encode()).hexdigest(), 16) % (DIMENSION - 2))


FUNGI = {"mushrooms": _unit(0), "fungi": _kin(0.82)}
A = "Refuses mushrooms because the texture makes him gag."
B = "Fungi are off the menu: their slimy feel triggers his gag reflex."


def test_one_word_in_common_and_one_kindred_pair_share_a_subject() -> None:
    assert not pair_shares_subject(Statement(A), Statement(B))  # "gag" alone
    words = WordVectors(ScriptedWords(FUNGI))
    assert shares_subject_in_other_words(A, B, words)
    assert pair_shares_subject(Statement(A), Statement(B), words=words)


def test_a_pair_below_kinship_is_no_word_in_common() -> None:
    scripted = {"mushrooms": _unit(0), "fungi": _kin(KINSHIP - 0.05)}
    assert not shares_subject_in_other_words(A, B, WordVectors(ScriptedWords(scripted)))
    at_kinship = {"mushrooms": _unit(0), "fungi": _kin(KINSHIP + 0.001)}
    assert shares_subject_in_other_words(A, B, WordVectors(ScriptedWords(at_kinship)))


def test_one_kindred_pair_alone_is_not_a_subject() -> None:
    # No word as written in common: one kindred pair is one word, and a subject needs two.
    a, b = "Hates mushrooms.", "Fungi disgust the user."
    words = WordVectors(ScriptedWords(FUNGI))
    assert not shares_subject_in_other_words(a, b, words)
    two = {**FUNGI, "hates": _unit(5), "disgust": _unit(5)}
    assert shares_subject_in_other_words(a, b, WordVectors(ScriptedWords(two)))


def test_a_word_pairs_with_one_word_of_the_other_side_only() -> None:
    # "fungi" is close to both "mushrooms" and "toadstools": it stands for one of them.
    a, b = "Picks mushrooms and toadstools.", "Studies fungi."
    scripted = {"mushrooms": _unit(0), "toadstools": _unit(0), "fungi": _unit(0)}
    assert not shares_subject_in_other_words(a, b, WordVectors(ScriptedWords(scripted)))


def test_each_word_is_embedded_once() -> None:
    scripted = ScriptedWords(FUNGI)
    words = WordVectors(scripted)
    assert shares_subject_in_other_words(A, B, words)
    assert shares_subject_in_other_words(B, A, words)
    assert len(scripted.asked) == len(set(scripted.asked))
    assert {"mushrooms", "fungi"} <= set(scripted.asked)


def test_zero_vectors_are_no_kin() -> None:
    words = WordVectors(lambda texts: np.zeros((len(texts), DIMENSION), dtype=np.float32))
    assert not shares_subject_in_other_words(A, B, words)


class BandEmbedder:
    """The scan's embedder: the two memories at cosine 0.70 (in the subject band, under the
    threshold), and the words as ``ScriptedWords`` gives them."""

    key = "test:kindred"
    threshold = 0.74
    band_floor: float | None = 0.64
    triangle_floor: float | None = None
    specifics_floor: float | None = None

    def __init__(self, words: dict[str, np.ndarray]) -> None:
        self.words = ScriptedWords(words)
        self.sentences = {A: _unit(0), B: _kin(0.70)}

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if all(t in self.sentences for t in texts):
            return np.stack([self.sentences[t] for t in texts])
        return self.words(texts)


@pytest.mark.parametrize(("words", "clustered"), [(FUNGI, True), ({}, False)])
def test_the_scan_clusters_a_band_pair_whose_subject_is_said_in_other_words(
    tmp_path: Path, words: dict[str, np.ndarray], clustered: bool
) -> None:
    volume = make_volume(
        tmp_path / "agent", [entry("a", A, category="food"), entry("b", B, category="food")]
    )
    _, clusters = scan_duplicate_clusters(
        volume, DreamOptions(embeddings="local"), NOW, embedder=BandEmbedder(words)
    )
    found = [tuple(sorted(c.member_ids)) for c in clusters or []]
    assert found == ([("a", "b")] if clustered else [])
