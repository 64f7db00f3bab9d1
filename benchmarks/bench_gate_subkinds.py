"""The merge gate's findings by sub-kind, pooled over the spent blind corpora (issue 24, fifth
round): which sub-kinds may reject a merge on their own.

    python benchmarks/bench_gate_subkinds.py            # the ninety-eight spent sets, pooled
    python benchmarks/bench_gate_subkinds.py --corpus PATH [--corpus PATH ...]

The issue's rule: a finding is hard only where its false-rejection rate on blind data is at most
1 %, or where the catch goals (negation + quantity >= 75 %, with dropped sources >= 75 %) need
it. Each finding of ``check_merge`` (hard or hint) is put in one sub-kind; per sub-kind the table
gives the faithful merges it fires on (pooled, and per set), the faithful merges it alone rejects
(no other hard finding), the negation / quantity / dropped-source losses it fires on, those it
alone catches among the hard findings, and its role in ``check_merge`` today. The set's rows are
every case of each corpus (all ninety-eight are spent: development data).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tables import print_markdown_table  # noqa: E402

from dream_assets.core.facts.coverage import (  # noqa: E402
    DEFAULT_VOCABULARY,
    CoverageSource,
)
from dream_assets.core.facts.meaning.details import REWORDED, SPECIFICS_KEPT  # noqa: E402
from dream_assets.core.facts.meaning.negation import ADDED, DOUBLE, RESTATED  # noqa: E402
from dream_assets.core.facts.merge_check import check_merge, is_hint  # noqa: E402
from dream_assets.core.facts.name_evidence import new_words_of, soft_reason  # noqa: E402
from dream_assets.core.facts.tokens import Specific  # noqa: E402

BLIND = ROOT / "dream_assets_tests" / "data" / "blind"
SPENT = (
    BLIND / "merge_corpus.jsonl",
    BLIND / "v2" / "merge_corpus_v2.jsonl",
    BLIND / "v3" / "merge_corpus_v3.jsonl",
    BLIND / "v4" / "merge_corpus_v4.jsonl",
    BLIND / "v5" / "merge_corpus_v5.jsonl",
    BLIND / "v6" / "merge_corpus_v6.jsonl",
    BLIND / "v7" / "merge_corpus_v7.jsonl",
    BLIND / "v8" / "merge_corpus_v8.jsonl",
    BLIND / "v9" / "merge_corpus_v9.jsonl",
    BLIND / "v10" / "merge_corpus_v10.jsonl",
    BLIND / "v11" / "merge_corpus_v11.jsonl",
    BLIND / "v12" / "merge_corpus_v12.jsonl",
    BLIND / "v12b" / "merge_corpus_v12b.jsonl",
    BLIND / "v13b" / "merge_corpus_v13b.jsonl",
    BLIND / "v13" / "merge_corpus_v13.jsonl",
    BLIND / "v13c" / "merge_corpus_v13c.jsonl",
    BLIND / "v14" / "merge_corpus_v14.jsonl",
    BLIND / "v14b" / "merge_corpus_v14b.jsonl",
    BLIND / "v15" / "merge_corpus_v15.jsonl",
    BLIND / "v15b" / "merge_corpus_v15b.jsonl",
    BLIND / "v16" / "merge_corpus_v16.jsonl",
    BLIND / "v16b" / "merge_corpus_v16b.jsonl",
    BLIND / "v17" / "merge_corpus_v17.jsonl",
    BLIND / "v17b" / "merge_corpus_v17b.jsonl",
    BLIND / "v18" / "merge_corpus_v18.jsonl",
    BLIND / "v18b" / "merge_corpus_v18b.jsonl",
    BLIND / "v19" / "merge_corpus_v19.jsonl",
    BLIND / "v19b" / "merge_corpus_v19b.jsonl",
    BLIND / "v20" / "merge_corpus_v20.jsonl",
    BLIND / "v20b" / "merge_corpus_v20b.jsonl",
    BLIND / "v21" / "merge_corpus_v21.jsonl",
    BLIND / "v21b" / "merge_corpus_v21b.jsonl",
    BLIND / "v22" / "merge_corpus_v22.jsonl",
    BLIND / "v22b" / "merge_corpus_v22b.jsonl",
    BLIND / "v23" / "merge_corpus_v23.jsonl",
    BLIND / "v23b" / "merge_corpus_v23b.jsonl",
    BLIND / "v24" / "merge_corpus_v24.jsonl",
    BLIND / "v24b" / "merge_corpus_v24b.jsonl",
    BLIND / "v25" / "merge_corpus_v25.jsonl",
    BLIND / "v25b" / "merge_corpus_v25b.jsonl",
    BLIND / "v26" / "merge_corpus_v26.jsonl",
    BLIND / "v26b" / "merge_corpus_v26b.jsonl",
    BLIND / "v27" / "merge_corpus_v27.jsonl",
    BLIND / "v27b" / "merge_corpus_v27b.jsonl",
    BLIND / "v28" / "merge_corpus_v28.jsonl",
    BLIND / "v28b" / "merge_corpus_v28b.jsonl",
    BLIND / "v29" / "merge_corpus_v29.jsonl",
    BLIND / "v29b" / "merge_corpus_v29b.jsonl",
    BLIND / "v30" / "merge_corpus_v30.jsonl",
    BLIND / "v30b" / "merge_corpus_v30b.jsonl",
    BLIND / "v31" / "merge_corpus_v31.jsonl",
    BLIND / "v31b" / "merge_corpus_v31b.jsonl",
    BLIND / "v32" / "merge_corpus_v32.jsonl",
    BLIND / "v32b" / "merge_corpus_v32b.jsonl",
    BLIND / "v33" / "merge_corpus_v33.jsonl",
    BLIND / "v33b" / "merge_corpus_v33b.jsonl",
    BLIND / "v34" / "merge_corpus_v34.jsonl",
    BLIND / "v34b" / "merge_corpus_v34b.jsonl",
    BLIND / "v35" / "merge_corpus_v35.jsonl",
    BLIND / "v35b" / "merge_corpus_v35b.jsonl",
    BLIND / "v36" / "merge_corpus_v36.jsonl",
    BLIND / "v36b" / "merge_corpus_v36b.jsonl",
    BLIND / "v37" / "merge_corpus_v37.jsonl",
    BLIND / "v37b" / "merge_corpus_v37b.jsonl",
    BLIND / "v38" / "merge_corpus_v38.jsonl",
    BLIND / "v38b" / "merge_corpus_v38b.jsonl",
    BLIND / "v39" / "merge_corpus_v39.jsonl",
    BLIND / "v39b" / "merge_corpus_v39b.jsonl",
    BLIND / "v40" / "merge_corpus_v40.jsonl",
    BLIND / "v40b" / "merge_corpus_v40b.jsonl",
    BLIND / "v41" / "merge_corpus_v41.jsonl",
    BLIND / "v41b" / "merge_corpus_v41b.jsonl",
    BLIND / "v42" / "merge_corpus_v42.jsonl",
    BLIND / "v42b" / "merge_corpus_v42b.jsonl",
    BLIND / "v43" / "merge_corpus_v43.jsonl",
    BLIND / "v43b" / "merge_corpus_v43b.jsonl",
    BLIND / "v44" / "merge_corpus_v44.jsonl",
    BLIND / "v44b" / "merge_corpus_v44b.jsonl",
    BLIND / "v45" / "merge_corpus_v45.jsonl",
    BLIND / "v45b" / "merge_corpus_v45b.jsonl",
    BLIND / "v46" / "merge_corpus_v46.jsonl",
    BLIND / "v46b" / "merge_corpus_v46b.jsonl",
    BLIND / "v47" / "merge_corpus_v47.jsonl",
    BLIND / "v47b" / "merge_corpus_v47b.jsonl",
    BLIND / "v48" / "merge_corpus_v48.jsonl",
    BLIND / "v48b" / "merge_corpus_v48b.jsonl",
    BLIND / "v49" / "merge_corpus_v49.jsonl",
    BLIND / "v49b" / "merge_corpus_v49b.jsonl",
    BLIND / "v50" / "merge_corpus_v50.jsonl",
    BLIND / "v50b" / "merge_corpus_v50b.jsonl",
    BLIND / "v51" / "merge_corpus_v51.jsonl",
    BLIND / "v51b" / "merge_corpus_v51b.jsonl",
    BLIND / "v52" / "merge_corpus_v52.jsonl",
    BLIND / "v52b" / "merge_corpus_v52b.jsonl",
    BLIND / "v53" / "merge_corpus_v53.jsonl",
    BLIND / "v53b" / "merge_corpus_v53b.jsonl",
    BLIND / "v54" / "merge_corpus_v54.jsonl",
    BLIND / "v54b" / "merge_corpus_v54b.jsonl",
)
GOAL_LOSSES = ("negation", "quantity", "dropped")


def _coverage_subkind(text: str, sources: list[CoverageSource]) -> str:
    """A hard coverage finding's sub-kind by the shape of the specific."""
    if not any(c.isalpha() for c in text):
        return "coverage: number, date or time"
    if any(c.isdigit() for c in text):
        return "coverage: code"
    opens = all(
        s.content.lstrip().startswith(text) or f" {text}" not in s.content for s in sources
    ) and any(text in s.content for s in sources)
    return "coverage: sentence-opening subject" if opens else "coverage: name"


def subkinds(case: dict) -> dict[str, bool]:
    """Each sub-kind of the case's findings -> whether ``check_merge`` holds it hard."""
    sources = [
        CoverageSource(s["id"], s["content"], s.get("category", "")) for s in case["sources"]
    ]
    result = check_merge(sources, case["merged"])

    found: dict[str, bool] = {}
    added_count = any(f.startswith("quantity: ") and f.endswith(ADDED) for f in result.hints)
    for finding in (*result.missing, *result.hints):
        hard = not is_hint(finding) and finding in result.missing
        kind, sep, rest = finding.partition(": ")
        if not sep or " " in kind:
            name = _coverage_subkind(finding, sources)
        elif kind == "name":
            # the soft reason, read again from the source that holds the word
            reason = "?"
            for source in sources:
                if rest in source.content:
                    initial = source.content.lstrip().startswith(rest)
                    specific = Specific(rest, "word", initial=initial)
                    rewords = bool(new_words_of(case["merged"], (x.content for x in sources)))
                    reason = (
                        soft_reason(
                            specific,
                            source.content,
                            case["merged"],
                            DEFAULT_VOCABULARY,
                            rewords=rewords,
                        )
                        or reason
                    )
            name = f"name: {reason}"
        elif kind == "negation":
            if finding.endswith(DOUBLE):
                name = "negation: added beside another or a condition"
            elif finding.endswith(ADDED):
                name = "negation: added"
            elif finding.endswith(RESTATED):
                name = "negation: lost, perhaps restated"
            else:
                name = "negation: lost"
        elif kind == "quantity":
            if finding.endswith(ADDED):
                name = "quantity: a count the merge adds"
            elif added_count:
                name = "quantity: changed (the merge has another count)"
            else:
                name = "quantity: absent (no other count)"
        elif kind == "source":
            if finding.endswith(SPECIFICS_KEPT):
                name = "source: its specifics kept"
            elif finding.endswith(REWORDED):
                name = "source: partly kept, the merge has words of its own"
            else:
                name = "source: dropped (nothing kept, or nothing new in its place)"
        else:
            name = kind
        found[name] = found.get(name, False) or hard
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, action="append", default=None)
    # run_all.py passes --quick to every benchmark; these corpora are small, so it changes nothing.
    parser.add_argument("--quick", action="store_true", help=argparse.SUPPRESS)
    corpora = parser.parse_args(argv).corpus or list(SPENT)
    faithful_n = 0
    per_set_n: Counter[str] = Counter()
    fired: Counter[str] = Counter()
    alone: Counter[str] = Counter()
    per_set: dict[str, Counter[str]] = defaultdict(Counter)
    caught: dict[str, Counter[str]] = defaultdict(Counter)
    caught_alone: dict[str, Counter[str]] = defaultdict(Counter)
    role: dict[str, set[bool]] = defaultdict(set)
    for path in corpora:
        label = path.stem.replace("merge_corpus", "v1").replace("v1_", "")
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            case = json.loads(line)
            found = subkinds(case)
            hard = [k for k, h in found.items() if h]
            for name, is_hard in found.items():
                role[name].add(is_hard)
            if case["label"] == "faithful":
                faithful_n += 1
                per_set_n[label] += 1
                for name in found:
                    fired[name] += 1
                    per_set[name][label] += 1
                    # what it alone rejects: nothing else hard (its own role aside)
                    if not [k for k in hard if k != name]:
                        alone[name] += 1
            elif case["kind"] in GOAL_LOSSES:
                for name in found:
                    caught[name][case["kind"]] += 1
                    if not [k for k in hard if k != name]:
                        caught_alone[name][case["kind"]] += 1
    sets = sorted(per_set_n)
    header = [
        "sub-kind",
        f"faithful fired (of {faithful_n})",
        *(f"{s} (of {per_set_n[s]})" for s in sets),
        "faithful it alone rejects",
        "neg / qty / dropped fired",
        "neg / qty / dropped it alone catches",
        "role",
    ]
    rows = []
    for name in sorted(role):
        roles = role[name]
        rows.append(
            [
                name,
                f"{fired[name]} ({fired[name] / faithful_n:.1%})",
                *(str(per_set[name][s]) for s in sets),
                str(alone[name]),
                " / ".join(str(caught[name][k]) for k in GOAL_LOSSES),
                " / ".join(str(caught_alone[name][k]) for k in GOAL_LOSSES),
                "hard" if roles == {True} else "hint" if roles == {False} else "both",
            ]
        )
    print(f"\nMerge-gate findings by sub-kind, {len(corpora)} corpora pooled\n")
    print_markdown_table(header, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
