"""Three review items queued the way the cycle queues them (the review-queue tests' way): the
real consolidation pass, with the scripted model on loopback, over one agent volume.

- ``pinned``: Caroline's two entries, one pinned; the model's merge waits for an operator.
- ``unsure``: Jon's two entries; the verifier answers ``ambiguous`` for one source, so the merge
  waits with the verdicts (and the tokens its calls spent).
- ``authored``: the office hours, one entry operator-authored; its text holds markup that the
  page must show as text.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from dream_assets.core.near_duplicates.cluster import Cluster
from dream_assets.core.options import DreamOptions
from dream_assets.core.safety.review_queue import ReviewItem, ReviewQueue
from dream_assets.core.store.volume import AgentVolume
from dream_assets.llm import ChatModel, LLMSettings
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_consolidation import run_memory_consolidation
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.scripted_llm import ScriptedLLM

RUN = "run-review"
MARKUP = "<script>alert('x')</script>"
SOURCES = {
    "c-1": ("Caroline moved to Berlin in 2021.", "people/caroline", {"pinned": "true"}),
    "c-2": ("In 2021 Caroline moved to Berlin for work.", "people/caroline", {}),
    "j-1": ("Jon does not eat meat.", "people/jon", {}),
    "j-2": ("Jon eats fish on Fridays.", "people/jon", {}),
    "o-1": ("The office closes at noon on Fridays.", "office", {"authored_by": "operator"}),
    "o-2": (f"Office hours end at noon on Fridays {MARKUP}.", "office", {}),
}
PINNED_MERGE = "Caroline moved to Berlin for work in 2021."
UNSURE_MERGE = "Jon does not eat meat, but he eats fish on Fridays."
AUTHORED_MERGE = "The office closes at noon on Fridays."
CLUSTERS = [
    Cluster("k-c", ("c-1", "c-2"), 0.95),
    Cluster("k-j", ("j-1", "j-2"), 0.95),
    Cluster("k-o", ("o-1", "o-2"), 0.95),
]


@dataclass(frozen=True)
class Scenario:
    volume: AgentVolume
    pinned: ReviewItem
    unsure: ReviewItem
    authored: ReviewItem


def _save(content: str, category: str, sources: list[str]) -> dict[str, object]:
    return {"content": content, "category": category, "tags": [], "sourceIds": sources}


def queue_three_reviews(agent_dir: Path, server: ScriptedLLM) -> Scenario:
    volume = make_volume(
        agent_dir,
        [
            entry(i, text, category=category, metadata=metadata)
            for i, (text, category, metadata) in SOURCES.items()
        ],
    )
    server.verifier = None  # every reply from the queue, in call order
    server.reply(
        json.dumps(
            {
                "toDelete": [],
                "toSave": [
                    _save(PINNED_MERGE, "people/caroline", ["c-1", "c-2"]),
                    _save(UNSURE_MERGE, "people/jon", ["j-1", "j-2"]),
                    _save(AUTHORED_MERGE, "office", ["o-1", "o-2"]),
                ],
            }
        )
    )
    server.reply(
        json.dumps(
            {
                "verdicts": [
                    {"id": "j-1", "verdict": "supported", "note": "the negation is kept"},
                    {"id": "j-2", "verdict": "ambiguous", "note": "is fish meat here?"},
                ]
            }
        )
    )
    model = ChatModel(
        LLMSettings(base_url=server.base_url, model="scripted", api_key="x", timeout_s=5)
    )
    report = run_memory_consolidation(
        PassCall(volume, DreamOptions(), NOW, model=model, run_id=RUN), clusters=CLUSTERS
    )
    assert report.counts["pending_review"] == 3, report.to_dict()
    by_sources = {tuple(sorted(i.source_ids)): i for i in ReviewQueue(volume.root).items()}
    return Scenario(
        volume,
        pinned=by_sources[("c-1", "c-2")],
        unsure=by_sources[("j-1", "j-2")],
        authored=by_sources[("o-1", "o-2")],
    )
