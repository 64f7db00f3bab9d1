"""The review queue in Dagster (issue 28): ``review_queue_watch`` observes each agent's open
items by reason and age, links the review page, and warns (``review_queue/no_stale_items``,
severity WARN, naming agent and item) when an item waits longer than ``review_stale_days``.

Through the real machinery: ``build_sensor_context`` on an ``instance_for_test``, the events
stored the way the daemon stores a sensor's events, and read back from the event log."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.core.clock import format_time
from dream_assets.core.options import DreamOptions, load_options
from dream_assets.core.safety.review_queue import ReviewQueue, make_item
from dream_assets.core.store.volume import AgentVolume
from dream_assets.defs.resources import DreamResource
from dream_assets.defs.review_queue import (
    REVIEW_QUEUE,
    STALE_CHECK,
    review_queue,
    review_queue_no_stale_items,
    review_queue_watch,
)
from dream_assets_tests.builders import NOW, entry, make_volume

CHECK = dg.AssetCheckKey(REVIEW_QUEUE, STALE_CHECK)
# A word of the memory text: it must never reach Dagster.
PRIVATE_WORD = "Zanzibar"


@pytest.fixture
def instance() -> Iterator[dg.DagsterInstance]:
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("agents", ["ada", "bo"])
        yield instance


def _queue(volume: AgentVolume, reason: str, ids: tuple[str, str], age: timedelta) -> str:
    sources = [volume.get(i) for i in ids]
    assert all(sources)
    item = make_item(
        kind="merge",
        reason=reason,
        sources=[s for s in sources if s is not None],
        now=NOW - age,
        run_id="r1",
        content=f"{PRIVATE_WORD} merged text {ids}",
        category="people/ana",
    )
    ReviewQueue(volume.root).add(item)
    return item.id


@pytest.fixture
def root(tmp_path: Path) -> Path:
    agents = tmp_path / "agents"
    ada = make_volume(
        agents / "ada",
        [entry(f"m-{i}", f"{PRIVATE_WORD} fact {i}.") for i in range(1, 7)],
    )
    old = _queue(ada, "pinned", ("m-1", "m-2"), timedelta(days=10))
    _queue(ada, "redacted text in m-3", ("m-3", "m-4"), timedelta(hours=2))
    decided = _queue(ada, "pinned", ("m-5", "m-6"), timedelta(days=20))
    ReviewQueue(ada.root).decide(decided, "rejected", NOW)
    assert old
    make_volume(agents / "bo", [entry("b-1", "Nothing to review.")])
    return agents


def _tick(
    instance: dg.DagsterInstance,
    root: Path,
    cursor: str | None,
    now_offset: timedelta,
    options: DreamOptions | None = None,
) -> dg.SensorResult:
    with dg.build_sensor_context(
        instance=instance,
        cursor=cursor,
        resources={
            "dream": DreamResource(
                agents_root=str(root), now=format_time(NOW + now_offset), options=options
            )
        },
    ) as context:
        result = review_queue_watch(context)
    assert isinstance(result, dg.SensorResult)
    # What the daemon does with a sensor's asset events (dagster/_daemon/sensor.py).
    for event in result.asset_events:
        instance.report_runless_asset_event(event)
    return result


def _latest_observation(instance: dg.DagsterInstance) -> dict[str, object]:
    records = instance.fetch_observations(REVIEW_QUEUE, limit=1).records
    (record,) = records
    observation = record.asset_observation
    assert observation is not None and observation.partition == "ada"
    return {k: v.value for k, v in observation.metadata.items()}


def test_open_items_by_reason_and_age_are_observed_with_a_link_to_the_page(
    instance: dg.DagsterInstance, root: Path
) -> None:
    # The deployment's DREAM_REVIEW_URL, as the definitions read it.
    options = load_options({"DREAM_REVIEW_URL": "https://dream.example.org/review/"})
    result = _tick(instance, root, None, timedelta(0), options)

    # bo never had an item: no point plotted for it.
    observed = [e for e in result.asset_events if isinstance(e, dg.AssetObservation)]
    assert {e.partition for e in observed} == {"ada"}
    metadata = _latest_observation(instance)
    assert metadata["open_items"] == 2  # the rejected item is not open
    assert metadata["reason_pinned"] == 1 and metadata["reason_redacted_text"] == 1
    assert metadata["open_under_1d"] == 1 and metadata["open_over_7d"] == 1
    assert metadata["open_1d_to_7d"] == 0
    assert metadata["oldest_open_days"] == pytest.approx(10.0)
    assert metadata["stale_items"] == 1
    assert metadata["review_page"] == "https://dream.example.org/review/#agent-ada"


def _latest_check(instance: dg.DagsterInstance) -> dg.AssetCheckEvaluation:
    record = instance.event_log_storage.get_latest_asset_check_execution_by_key([CHECK])[CHECK]
    assert record.event is not None and record.event.dagster_event is not None
    evaluation = record.event.dagster_event.event_specific_data
    assert isinstance(evaluation, dg.AssetCheckEvaluation)
    return evaluation


def test_an_item_waiting_past_review_stale_days_warns_naming_agent_and_item(
    instance: dg.DagsterInstance, root: Path
) -> None:
    _tick(instance, root, None, timedelta(0))

    evaluation = _latest_check(instance)
    assert evaluation.passed is False
    assert evaluation.severity == dg.AssetCheckSeverity.WARN
    (old_id,) = [i.id for i in ReviewQueue(root / "ada").items("pending") if i.reason == "pinned"]
    assert evaluation.metadata["stale_items"].value == 1
    assert evaluation.metadata["waiting"].value == f"- ada: {old_id}"


def test_the_warning_clears_with_the_agents_own_review_stale_days(
    instance: dg.DagsterInstance, root: Path
) -> None:
    first = _tick(instance, root, None, timedelta(0))
    assert _latest_check(instance).passed is False
    (root / "ada" / "dream-options.json").write_text(json.dumps({"review_stale_days": 30}))
    _tick(instance, root, first.cursor, timedelta(minutes=5))

    assert _latest_check(instance).passed is True
    assert _latest_observation(instance)["review_stale_days"] == 30.0


def test_an_unchanged_queue_is_observed_again_only_after_an_hour(
    instance: dg.DagsterInstance, root: Path
) -> None:
    first = _tick(instance, root, None, timedelta(0))
    again = _tick(instance, root, first.cursor, timedelta(minutes=5))
    assert not again.asset_events
    assert "2 open review item(s) across 2 agent(s)" in str(again.skip_reason)

    later = _tick(instance, root, again.cursor, timedelta(hours=2))
    assert [e.partition for e in later.asset_events] == ["ada"]  # the warning is unchanged
    assert _latest_observation(instance)["oldest_open_days"] == pytest.approx(10 + 2 / 24, 1e-3)

    # A decision changes the numbers: observed at once.
    (young,) = [i.id for i in ReviewQueue(root / "ada").items("pending") if i.reason != "pinned"]
    ReviewQueue(root / "ada").decide(young, "approved", NOW)
    decided = _tick(instance, root, later.cursor, timedelta(hours=2, minutes=5))
    assert decided.asset_events
    assert _latest_observation(instance)["open_items"] == 1


def test_no_memory_text_reaches_dagster(instance: dg.DagsterInstance, root: Path) -> None:
    result = _tick(instance, root, None, timedelta(0))
    stored = [
        r.event_log_entry for r in instance.fetch_observations(REVIEW_QUEUE, limit=10).records
    ]
    dumped = json.dumps([repr(e) for e in [*result.asset_events, *stored]])
    assert PRIVATE_WORD not in dumped and PRIVATE_WORD not in str(result.cursor)


def test_the_check_runs_on_demand(instance: dg.DagsterInstance, root: Path) -> None:
    resources = {"dream": DreamResource(agents_root=str(root), now=format_time(NOW))}
    # What the UI's "Execute" of the check runs: the check alone, its asset being external.
    only_the_check = dg.AssetSelection.checks(review_queue_no_stale_items)
    assets = [review_queue, review_queue_no_stale_items]
    result = dg.materialize(
        assets, selection=only_the_check, resources=resources, instance=instance
    )
    (evaluation,) = result.get_asset_check_evaluations()
    assert evaluation.passed is False and evaluation.severity == dg.AssetCheckSeverity.WARN
    assert "- ada: " in str(evaluation.metadata["waiting"].value)
    instance.delete_dynamic_partition("agents", "ada")
    ok = dg.materialize(assets, selection=only_the_check, resources=resources, instance=instance)
    assert ok.get_asset_check_evaluations()[0].passed is True


def test_an_unreadable_queue_or_cursor_is_named_and_the_rest_observed(
    instance: dg.DagsterInstance, root: Path
) -> None:
    first = _tick(instance, root, None, timedelta(0))
    (root / "bo" / "review-queue.json").write_text("{not json", encoding="utf-8")

    again = _tick(instance, root, first.cursor, timedelta(minutes=5))
    assert "bo: review queue unreadable (JSONDecodeError)" in str(again.skip_reason)

    restarted = _tick(instance, root, "not a cursor", timedelta(minutes=10))
    assert [e.partition for e in restarted.asset_events if isinstance(e, dg.AssetObservation)] == [
        "ada"
    ]
