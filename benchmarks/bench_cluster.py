"""Benchmark of the near-duplicate scan (``dream_assets.core.near_duplicates.cluster``).

Run from the repository root::

    python benchmarks/bench_cluster.py              # 10 000 and 100 000 entries, recall on 5 000
    python benchmarks/bench_cluster.py --quick      # 2 000 and 10 000 entries, recall on 1 000
    python benchmarks/bench_cluster.py --separation # paraphrase vs distinct-fact score table

The corpus is synthetic and deterministic (seeded): memory-like facts from a dozen families
(moves, birthdays, deploy incidents, preferences, ...), each family with several wordings of the
same slots. A share of the facts is planted as a near-duplicate group of 2-3 entries (another
wording of the same fact, the same wording with a small edit, or an exact copy); everything else
is a distinct fact, and facts that differ in a single name, place, date or number arise on
their own at this size, which is what the scan must not cluster.

"ours" is ``find_clusters`` (the tests' builder of the scan's clusters: token Jaccard;
prefix-filtered candidates, exact verification). The "anchor" is exact all pairs over the same
token sets (the overlap of every pair from one sparse product of the whole token matrix, no
filtering) fed to the same greedy cluster builder, so recall measures only what candidate
generation loses: pair recall is the share of the anchor's pairs at or above the threshold that
ours also finds, cluster recall the share of the anchor's clusters ours reproduces exactly.
"planted found" (informative, not a goal) is the share of planted groups that came out whole as one
cluster: at 0.88 Jaccard misses most rewordings.

The embedding rows use random unit vectors (d = 384) with planted near-copies (the base vector
plus small noise); their anchor is the full dense product.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import _checkout  # noqa: F401  (this checkout's dream_assets)
import numpy as np
import scipy.sparse as sp
import yaml
from sklearn.feature_extraction.text import TfidfVectorizer

from dream_assets.core.near_duplicates.cluster import (
    DEFAULT_MAX_CLUSTER_SIZE,
    DEFAULT_SIMILARITY_THRESHOLD,
    Cluster,
    clusters_from_pairs,
    embedding_pairs,
)
from dream_assets.core.near_duplicates.lexical_search import (
    THRESHOLD_TOLERANCE,
    TOKEN_PATTERN,
    SimilarPair,
    lexical_pairs,
    token_sets,
)
from dream_assets_tests.builders import find_clusters  # the scan's rules over every pair

# The word pools the slots draw from (data, not code: cluster_words.yaml).
WORDS: dict[str, tuple[str, ...]] = {
    pool: tuple(text.split())
    for pool, text in yaml.safe_load(
        Path(__file__).with_name("cluster_words.yaml").read_text(encoding="utf-8")
    ).items()
}


@dataclass(frozen=True)
class Family:
    """One kind of fact and several wordings of it (same slots, same specifics)."""

    name: str
    wordings: tuple[str, ...]


FAMILIES = (
    Family(
        "move",
        (
            "{name} moved to {city} in {year}.",
            "In {year} {name} moved to {city}.",
            "Back in {year}, {name} moved to {city}.",
            "{name} relocated to {city} in {year}.",
        ),
    ),
    Family(
        "birthday",
        (
            "{name}'s birthday is on {month} {day}.",
            "The birthday of {name} is {month} {day}.",
            "{name} celebrates a birthday every year on {month} {day}.",
            "{name} was born on {month} {day}.",
        ),
    ),
    Family(
        "deploy",
        (
            "The {project} deploy on {month} {day}, {year} failed because the {component} ran "
            "out of memory.",
            "On {month} {day}, {year} the {project} deploy failed: the {component} ran out of "
            "memory.",
            "{project} deployment failed on {month} {day}, {year} after the {component} ran out "
            "of memory.",
        ),
    ),
    Family(
        "drink",
        (
            "{name} prefers {drink} over {drink2} in the morning.",
            "In the morning {name} prefers {drink} over {drink2}.",
            "{name} likes {drink} more than {drink2} in the morning.",
        ),
    ),
    Family(
        "sync",
        (
            "{name} has a weekly sync with {name2} about {project} every {weekday}.",
            "Every {weekday} {name} and {name2} have a weekly sync about {project}.",
            "{name} meets {name2} weekly on {weekday} to sync on {project}.",
        ),
    ),
    Family(
        "database",
        (
            "The {project} service uses {db} version {version} on port {port}.",
            "{project} runs on {db} {version}, listening on port {port}.",
            "The {project} service runs {db} version {version} and listens on port {port}.",
        ),
    ),
    Family(
        "pet",
        (
            "{name} has a {animal} named {pet} adopted in {year}.",
            "In {year} {name} adopted a {animal} named {pet}.",
            "{pet} is the {animal} {name} adopted in {year}.",
        ),
    ),
    Family(
        "travel",
        (
            "{name} flew to {city} on {month} {day} for {event} {year}.",
            "On {month} {day} {name} flew to {city} to attend {event} {year}.",
            "{name} travelled to {city} for {event} {year}, flying out on {month} {day}.",
        ),
    ),
    Family(
        "job",
        (
            "{name} {surname} works as a {role} at {company} since {year}.",
            "Since {year} {name} {surname} has worked at {company} as a {role}.",
            "{name} {surname} has been a {role} at {company} since {year}.",
        ),
    ),
    Family(
        "allergy",
        (
            "{name} is allergic to {food} and avoids it at team dinners.",
            "At team dinners {name} avoids {food} because of an allergy.",
            "{name} has a {food} allergy and avoids it at team dinners.",
        ),
    ),
    Family(
        "cost",
        (
            "Average cost of the {project} pipeline was {amount} dollars per run in {month} "
            "{year}.",
            "In {month} {year} the {project} pipeline averaged {amount} dollars per run.",
            "The {project} pipeline cost {amount} dollars per run on average in {month} {year}.",
        ),
    ),
    Family(
        "format",
        (
            "User prefers {format} answers in a {tone} tone for {topic} questions.",
            "For {topic} questions the user prefers {tone}, {format} answers.",
            "The user wants {topic} questions answered in a {tone} tone as {format} text.",
        ),
    ),
)

# Small edits that keep one wording of a fact a near-copy of another.
EDIT_PREFIXES = ("Note: ", "Also, ", "Reminder: ", "FYI ", "Update: ")
EDIT_SUFFIXES = (" (confirmed)", " as mentioned earlier", " again", " per the user")


def _slots(rng: random.Random) -> dict[str, str]:
    name, name2 = rng.sample(WORDS["first_names"], 2)
    drink, drink2 = rng.sample(WORDS["drinks"], 2)
    return {
        "name": name,
        "name2": name2,
        "surname": rng.choice(WORDS["surnames"]),
        "city": rng.choice(WORDS["cities"]),
        "year": str(rng.randint(1995, 2026)),
        "month": rng.choice(WORDS["months"]),
        "day": str(rng.randint(1, 28)),
        "weekday": rng.choice(WORDS["weekdays"]),
        "project": rng.choice(WORDS["projects"]),
        "component": rng.choice(WORDS["components"]),
        "db": rng.choice(WORDS["databases"]),
        "version": f"{rng.randint(5, 17)}.{rng.randint(0, 9)}",
        "port": str(rng.randint(1024, 9999)),
        "drink": drink,
        "drink2": drink2,
        "food": rng.choice(WORDS["foods"]),
        "animal": rng.choice(WORDS["animals"]),
        "pet": rng.choice(WORDS["pets"]),
        "role": rng.choice(WORDS["roles"]),
        "company": rng.choice(WORDS["companies"]),
        "event": rng.choice(WORDS["events"]),
        "amount": f"{rng.randint(1, 99)}.{rng.randint(0, 99):02d}",
        "format": rng.choice(WORDS["formats"]),
        "tone": rng.choice(WORDS["tones"]),
        "topic": rng.choice(WORDS["topics"]),
    }


def _render(wording: str, slots: dict[str, str]) -> str:
    text = wording.format(**slots)
    return text[0].upper() + text[1:]


def _near_copy(rng: random.Random, family: Family, slots: dict[str, str], base: int) -> str:
    """Another entry of the same fact: a different wording, a small edit, or an exact copy."""
    roll = rng.random()
    if roll < 0.5:
        other = rng.choice([i for i in range(len(family.wordings)) if i != base])
        return _render(family.wordings[other], slots)
    text = _render(family.wordings[base], slots)
    if roll < 0.7:
        return rng.choice(EDIT_PREFIXES) + text[0].lower() + text[1:]
    if roll < 0.9:
        return text.rstrip(".") + rng.choice(EDIT_SUFFIXES) + "."
    return text


def synthetic_corpus(
    size: int, seed: int = 42, planted_share: float = 0.2
) -> tuple[list[tuple[str, str]], list[tuple[str, ...]]]:
    """``size`` memory-like ``(id, text)`` items and the planted near-duplicate groups (ids)."""
    rng = random.Random(seed)
    items: list[tuple[str, str]] = []
    groups: list[tuple[str, ...]] = []
    while len(items) < size:
        family = rng.choice(FAMILIES)
        slots = _slots(rng)
        base = rng.randrange(len(family.wordings))
        texts = [_render(family.wordings[base], slots)]
        if rng.random() < planted_share / 2.5:
            texts += [_near_copy(rng, family, slots, base) for _ in range(rng.choice((1, 2)))]
        texts = texts[: size - len(items)]
        ids = tuple(f"m-{len(items) + offset:06d}" for offset in range(len(texts)))
        items.extend(zip(ids, texts, strict=True))
        if len(ids) > 1:
            groups.append(ids)
    # Shuffle so planted groups are not neighbours in the input order.
    order = list(range(len(items)))
    rng.shuffle(order)
    return [items[i] for i in order], groups


def anchor_pairs(tokens: sp.csr_matrix, threshold: float) -> list[SimilarPair]:
    """Exact all pairs: Jaccard from the full sparse product of the token matrix with itself
    (the overlap of every pair sharing any token), no filtering."""
    sizes = np.diff(tokens.indptr).astype(np.int64)
    overlap = sp.triu(tokens @ tokens.T, k=1).tocoo()
    jaccard = overlap.data / (sizes[overlap.row] + sizes[overlap.col] - overlap.data)
    keep = jaccard >= threshold - THRESHOLD_TOLERANCE
    return [
        SimilarPair(int(a), int(b), float(s))
        for a, b, s in zip(overlap.row[keep], overlap.col[keep], jaccard[keep], strict=True)
    ]


@dataclass(frozen=True)
class Row:
    case: str
    ours_seconds: float
    anchor_seconds: float | None
    pair_recall: float | None
    cluster_recall: float | None
    clusters: int
    planted_found: float


def _planted_found(clusters: list[Cluster], groups: list[tuple[str, ...]]) -> float:
    """Share of planted groups whose entries all ended up in one cluster (informative only)."""
    if not groups:
        return 0.0
    cluster_of = {m: c.cluster_id for c in clusters for m in c.member_ids}
    found = sum(1 for group in groups if len({cluster_of.get(m, f"none-{m}") for m in group}) == 1)
    return found / len(groups)


def run_case(size: int, *, with_anchor: bool, seed: int = 42) -> Row:
    items, groups = synthetic_corpus(size, seed=seed)
    threshold = DEFAULT_SIMILARITY_THRESHOLD
    # Built after the timed scan, for the anchor only, and once for both pair lists.
    tokens = cache(lambda: token_sets([text for _, text in items]))
    return _measure(
        f"{size:,} entries",
        items,
        groups,
        scan=lambda: find_clusters(items, threshold=threshold),
        ours_pairs=lambda: lexical_pairs(tokens(), threshold),
        exact_pairs=lambda: anchor_pairs(tokens(), threshold),
        with_anchor=with_anchor,
    )


def _measure(
    case: str,
    items: list[tuple[str, str]],
    groups: list[tuple[str, ...]],
    *,
    scan: Callable[[], list[Cluster]],
    ours_pairs: Callable[[], list[SimilarPair]],
    exact_pairs: Callable[[], list[SimilarPair]],
    with_anchor: bool,
) -> Row:
    """Time ``scan``; with the anchor, also time its exact pairs clustered and score the recall."""
    started = time.perf_counter()
    clusters = scan()
    ours_seconds = time.perf_counter() - started
    anchor_seconds = pair_recall = cluster_recall = None
    if with_anchor:
        ours = {(p.left, p.right) for p in ours_pairs()}
        started = time.perf_counter()
        exact = exact_pairs()
        ids = [entry_id for entry_id, _ in items]
        exact_clusters = clusters_from_pairs(ids, exact, max_cluster_size=DEFAULT_MAX_CLUSTER_SIZE)
        anchor_seconds = time.perf_counter() - started
        pair_recall, cluster_recall = _recalls(ours, exact, clusters, exact_clusters)
    return Row(
        case=case,
        ours_seconds=ours_seconds,
        anchor_seconds=anchor_seconds,
        pair_recall=pair_recall,
        cluster_recall=cluster_recall,
        clusters=len(clusters),
        planted_found=_planted_found(clusters, groups),
    )


def synthetic_embeddings(
    size: int, seed: int = 42, dimensions: int = 384
) -> tuple[list[tuple[str, str]], np.ndarray, list[tuple[str, ...]]]:
    """Random unit vectors; a fifth of them start a planted group of 2-3 near-copies."""
    rng = np.random.default_rng(seed)
    vectors = np.empty((size, dimensions), dtype=np.float64)
    groups: list[tuple[str, ...]] = []
    row = 0
    while row < size:
        base = rng.standard_normal(dimensions)
        copies = int(rng.choice((1, 2))) if rng.random() < 0.2 else 0
        members = [base] + [base + rng.standard_normal(dimensions) * 0.25 for _ in range(copies)]
        members = members[: size - row]
        vectors[row : row + len(members)] = members
        if len(members) > 1:
            groups.append(tuple(f"v-{row + k:06d}" for k in range(len(members))))
        row += len(members)
    items = [(f"v-{index:06d}", "") for index in range(size)]
    return items, vectors, groups


def anchor_embedding_pairs(vectors: np.ndarray, threshold: float) -> list[SimilarPair]:
    """Exact all pairs: the full dense cosine matrix."""
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    scores = np.triu(unit @ unit.T, k=1)
    left, right = np.nonzero(scores >= threshold - THRESHOLD_TOLERANCE)
    return [
        SimilarPair(int(a), int(b), float(scores[a, b]))
        for a, b in zip(left.tolist(), right.tolist(), strict=True)
    ]


def run_embedding_case(size: int, *, with_anchor: bool, seed: int = 42) -> Row:
    items, vectors, groups = synthetic_embeddings(size, seed=seed)
    threshold = DEFAULT_SIMILARITY_THRESHOLD
    return _measure(
        f"{size:,} embeddings",
        items,
        groups,
        scan=lambda: find_clusters(items, threshold=threshold, vectors=vectors),
        ours_pairs=lambda: embedding_pairs(vectors, threshold),
        exact_pairs=lambda: anchor_embedding_pairs(vectors, threshold),
        with_anchor=with_anchor,
    )


def _recalls(
    ours: set[tuple[int, int]],
    exact: list[SimilarPair],
    clusters: list[Cluster],
    exact_clusters: list[Cluster],
) -> tuple[float, float]:
    exact_keys = {(p.left, p.right) for p in exact}
    pair_recall = len(exact_keys & ours) / len(exact_keys) if exact_keys else 1.0
    ours_ids = {c.member_ids for c in clusters}
    cluster_recall = (
        sum(1 for c in exact_clusters if c.member_ids in ours_ids) / len(exact_clusters)
        if exact_clusters
        else 1.0
    )
    return pair_recall, cluster_recall


def _fmt(value: float | None, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def print_table(rows: list[Row]) -> None:
    header = (
        f"{'case':<20} {'ours s':>8} {'anchor s':>9} {'pair recall':>12} "
        f"{'cluster recall':>15} {'clusters':>9} {'planted found':>14}"
    )
    print(header)
    print("-" * len(header))
    for row in rows:
        print(
            f"{row.case:<20} {row.ours_seconds:>8.2f} {_fmt(row.anchor_seconds, '.2f'):>9} "
            f"{_fmt(row.pair_recall, '.4f'):>12} {_fmt(row.cluster_recall, '.4f'):>15} "
            f"{row.clusters:>9} {row.planted_found:>14.3f}"
        )


# ---------------------------------------------------------------------------------------------
# Separation: which lexical similarity tells paraphrases from distinct facts at 0.88.

# Hand-written rewordings of one fact (the brief's example and its kind).
HAND_PARAPHRASES = (
    ("Caroline moved to Berlin in 2021.", "In 2021 Caroline moved to Berlin."),
    ("Caroline moved to Berlin in 2021.", "Caroline relocated to Berlin in 2021."),
    ("Caroline moved to Berlin in 2021.", "In 2021, Caroline moved to Berlin for work."),
    (
        "Melanie's daughter turns 7 on March 3.",
        "On March 3 Melanie's daughter turns 7.",
    ),
    (
        "The atlas service uses postgres version 15.2 on port 5432.",
        "atlas runs on postgres 15.2, listening on port 5432.",
    ),
    (
        "User prefers concise bullet-point answers for billing questions.",
        "For billing questions the user prefers concise bullet-point answers.",
    ),
)
HAND_DISTINCT = (
    ("Caroline moved to Berlin in 2021.", "Caroline moved to Paris in 2021."),
    ("Caroline moved to Berlin in 2021.", "Caroline moved to Berlin in 2019."),
    ("Caroline moved to Berlin in 2021.", "Melanie moved to Berlin in 2021."),
    (
        "The atlas service uses postgres version 15.2 on port 5432.",
        "The atlas service uses postgres version 15.2 on port 6543.",
    ),
    (
        "Jon flew to Lisbon on May 4 for PyCon 2024.",
        "Jon flew to Lisbon on May 4 for PyCon 2025.",
    ),
)

_TOKEN = re.compile(TOKEN_PATTERN)


def _tokens(text: str) -> set[str]:
    return set(_TOKEN.findall(text.lower()))


def jaccard(a: str, b: str) -> float:
    left, right = _tokens(a), _tokens(b)
    return len(left & right) / len(left | right) if left | right else 0.0


DATE_SLOTS = ("year", "month", "day", "weekday")


def labelled_pairs(count: int, seed: int) -> tuple[dict[str, list[tuple[str, str]]], list[str]]:
    """Labelled pairs by kind, and a background corpus to fit the IDF on.

    Near-duplicate kinds: ``reworded`` (another wording of the same slots), ``small edit`` (a
    prefix or suffix added), ``planted mix`` (exactly what ``synthetic_corpus`` plants: base
    wording vs ``_near_copy``). Distinct kinds: one slot of the same wording changed, split into
    date slots (year, month, day, weekday) and every other slot (names, places, numbers, ...).
    """
    rng = random.Random(seed)
    background = [text for _, text in synthetic_corpus(5_000, seed=seed)[0]]
    kinds: dict[str, list[tuple[str, str]]] = {
        "dup: reworded": [],
        "dup: small edit": [],
        "dup: planted mix": [],
        "distinct: date slot": [],
        "distinct: other slot": [],
    }
    for _ in range(count):
        family = rng.choice(FAMILIES)
        slots = _slots(rng)
        base = rng.randrange(len(family.wordings))
        text = _render(family.wordings[base], slots)
        other_wording = rng.choice([i for i in range(len(family.wordings)) if i != base])
        kinds["dup: reworded"].append((text, _render(family.wordings[other_wording], slots)))
        edited = (
            rng.choice(EDIT_PREFIXES) + text[0].lower() + text[1:]
            if rng.random() < 0.5
            else text.rstrip(".") + rng.choice(EDIT_SUFFIXES) + "."
        )
        kinds["dup: small edit"].append((text, edited))
        kinds["dup: planted mix"].append((text, _near_copy(rng, family, slots, base)))
        present = re.findall(r"\{(\w+)\}", family.wordings[base])
        for kind, keys in (
            ("distinct: date slot", [k for k in present if k in DATE_SLOTS]),
            ("distinct: other slot", [k for k in present if k not in DATE_SLOTS]),
        ):
            if not keys:
                continue
            key = rng.choice(keys)
            changed = dict(slots)
            while changed[key] == slots[key]:
                changed[key] = _slots(rng)[key]
            kinds[kind].append((text, _render(family.wordings[base], changed)))
    return kinds, background


def _tfidf_scores(pairs: list[tuple[str, str]], background: list[str]) -> np.ndarray:
    """TF-IDF cosine of each pair, IDF fitted on the background plus the pairs."""
    texts = background + [text for pair in pairs for text in pair]
    vectorizer = TfidfVectorizer(lowercase=True, token_pattern=TOKEN_PATTERN)
    matrix = sp.csr_matrix(vectorizer.fit_transform(texts))[len(background) :]
    left, right = matrix[0::2], matrix[1::2]
    return np.asarray(left.multiply(right).sum(axis=1)).ravel()


def _scores(method: str, pairs: list[tuple[str, str]], background: list[str]) -> np.ndarray:
    if method == "tfidf-cosine":
        return _tfidf_scores(pairs, background)
    return np.array([jaccard(a, b) for a, b in pairs])


def separation(count: int = 2_000, seed: int = 7) -> int:
    threshold = DEFAULT_SIMILARITY_THRESHOLD
    kinds, background = labelled_pairs(count, seed)
    methods = ("tfidf-cosine", "token-jaccard")
    print(
        f"Separation at threshold {threshold}: share of pairs scoring >= t (median score); "
        f"{count} facts, seed {seed}; IDF fitted on a 5,000-entry synthetic corpus plus the pairs"
    )
    header = f"{'pair kind':<22} {'pairs':>6} " + " ".join(f"{m:>22}" for m in methods)
    print(header)
    print("-" * len(header))
    at_threshold: dict[tuple[str, str], float] = {}
    for kind, pairs in kinds.items():
        cells = []
        for method in methods:
            scores = _scores(method, pairs, background)
            at_threshold[(kind, method)] = float(np.mean(scores >= threshold))
            cells.append(f"{at_threshold[(kind, method)]:.3f} ({np.median(scores):.3f})")
        print(f"{kind:<22} {len(pairs):>6} " + " ".join(f"{c:>22}" for c in cells))
    distinct_pairs = kinds["distinct: date slot"] + kinds["distinct: other slot"]
    youden = []
    for method in methods:
        false_rate = float(np.mean(_scores(method, distinct_pairs, background) >= threshold))
        hit_rate = at_threshold[("dup: planted mix", method)]
        youden.append(f"{hit_rate - false_rate:.3f}")
    print(f"{'J = planted - distinct':<22} {'':>6} " + " ".join(f"{y:>22}" for y in youden))
    print()
    print("Hand-written pairs (tfidf-cosine with the same background IDF / token Jaccard):")
    hand = [("paraphrase", pair) for pair in HAND_PARAPHRASES]
    hand += [("distinct", pair) for pair in HAND_DISTINCT]
    tfidf = _tfidf_scores([pair for _, pair in hand], background)
    for (kind, (a, b)), score in zip(hand, tfidf, strict=True):
        print(f"  {kind:<10} tfidf {score:.3f}  jaccard {jaccard(a, b):.3f}  {a!r} / {b!r}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes for a fast check")
    parser.add_argument(
        "--separation",
        action="store_true",
        help="print the paraphrase/distinct-fact separation of TF-IDF cosine vs token Jaccard",
    )
    args = parser.parse_args(argv)
    if args.separation:
        return separation()
    sizes, sample = ((2_000, 10_000), 1_000) if args.quick else ((10_000, 100_000), 5_000)
    rows = [run_case(sample, with_anchor=True)]
    rows += [run_case(size, with_anchor=size <= 10_000) for size in sizes]
    embedding_sizes = (1_000, 5_000) if args.quick else (5_000, 20_000)
    rows += [run_embedding_case(size, with_anchor=size <= 5_000) for size in embedding_sizes]
    print(
        f"threshold {DEFAULT_SIMILARITY_THRESHOLD}, max cluster size {DEFAULT_MAX_CLUSTER_SIZE}; "
        "entries: token-jaccard, embeddings: embedding-cosine (d=384); "
        "anchor = exact all pairs over the same similarity, run up to 10,000 entries / "
        "5,000 embeddings"
    )
    print_table(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
