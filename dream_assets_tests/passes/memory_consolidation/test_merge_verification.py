"""The independent merge verification call, against the real scripted server on loopback.

docs/merge-checks.md: after a model merge passes the deterministic checks, a separately prompted
call sees only the sources and the merged text and judges each source. Only a merge
``supported`` for every source is applied; a loss is rejected (after one narrow repair, checked
and verified again); ``ambiguous`` goes to the review queue; a verifier that does not answer
leaves the merge for the next cycle with nothing archived and the sources still eligible.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dream_assets.cli import main
from dream_assets.core.llm_reply import VERDICTS
from dream_assets.core.memory.merge import REJECTED_CLUSTER, REVIEWED_HASH
from dream_assets.core.near_duplicates.cluster import Cluster
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.review_queue import ReviewQueue
from dream_assets.core.store.volume import AgentVolume
from dream_assets.llm import ChatModel, LLMSettings
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_consolidation import run_memory_consolidation
from dream_assets.prompts.memory import REPAIR_SYSTEM
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.scripted_llm import ScriptedLLM, is_verification

RUN = "run-v"
JON = [Cluster("c-jon", ("j-1", "j-2"), 0.95)]
SOURCES = {"j-1": "Jon does not eat meat.", "j-2": "Jon eats fish on Fridays."}
FAITHFUL = "Jon does not eat meat, but he eats fish on Fridays."


def _volume(tmp_path: Path) -> AgentVolume:
    return make_volume(
        tmp_path / "agent",
        [entry(i, text, category="people/jon") for i, text in SOURCES.items()],
    )


def _model(server: ScriptedLLM, *, busy_marker: Path | None = None) -> ChatModel:
    return ChatModel(
        LLMSettings(base_url=server.base_url, model="scripted", api_key="x", timeout_s=2.0),
        busy_marker=busy_marker,
        poll_s=1,
        max_wait_s=1,
        sleep=lambda _s: None,
    )


def _merge(content: str = FAITHFUL, sources: Sequence[str] = ("j-1", "j-2")) -> str:
    save = {"content": content, "category": "people/jon", "tags": [], "sourceIds": list(sources)}
    return json.dumps({"toDelete": [], "toSave": [save]})


def _verdicts(**by_id: str) -> str:
    return json.dumps(
        {"verdicts": [{"id": i, "verdict": v, "note": f"{v} note"} for i, v in by_id.items()]}
    )


def _run(volume: AgentVolume, model: ChatModel, options: DreamOptions | None = None) -> PassReport:
    return run_memory_consolidation(
        PassCall(volume, options or DreamOptions(), NOW, model=model, run_id=RUN), clusters=JON
    )


def _live(volume: AgentVolume) -> set[str]:
    return {e.id for e in volume.scan_entries().live}


def _sources_untouched_and_eligible(volume: AgentVolume) -> None:
    for source_id, text in SOURCES.items():
        current = volume.get(source_id)
        assert current is not None and not current.archived and current.content == text
        # Not stamped reviewed: the next cycle shows the pair to the model again.
        assert REVIEWED_HASH not in current.metadata
    assert _live(volume) == set(SOURCES)


def _script(server: ScriptedLLM, *replies: str) -> None:
    """Route verification through the queue, then queue the replies in call order."""
    server.verifier = None
    for text in replies:
        server.reply(text)


# Passes every deterministic check, yet narrows "no meat" to "no red meat".
LOSSY = "Jon does not eat red meat, and he eats fish on Fridays."


def _script_a_loss_and_its_repair(
    server: ScriptedLLM, *, repaired: str, repair_verdict: str
) -> None:
    """The merge is LOSSY and the verifier finds j-1 narrowed; the repair answers ``repaired``,
    whose verification finds j-1 ``repair_verdict``."""
    _script(
        server,
        _merge(LOSSY),
        _verdicts(**{"j-1": "detail", "j-2": "supported"}),
        json.dumps({"content": repaired}),
        _verdicts(**{"j-1": repair_verdict, "j-2": "supported"}),
    )


def test_supported_merge_is_applied(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume = _volume(tmp_path)
    _script(scripted_llm, _merge(), _verdicts(**{"j-1": "supported", "j-2": "supported"}))

    report = _run(volume, _model(scripted_llm))

    assert report.counts["merged"] == 1 and report.counts["verified"] == 1
    assert _live(volume) - set(SOURCES) and not _live(volume) & set(SOURCES)
    assert report.model_calls == 2


def test_verification_request_holds_sources_and_merge_but_not_the_consolidation_prompt(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = _volume(tmp_path)
    _script(scripted_llm, _merge(), _verdicts(**{"j-1": "supported", "j-2": "supported"}))

    _run(volume, _model(scripted_llm))

    consolidation, verification = scripted_llm.requests
    assert is_verification(verification) and not is_verification(consolidation)
    system = verification["messages"][0]["content"]
    user = verification["messages"][1]["content"]
    lines = user.splitlines()
    assert "[j-1] Jon does not eat meat." in lines
    assert "[j-2] Jon eats fish on Fridays." in lines
    assert f"MERGED: {FAITHFUL}" in lines
    consolidation_system = consolidation["messages"][0]["content"]
    consolidation_user = consolidation["messages"][1]["content"]
    assert consolidation_system not in system + user
    # Nothing of the consolidation prompt beyond the source lines themselves.
    for line in consolidation_user.splitlines():
        if line.strip() and not line.startswith("[j-"):
            assert line not in user, line


def test_a_loss_is_rejected_then_repaired_and_verified_again(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = _volume(tmp_path)
    _script_a_loss_and_its_repair(scripted_llm, repaired=FAITHFUL, repair_verdict="supported")

    report = _run(volume, _model(scripted_llm))

    kinds = [
        "repair" if r["messages"][0]["content"] == REPAIR_SYSTEM else
        "verify" if is_verification(r) else "consolidate"
        for r in scripted_llm.requests
    ]  # fmt: skip
    assert kinds == ["consolidate", "verify", "repair", "verify"]
    # The repair was shown what the verifier found.
    assert "detail: j-1" in scripted_llm.requests[2]["messages"][1]["content"]
    assert report.counts["repaired"] == 1 and report.counts["merged"] == 1
    [merged] = [e for e in volume.scan_entries().live]
    assert merged.content == FAITHFUL


def test_a_loss_that_survives_the_repair_archives_nothing(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = _volume(tmp_path)
    _script_a_loss_and_its_repair(
        scripted_llm,
        repaired="Jon does not eat red meat but eats fish on Fridays.",
        repair_verdict="detail",
    )

    report = _run(volume, _model(scripted_llm))

    assert report.counts["verification_rejected"] == 1
    assert report.counts["merged"] == 0
    assert _live(volume) == set(SOURCES)
    for source_id in SOURCES:
        current = volume.get(source_id)
        assert current is not None and current.metadata.get(REJECTED_CLUSTER)
    assert any(r.action == "verification rejected" for r in report.refusals)


def test_ambiguous_goes_to_the_review_queue_with_the_verdicts(
    tmp_path: Path, scripted_llm: ScriptedLLM, capsys: pytest.CaptureFixture[str]
) -> None:
    volume = _volume(tmp_path)
    _script(scripted_llm, _merge(), _verdicts(**{"j-1": "supported", "j-2": "ambiguous"}))

    report = _run(volume, _model(scripted_llm))

    [item] = ReviewQueue(volume.root).items()
    assert item.kind == "merge" and item.content == FAITHFUL
    assert sorted(item.source_ids) == ["j-1", "j-2"]
    assert {v["id"]: v["verdict"] for v in item.verdicts} == {
        "j-1": "supported",
        "j-2": "ambiguous",
    }
    assert report.counts["pending_review"] == 1
    assert _live(volume) == set(SOURCES)
    assert main(["review", "list", "--agent", str(volume.root)]) == 0
    shown = capsys.readouterr().out
    assert "verdict: j-2 ambiguous (ambiguous note)" in shown


def _assert_deferred(volume: AgentVolume, report: PassReport) -> None:
    _sources_untouched_and_eligible(volume)
    assert report.counts.get("merged", 0) == 0
    assert report.counts["deferred"] == 1
    assert ReviewQueue(volume.root).items() == []


@pytest.mark.parametrize(
    ("verifier_answers", "failure"),
    [
        pytest.param(
            lambda llm: llm.fail(500, "verifier crashed"), "verifier crashed", id="http-500"
        ),
        pytest.param(
            lambda llm: llm.stall(5.0, _verdicts(**{"j-1": "supported", "j-2": "supported"})),
            "timeout",
            id="timeout",
        ),
        pytest.param(
            lambda llm: llm.reply("Looks fine to me!"), "unusable model reply", id="malformed-reply"
        ),
    ],
)
def test_a_failed_verification_leaves_the_sources_eligible(
    tmp_path: Path,
    scripted_llm: ScriptedLLM,
    verifier_answers: Callable[[ScriptedLLM], None],
    failure: str,
) -> None:
    volume = _volume(tmp_path)
    _script(scripted_llm, _merge())
    verifier_answers(scripted_llm)

    report = _run(volume, _model(scripted_llm))

    _assert_deferred(volume, report)
    assert any(failure in f for f in report.failures)


def test_busy_marker_before_verification_leaves_the_sources_eligible(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = _volume(tmp_path)
    marker = volume.busy_marker

    def consolidate_then_turn_busy(body: dict[str, Any]) -> str:
        # The agent starts serving a user turn right after the consolidation call returns.
        marker.write_text("serving a turn")
        return _merge()

    scripted_llm.respond_with(consolidate_then_turn_busy)

    report = _run(volume, _model(scripted_llm, busy_marker=marker))

    _sources_untouched_and_eligible(volume)
    assert report.counts.get("merged", 0) == 0
    assert report.skipped is not None and "busy" in report.skipped
    assert scripted_llm.verifications == []
    assert report.failures == []


def test_verification_can_be_turned_off(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    volume = _volume(tmp_path)
    _script(scripted_llm, _merge())

    report = _run(volume, _model(scripted_llm), DreamOptions(merge_verification_enabled=False))

    assert report.counts["merged"] == 1
    assert report.model_calls == 1


# -- property: nothing is archived on a verdict short of "supported" for every source ----------


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    content=st.sampled_from(
        [FAITHFUL, "Jon eats meat and fish on Fridays.", "Jon eats fish.", "Jon likes food."]
    ),
    verdicts=st.lists(st.sampled_from(VERDICTS), min_size=2, max_size=2),
    repair_verdicts=st.lists(st.sampled_from(VERDICTS), min_size=2, max_size=2),
    drop_one=st.booleans(),
)
def test_no_source_is_archived_unless_every_verdict_is_supported(
    tmp_path_factory: Any,
    content: str,
    verdicts: list[str],
    repair_verdicts: list[str],
    drop_one: bool,
    module_scripted_llm: ScriptedLLM,
) -> None:
    server = module_scripted_llm
    volume = _volume(tmp_path_factory.mktemp("prop"))
    answers = iter([verdicts, repair_verdicts])
    ids = list(SOURCES)

    def verifier(body: dict[str, Any]) -> str:
        chosen = next(answers, ["supported", "supported"])
        judged = ids[1:] if drop_one else ids  # a verifier that forgets a source
        return json.dumps(
            {"verdicts": [{"id": i, "verdict": v} for i, v in zip(judged, chosen, strict=False)]}
        )

    server.verifier = verifier
    server.respond_with(
        lambda body: (
            json.dumps({"content": FAITHFUL})
            if body["messages"][0]["content"] == REPAIR_SYSTEM
            else _merge(content)
        )
    )

    _run(volume, _model(server))

    archived = {e.id for e in volume.scan_entries().entries if e.archived}
    all_supported_first = not drop_one and set(verdicts) == {"supported"}
    all_supported_repair = not drop_one and set(repair_verdicts) == {"supported"}
    if archived:
        # Only a merge the verifier called supported for every source ever archives sources.
        assert all_supported_first or all_supported_repair
        assert archived == set(SOURCES)


# A merge whose only deterministic finding is a hint (issue 24): attribution swapped.
BOOK = [Cluster("c-book", ("b-1", "b-2"), 0.95)]
BOOK_SOURCES = {
    "b-1": "Caroline recommended the book Becoming to Melanie.",
    "b-2": "Melanie read Becoming.",
}
SWAPPED = "Melanie recommended the book Becoming to Caroline, who read it."


def _book_volume(tmp_path: Path) -> AgentVolume:
    return make_volume(
        tmp_path / "agent",
        [entry(i, text, category="people/caroline") for i, text in BOOK_SOURCES.items()],
    )


def _book_merge(content: str) -> str:
    save = {
        "content": content,
        "category": "people/caroline",
        "tags": [],
        "sourceIds": ["b-1", "b-2"],
    }
    return json.dumps({"toDelete": [], "toSave": [save]})


def test_a_hint_goes_to_the_verifier_which_decides(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = _book_volume(tmp_path)
    _script(
        scripted_llm,
        _book_merge(SWAPPED),
        _verdicts(**{"b-1": "attribution", "b-2": "supported"}),
    )
    options = DreamOptions(merge_repair_enabled=False)
    report = run_memory_consolidation(
        PassCall(volume, options, NOW, model=_model(scripted_llm), run_id=RUN), clusters=BOOK
    )
    verification = scripted_llm.requests[1]
    assert is_verification(verification)
    lines = verification["messages"][1]["content"].splitlines()
    assert "CHECK: attribution: Caroline recommended the book Becoming to Melanie" in lines
    # The hint did not reject; the verifier's verdict did, and nothing was archived.
    assert report.counts.get("rejected", 0) == 0 and report.counts["verification_rejected"] == 1
    assert {e.id for e in volume.scan_entries().live} == set(BOOK_SOURCES)


def test_a_hint_binds_when_no_verifier_will_read_it(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    volume = _book_volume(tmp_path)
    _script(scripted_llm, _book_merge(SWAPPED))
    options = DreamOptions(merge_verification_enabled=False, merge_repair_enabled=False)
    report = run_memory_consolidation(
        PassCall(volume, options, NOW, model=_model(scripted_llm), run_id=RUN), clusters=BOOK
    )
    assert report.counts["rejected"] == 1 and len(scripted_llm.requests) == 1
    assert {e.id for e in volume.scan_entries().live} == set(BOOK_SOURCES)


def _estimate(body: dict[str, Any]) -> int:
    """The admission's prompt estimate of one served request (characters / 4, rounded up)."""
    return sum((len(str(m["content"])) + 3) // 4 for m in body["messages"])


def test_verification_reserves_a_verdict_list_not_the_generic_answer_room(
    scripted_llm: ScriptedLLM, tmp_path: Path
) -> None:
    """Issue 25, item 10: the verifier's reservation is what its verdict list needs, so a run
    budget sized for the consolidation call is not exhausted by a 4 096-token reservation."""
    from dream_assets.core.clock import FixedClock
    from dream_assets.core.safety.budget import TokenBudget, verdict_list_room
    from dream_assets.llm import ANSWER_ROOM

    # A first run, unbudgeted, measures the two calls.
    scripted_llm.reply(_merge())
    _run(_volume(tmp_path / "probe"), _model(scripted_llm))
    consolidation, verification = scripted_llm.requests[0], scripted_llm.verifications[0]
    cap = _estimate(consolidation) + ANSWER_ROOM  # just what the consolidation call reserves

    volume = _volume(tmp_path / "budgeted")
    scripted_llm.requests.clear()
    scripted_llm.verifications.clear()
    scripted_llm.reply(_merge())
    model = _model(scripted_llm)
    model.budget = TokenBudget(tmp_path / "usage.jsonl", RUN, FixedClock(NOW), run_cap=cap)

    report = _run(volume, model)

    rows = [json.loads(line) for line in (tmp_path / "usage.jsonl").read_text().splitlines()]
    spent = next(r["tokens"] for r in rows if r["pass"] == "memory_consolidation")
    # With the generic room the verification would not have fitted after that call.
    assert spent + _estimate(verification) + ANSWER_ROOM > cap
    assert len(scripted_llm.verifications) == 1
    assert scripted_llm.verifications[0]["max_tokens"] == verdict_list_room(2) < ANSWER_ROOM
    assert report.counts["merged"] == 1 and report.counts.get("over_budget", 0) == 0
    assert _live(volume) - {"j-1", "j-2"} and not _live(volume) & {"j-1", "j-2"}
