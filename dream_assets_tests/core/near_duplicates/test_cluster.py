"""Rules of the near-duplicate scan (seed 000, pass 1: clustering for candidate gating)."""

from __future__ import annotations

import hashlib
import inspect
import itertools
import random
import re

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dream_assets.core.near_duplicates.cluster import embedding_pairs
from dream_assets.core.near_duplicates.lexical_search import (
    TOKEN_PATTERN,
    lexical_pairs,
    token_sets,
)
from dream_assets_tests.builders import find_clusters

# Eighteen shared words; the sets below differ only in a few extra tokens.
SHARED = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike"
SHARED += " november oscar papa quebec romeo"


def _jaccard(a: str, b: str) -> float:
    left = set(re.findall(TOKEN_PATTERN, a.lower()))
    right = set(re.findall(TOKEN_PATTERN, b.lower()))
    return len(left & right) / len(left | right)


def test_defaults_are_the_seeds_threshold_and_cap() -> None:
    parameters = inspect.signature(find_clusters).parameters
    assert parameters["threshold"].default == 0.88
    assert parameters["max_cluster_size"].default == 3


def test_pair_below_threshold_is_not_clustered() -> None:
    # 16 shared of 18 tokens: 0.889 clears 0.88; 15 shared of 17 tokens: 0.882 clears it too;
    # 7 shared of 8 tokens: 0.875 does not.
    base = "one two three four five six seven"
    below = [("a", base + " eight"), ("b", base + " nine")]
    assert _jaccard(below[0][1], below[1][1]) < 0.88
    assert find_clusters(below) == []
    words = SHARED.split()[:16]
    above = [("a", " ".join(words) + " xray"), ("b", " ".join(words))]
    assert _jaccard(above[0][1], above[1][1]) >= 0.88
    [cluster] = find_clusters(above)
    assert cluster.member_ids == ("a", "b")
    assert cluster.similarity >= 0.88


def test_threshold_is_configurable() -> None:
    base = "one two three four five six seven"
    items = [("a", base + " eight"), ("b", base + " nine")]  # Jaccard 7/9 = 0.778
    assert find_clusters(items, threshold=0.88) == []
    assert [c.member_ids for c in find_clusters(items, threshold=0.75)] == [("a", "b")]


def test_cluster_size_is_capped() -> None:
    text = "Caroline moved to Berlin in 2021."
    items = [(entry_id, text) for entry_id in ("m-1", "m-2", "m-3", "m-4", "m-5")]
    clusters = find_clusters(items, max_cluster_size=3)
    assert [c.member_ids for c in clusters] == [("m-1", "m-2", "m-3"), ("m-4", "m-5")]
    capped = find_clusters(items, max_cluster_size=2)
    assert [c.member_ids for c in capped] == [("m-1", "m-2"), ("m-3", "m-4")]


def test_entry_belongs_to_at_most_one_cluster() -> None:
    # b is a near-duplicate of both a and c, but a and c are not of each other (16/20 = 0.8):
    # b goes to the first pair by id, and c is not pulled in through b.
    words = SHARED.split()[:16]
    items = [
        ("a", " ".join([*words, "xray", "yankee"])),
        ("b", " ".join(words)),
        ("c", " ".join([*words, "zulu", "whiskey"])),
    ]
    assert _jaccard(items[0][1], items[1][1]) >= 0.88
    assert _jaccard(items[1][1], items[2][1]) >= 0.88
    assert _jaccard(items[0][1], items[2][1]) < 0.88
    clusters = find_clusters(items)
    assert [c.member_ids for c in clusters] == [("a", "b")]
    members = [m for c in clusters for m in c.member_ids]
    assert len(members) == len(set(members))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from("abcdefgh"), min_size=1, max_size=6),
        min_size=2,
        max_size=14,
    ),
    st.integers(min_value=2, max_value=4),
)
def test_every_cluster_is_within_cap_and_disjoint(word_lists: list[list[str]], cap: int) -> None:
    items = [(f"m-{i:02d}", " ".join(words)) for i, words in enumerate(word_lists)]
    clusters = find_clusters(items, threshold=0.6, max_cluster_size=cap)
    members = [m for c in clusters for m in c.member_ids]
    assert len(members) == len(set(members))
    texts = dict(items)
    for cluster in clusters:
        assert 2 <= len(cluster.member_ids) <= cap
        pairwise = [
            _jaccard(texts[a], texts[b]) for a, b in itertools.combinations(cluster.member_ids, 2)
        ]
        assert min(pairwise) >= 0.6
        assert abs(cluster.similarity - min(pairwise)) < 1e-9


def test_cluster_similarity_is_the_minimum_pairwise_similarity() -> None:
    words = SHARED.split()
    items = [
        ("a", " ".join(words)),  # 18 tokens
        ("b", " ".join(words)),
        ("c", " ".join([*words, "xray"])),  # 18/19 = 0.947 with a and b
    ]
    [cluster] = find_clusters(items)
    assert cluster.member_ids == ("a", "b", "c")
    assert abs(cluster.similarity - 18 / 19) < 1e-9


def test_clusters_are_deterministic_and_ids_stable() -> None:
    words = SHARED.split()
    items = [
        ("m-3", " ".join(words)),
        ("m-1", " ".join(words)),
        ("m-7", "Caroline moved to Berlin in 2021."),
        ("m-2", "In 2021 Caroline moved to Berlin."),
        ("m-9", "Melanie painted a sunrise over the lake last summer."),
    ]
    first = find_clusters(items)
    shuffled = list(items)
    random.Random(3).shuffle(shuffled)
    assert find_clusters(shuffled) == first
    assert [c.member_ids for c in first] == [("m-1", "m-3"), ("m-2", "m-7")]
    expected_id = "c-" + hashlib.sha1(b"m-1\nm-3").hexdigest()[:12]
    assert first[0].cluster_id == expected_id


def test_embedding_path_used_when_vectors_given() -> None:
    items = [("a", "same words here"), ("b", "same words here"), ("c", "nothing in common")]
    vectors = np.array([[1.0, 0.0], [0.0, 1.0], [2.0, 0.1]])
    clusters = find_clusters(items, vectors=vectors)
    # Identical texts with orthogonal embeddings do not cluster; different texts with parallel
    # embeddings (cosine 0.9988) do.
    assert [c.member_ids for c in clusters] == [("a", "c")]
    assert clusters[0].similarity > 0.99


def test_empty_or_single_input_gives_no_clusters() -> None:
    assert find_clusters([]) == []
    assert find_clusters([("a", "Caroline moved to Berlin in 2021.")]) == []


def test_exact_duplicates_cluster() -> None:
    text = "User prefers concise bullet-point answers for billing questions."
    [cluster] = find_clusters([("m-2", text), ("m-1", text)])
    assert cluster.member_ids == ("m-1", "m-2")
    assert cluster.similarity == 1.0


def test_rewording_by_word_order_clusters() -> None:
    items = [("a", "Caroline moved to Berlin in 2021."), ("b", "In 2021 Caroline moved to Berlin.")]
    [cluster] = find_clusters(items)
    assert cluster.similarity == 1.0


def test_distinct_facts_do_not_cluster() -> None:
    items = [
        ("a", "Caroline moved to Berlin in 2021."),
        ("b", "Caroline moved to Paris in 2021."),
        ("c", "Caroline moved to Berlin in 2019."),
        ("d", "Melanie moved to Berlin in 2021."),
        ("e", "Jon flew to Lisbon on May 4 for PyCon 2024."),
        ("f", "Jon flew to Lisbon on May 4 for PyCon 2025."),
    ]
    assert find_clusters(items) == []


def test_texts_without_word_tokens_never_cluster() -> None:
    assert find_clusters([("a", ""), ("b", "")]) == []
    assert find_clusters([("a", "!!"), ("b", "!!"), ("c", "Caroline")]) == []


def test_duplicate_entry_ids_are_rejected() -> None:
    try:
        find_clusters([("a", "x"), ("a", "x")])
    except ValueError as error:
        assert "unique" in str(error)
    else:
        raise AssertionError("duplicate ids were accepted")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        # A skewed vocabulary, so that frequent tokens are dropped from the index.
        st.lists(st.sampled_from(list("aaaabbbccdefghij")), max_size=9),
        min_size=2,
        max_size=30,
    ),
    st.sampled_from([0.3, 0.5, 0.6, 0.75, 0.8, 0.88, 0.9, 1.0]),
    st.sampled_from([1, 7, 10_000]),
)
def test_candidate_search_finds_every_pair_brute_force_finds(
    word_lists: list[list[str]], threshold: float, block_product: int
) -> None:
    texts = [" ".join(words) for words in word_lists]
    found = {
        (p.left, p.right): p.similarity
        for p in lexical_pairs(token_sets(texts), threshold, block_product=block_product)
    }
    expected = {}
    for i, j in itertools.combinations(range(len(texts)), 2):
        left, right = set(word_lists[i]), set(word_lists[j])
        if left and right and len(left & right) / len(left | right) >= threshold - 1e-9:
            expected[(i, j)] = len(left & right) / len(left | right)
    assert found.keys() == expected.keys()
    for key, value in expected.items():
        assert abs(found[key] - value) < 1e-12


def test_embedding_search_matches_all_pairs_across_blocks() -> None:
    rng = np.random.default_rng(5)
    base = rng.standard_normal((6, 8))
    vectors = np.vstack([base, base + rng.standard_normal((6, 8)) * 0.1, np.zeros((1, 8))])
    unit = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-300)
    scores = unit @ unit.T
    expected = {
        (i, j) for i, j in itertools.combinations(range(len(vectors)), 2) if scores[i, j] >= 0.88
    }
    for block_cells in (1, 13, 10_000):
        found = {(p.left, p.right) for p in embedding_pairs(vectors, 0.88, block_cells=block_cells)}
        assert found == expected
    assert expected  # the planted near-copies are there to be found
