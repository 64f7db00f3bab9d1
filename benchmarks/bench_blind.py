"""The judges on the blind corpora (issue 24): written from a labelling brief alone by a hand that
never saw the rules, frozen before any tuning (``dream_assets_tests/data/blind/``).

    python benchmarks/bench_blind.py           # the dev split (what rule work may look at)
    python benchmarks/bench_blind.py --final   # the final split: measured once, as measured

Two tables. The merge gate: per finding kind, the share of faithful merges it rejects (a kind may
reject a merge on its own only where that share is at most 1 %) and the share of each kind of loss
it catches. The duplicate judge: paraphrase groups clustered whole (easy and hard), look-alike
pairs clustered and fillers clustered, lexical and with the local embeddings (when the extra
``semantic`` is installed), at the recorded cosine threshold.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from tables import print_markdown_table

from dream_assets.core.facts.coverage import CoverageSource, check_merge
from dream_assets.core.facts.meaning import check_meaning, kinds_of

ROOT = Path(__file__).resolve().parents[1]
BLIND = ROOT / "dream_assets_tests" / "data" / "blind"
sys.path.insert(0, str(ROOT))
LOSSES = ("negation", "quantity", "dropped", "detail", "status", "attribution")
FINDINGS = ("coverage", "negation", "quantity", "source", "status", "detail", "attribution")


def _kinds(case: dict) -> set[str]:
    sources = [
        CoverageSource(s["id"], s["content"], s.get("category", "")) for s in case["sources"]
    ]
    found = set(kinds_of(check_meaning(sources, case["merged"]).missing))
    if check_merge(sources, case["merged"]).missing:
        found.add("coverage")
    return found


def merge_gate(split: str) -> None:
    cases = [json.loads(line) for line in (BLIND / "merge_corpus.jsonl").open()]
    cases = [c for c in cases if c["split"] == split]
    faithful = [c for c in cases if c["label"] == "faithful"]
    rejected: Counter[str] = Counter()
    for case in faithful:
        found = _kinds(case)
        rejected.update(found)
        rejected["any"] += bool(found)
    caught: dict[str, Counter[str]] = defaultdict(Counter)
    for case in cases:
        if case["label"] == "lossy":
            found = _kinds(case)
            caught[case["kind"]]["n"] += 1
            caught[case["kind"]].update(found)
            caught[case["kind"]]["any"] += bool(found)
    header = ["finding kind", f"faithful rejected (of {len(faithful)})"] + [
        f"{loss} caught" for loss in LOSSES
    ]
    rows = []
    for kind in (*FINDINGS, "any"):
        row = [kind, f"{rejected[kind]} ({rejected[kind] / len(faithful):.1%})"]
        for loss in LOSSES:
            c = caught[loss]
            row.append(f"{c[kind]}/{c['n']}")
        rows.append(row)
    print(f"\nMerge gate on the blind {split} split\n")
    print_markdown_table(header, rows)


def duplicate_judge(split: str) -> None:
    from dream_assets_tests.semantic_corpus import load_corpus, score_corpus

    lines = load_corpus(BLIND / "paraphrase_corpus.jsonl")
    settings: list[tuple[str, dict]] = [("lexical", {})]
    try:
        import os

        from dream_assets.core.near_duplicates.embeddings import (
            MINILM,
            LocalEmbedder,
            check_local_extra,
            default_cache_dir,
        )

        check_local_extra(MINILM)
        embedder = LocalEmbedder(MINILM, default_cache_dir(dict(os.environ)))
        memo: dict[str, object] = {}

        def vectors_of(texts):  # type: ignore[no-untyped-def]
            import numpy as np

            missing = [t for t in dict.fromkeys(texts) if t not in memo]
            if missing:
                memo.update(zip(missing, embedder.embed(missing), strict=True))
            return np.stack([memo[t] for t in texts])

        settings.append(
            (
                f"local (cosine >= {MINILM.cosine_threshold})",
                {"vectors_of": vectors_of, "cosine_threshold": MINILM.cosine_threshold},
            )
        )
    except Exception as exc:  # the extra is optional
        print(f"(local embeddings skipped: {exc})")
    rows = []
    for name, kwargs in settings:

        def only(difficulty: str) -> list[dict]:
            return [x for x in lines if x["kind"] != "group" or x["difficulty"] == difficulty]

        whole = score_corpus(lines, split, **kwargs)
        easy = score_corpus(only("easy"), split, **kwargs)
        hard = score_corpus(only("hard"), split, **kwargs)
        row = whole.row()
        rows.append(
            [
                name,
                f"{whole.groups_whole}/{whole.groups} ({row['groups found']:.0%})",
                f"{easy.groups_whole}/{easy.groups}",
                f"{hard.groups_whole}/{hard.groups} ({hard.groups_whole / hard.groups:.0%})",
                f"{whole.lookalikes_clustered}/{whole.lookalikes} "
                f"({row['look-alikes clustered']:.0%})",
                f"{row['fillers clustered']:.1%}",
            ]
        )
    print(f"\nDuplicate judge on the blind {split} split\n")
    print_markdown_table(
        ["candidates", "groups whole", "easy", "hard", "look-alikes clustered", "fillers"], rows
    )


def main(argv: list[str]) -> int:
    split = "final" if "--final" in argv else "dev"
    merge_gate(split)
    duplicate_judge(split)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
