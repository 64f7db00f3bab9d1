"""Issue 25, item 2: every pass that changes a store counts against the run's bounds (seed 003:
"a mutation allowance"). One model reply rewriting the whole skill catalog is stopped at
``max_changes_per_run``, and the rolling 24-hour ``daily_change_allowance`` counts the skill
saves of every run — through the real Dagster machinery and the scripted model server."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import dagster as dg

from dream_assets.core.models import Skill
from dream_assets.core.safety.bounds import CHANGES_LOG
from dream_assets.core.store.ledger import PassLedger
from dream_assets.core.store.volume import AgentVolume
from dream_assets.defs.assets import knowledge
from dream_assets.defs.resources import DreamResource, LLMResource
from dream_assets.passes.skill_catalog.consolidation import CONSOLIDATION
from dream_assets_tests.builders import NOW, make_volume
from dream_assets_tests.scripted_llm import ScriptedLLM

SKILLS = [f"tools/step-{n}" for n in range(8)]
BODY = "Steps: open the tool, run the query, check the output, report back. " * 4


def _rewrite_everything(volume: AgentVolume) -> Callable[[dict[str, Any]], str]:
    """A bad reply: every skill of the catalog not yet rewritten, rewritten at once."""

    def reply(_body: dict[str, Any]) -> str:
        saves = [
            {"name": name, "summary": f"rewritten {name}", "content": f"# {name}\nRewritten."}
            for name in SKILLS
            if "Rewritten." not in volume.skill_path(name).read_text()
        ]
        return json.dumps({"toDelete": [], "toSave": saves})

    return reply


def _materialize(agents_root: Path, llm: ScriptedLLM, now: str) -> dict[str, Any]:
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada"])
        result = dg.materialize(
            [knowledge.skill_catalog, *knowledge.CHECKS[:3]],
            instance=instance,
            partition_key="ada",
            resources={
                "dream": DreamResource(agents_root=str(agents_root), now=now),
                "llm": LLMResource(base_url=llm.base_url, model="scripted", api_key="x"),
            },
        )
    assert result.success
    (event,) = result.get_asset_materialization_events()
    return event.step_materialization_data.materialization.metadata["report"].value


def test_a_reply_rewriting_the_whole_catalog_stops_at_the_cap_and_the_daily_allowance(
    agents_root: Path, scripted_llm: ScriptedLLM
) -> None:
    options = {"max_changes_per_run": 3, "daily_change_allowance": 5}
    volume = make_volume(agents_root / "ada", **{"dream-options.json": json.dumps(options)})
    for name in SKILLS:
        volume.save_skill(Skill(name=name, summary=f"how to {name}", content=BODY, created_at=NOW))
    before = {name: volume.skill_path(name).read_bytes() for name in SKILLS}
    scripted_llm.respond_with(_rewrite_everything(volume))

    first = _materialize(agents_root, scripted_llm, NOW.isoformat())

    rewritten = {n for n in SKILLS if volume.skill_path(n).read_bytes() != before[n]}
    assert len(rewritten) == 3, "the per-run cap of 3 changes held"
    assert first["counts"]["skills_saved"] == 3
    assert first["counts"]["waiting_next_cycle"] == 5
    assert "per-run cap of 3 changes reached" in first["skipped"]
    # Not stamped: the next cycle asks again for what waits.
    assert PassLedger.load(volume.ledger_path).last(CONSOLIDATION) is None
    lines = (volume.root / CHANGES_LOG).read_text().splitlines()
    assert [json.loads(line)["target"] for line in lines] == sorted(rewritten)

    # An hour later the per-run cap leaves room, but the rolling allowance of 5 does not.
    later = (NOW + timedelta(hours=1)).isoformat()
    second = _materialize(agents_root, scripted_llm, later)  # the five left, proposed again

    now_rewritten = {n for n in SKILLS if volume.skill_path(n).read_bytes() != before[n]}
    assert second["counts"]["skills_saved"] == 2
    assert "daily allowance of 5 changes (rolling 24 h) reached" in second["skipped"]
    assert len((volume.root / CHANGES_LOG).read_text().splitlines()) == 5
    assert len(now_rewritten) == 5 and rewritten < now_rewritten
    untouched = set(SKILLS) - now_rewritten
    assert all(volume.skill_path(n).read_bytes() == before[n] for n in untouched)
    assert len(scripted_llm.requests) == 2, "one consolidation call per run, nothing more"
