"""The review page's rules, in-process (Starlette's TestClient against the real app over real
volumes): only listed agents, one unreadable queue does not hide the others, another writer's
lease refuses a decision, cross-site POSTs are refused, messages never ride in the URL."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from dream_assets.core.clock import FixedClock, SystemClock
from dream_assets.core.safety.review_queue import ReviewItem, ReviewQueue
from dream_assets.core.store.lease import acquire, release
from dream_assets.core.store.volume import AgentVolume
from dream_assets.review_page.app import PageError, review_app
from dream_assets_tests.builders import NOW, entry, make_volume, queued_merge

SAME_SITE = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}


def _queued(volume: AgentVolume) -> ReviewItem:
    return queued_merge(
        volume, ["m-1", "m-2"], "Caroline moved to Berlin in 2021.", category="people/caroline"
    )


@pytest.fixture
def agents(tmp_path: Path) -> Path:
    root = tmp_path / "agents"
    for name in ("ada", "bo"):
        volume = make_volume(
            root / name,
            [
                entry("m-1", "Caroline moved to Berlin in 2021.", metadata={"pinned": "true"}),
                entry("m-2", "In 2021 Caroline moved to Berlin."),
            ],
        )
        _queued(volume)
    return root


def _client(agents: Path) -> TestClient:
    app = review_app(agents, clock=FixedClock(NOW + timedelta(hours=1)))
    return TestClient(app, follow_redirects=False)


def _decide(client: TestClient, agent: str, item: str, action: str = "approve") -> str:
    answer = client.post(
        "/review/decide", data={"agent": agent, "item": item, "action": action}, headers=SAME_SITE
    )
    assert answer.status_code == 303, answer.text
    location = answer.headers["location"]
    page = client.get(location)
    assert page.status_code == 200
    start = page.text.index('<div class="flash')
    return page.text[start : page.text.index("</div>", start)]


def test_a_form_may_name_only_an_agent_the_page_lists(agents: Path, tmp_path: Path) -> None:
    outside = make_volume(tmp_path / "elsewhere", [entry("m-1"), entry("m-2")])
    item = _queued(outside)
    client = _client(agents)

    for agent in ("../elsewhere", str(outside.root), "nobody"):
        assert "no agent" in _decide(client, agent, item.id)
    assert ReviewQueue(outside.root).get(item.id).status == "pending"


def test_an_unreadable_queue_is_named_and_the_other_agents_still_show(agents: Path) -> None:
    (agents / "ada" / "review-queue.json").write_text("{not json", encoding="utf-8")

    page = _client(agents).get("/review/")

    assert page.status_code == 200
    assert "ada/review-queue.json: cannot be read" in page.text
    (item,) = ReviewQueue(agents / "bo").items()
    assert f'data-item="{item.id}"' in page.text


def test_a_decision_waits_for_another_writers_lease(agents: Path) -> None:
    (item,) = ReviewQueue(agents / "ada").items()
    acquire(
        agents / "ada",
        owner="dream run",
        run_id="r-busy",
        clock=SystemClock(),
        ttl=timedelta(hours=1),
    )
    try:
        message = _decide(_client(agents), "ada", item.id)
    finally:
        release(agents / "ada", "r-busy")
    assert "approve refused: agent ada is being dreamed by run r-busy" in message
    assert ReviewQueue(agents / "ada").get(item.id).status == "pending"
    assert {e.id for e in AgentVolume(agents / "ada").scan_entries().live} == {"m-1", "m-2"}


@pytest.mark.parametrize(
    "headers",
    [
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
        {"origin": "https://evil.example"},
        {"origin": "null"},
    ],
)
def test_a_cross_site_post_is_refused(agents: Path, headers: dict[str, str]) -> None:
    (item,) = ReviewQueue(agents / "ada").items()
    client = _client(agents)
    for path, data in (
        ("/review/decide", {"agent": "ada", "item": item.id, "action": "approve"}),
        ("/review/undo", {"agent": "ada", "run": f"review:{item.id}"}),
    ):
        assert client.post(path, data=data, headers=headers).status_code == 403
    assert ReviewQueue(agents / "ada").get(item.id).status == "pending"


def test_outcome_messages_never_ride_in_the_url_and_show_once(agents: Path) -> None:
    (item,) = ReviewQueue(agents / "ada").items()
    client = _client(agents)
    answer = client.post(
        "/review/decide",
        data={"agent": "ada", "item": item.id, "action": "reject", "note": "Berlin twice"},
        headers=SAME_SITE,
    )
    location = answer.headers["location"]
    assert location.startswith("/review/?flash=") and location.endswith("#agent-ada")
    assert item.id not in location and "Berlin" not in location
    assert f"rejected {item.id}: nothing changed" in client.get(location).text
    assert '<div class="flash' not in client.get(location).text


def test_undo_takes_only_a_review_decision(agents: Path) -> None:
    client = _client(agents)
    answer = client.post(
        "/review/undo", data={"agent": "ada", "run": "some-cycle-run"}, headers=SAME_SITE
    )
    page = client.get(answer.headers["location"]).text
    assert "undo refused: &#x27;some-cycle-run&#x27; is not a review decision" in page


def test_the_root_path_and_the_agents_root_are_checked(agents: Path, tmp_path: Path) -> None:
    with pytest.raises(PageError, match="--root-path"):
        review_app(agents, root_path="/review/<x>")
    with pytest.raises(PageError, match="not a directory"):
        review_app(tmp_path / "missing")
    bare = TestClient(review_app(agents, root_path="/"))
    assert bare.get("/").status_code == 200
