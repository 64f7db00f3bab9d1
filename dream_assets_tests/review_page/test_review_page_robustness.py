"""The review page against hostile or broken input, through the real app over real volumes:
form bodies the page's own forms never send (missing, duplicated, non-UTF-8, huge fields) are a
4xx and write nothing; a decision names one item by its whole id; a corrupt review-queue file or
an unreadable source is named, refused and left as it is; markup in any volume text or agent name
is escaped; two decisions at once land exactly once; a real server's log holds neither a
traceback nor memory text."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import httpx
import pytest
import uvicorn
from starlette.testclient import TestClient

from dream_assets.core.clock import FixedClock
from dream_assets.core.safety.review_queue import ReviewItem, ReviewQueue
from dream_assets.core.store.volume import AgentVolume
from dream_assets.review_page.app import MAX_FORM_BYTES, review_app
from dream_assets_tests.builders import NOW, entry, make_volume, queued_merge

SAME_SITE = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
FORM = {**SAME_SITE, "content-type": "application/x-www-form-urlencoded"}
SECRET = "Caroline's therapist is Dr Okafor"
HOSTILE = '"\'><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:x">j</a>'


def _agent(root: Path, name: str, merged: str = f"{SECRET} since 2021.") -> ReviewItem:
    volume = make_volume(
        root / name,
        [
            entry("m-1", f"{SECRET} since 2021.", metadata={"pinned": "true"}),
            entry("m-2", f"Since 2021 {SECRET}."),
        ],
    )
    return queued_merge(volume, ["m-1", "m-2"], merged, category="people/caroline")


@pytest.fixture
def agents(tmp_path: Path) -> Path:
    root = tmp_path / "agents"
    _agent(root, "ada")
    _agent(root, "bo")
    return root


def _client(agents: Path) -> TestClient:
    app = review_app(agents, clock=FixedClock(NOW + timedelta(hours=1)))
    return TestClient(app, follow_redirects=False, raise_server_exceptions=False)


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def _flash(client: TestClient, answer: httpx.Response) -> str:
    assert answer.status_code == 303, (answer.status_code, answer.text)
    page = client.get(answer.headers["location"]).text
    start = page.index('<div class="flash')
    return page[start : page.index("</div>", start)]


def _decide(client: TestClient, agent: str, item: str, action: str) -> httpx.Response:
    """A decision posted as the page's own form does."""
    return client.post(
        "/review/decide",
        data={"agent": agent, "item": item, "action": action},
        headers=SAME_SITE,
    )


def _item(agents: Path, agent: str = "ada") -> str:
    (item,) = ReviewQueue(agents / agent).items()
    return item.id


@pytest.mark.parametrize(
    "body",
    [
        "agent=ada&action=approve",  # no item: the only item must not be taken for it
        "agent=ada&item=&action=approve",
        "item={item}&action=approve",
        "agent=ada&item={item}",
        "agent=ada&item={item}&action=reject&action=approve",
        "agent=ada&agent=bo&item={item}&action=approve",
        "agent=ada&item={item}&action=reject&note=%FF%FE",
    ],
)
def test_a_malformed_decision_form_is_a_400_and_writes_nothing(agents: Path, body: str) -> None:
    before = _files(agents)
    answer = _client(agents).post(
        "/review/decide", content=body.format(item=_item(agents)).encode(), headers=FORM
    )
    assert answer.status_code == 400, answer.text
    assert answer.text.startswith("bad form:")
    assert _files(agents) == before


def test_a_form_of_raw_non_utf8_bytes_is_a_400_and_writes_nothing(agents: Path) -> None:
    before = _files(agents)
    body = f"agent=ada&item={_item(agents)}&action=reject&note=caf\xe9".encode("latin-1")
    answer = _client(agents).post("/review/decide", content=body, headers=FORM)
    assert answer.status_code == 400
    assert _files(agents) == before


@pytest.mark.parametrize("path", ["/review/decide", "/review/undo"])
def test_a_huge_form_is_a_413_not_a_500(agents: Path, path: str) -> None:
    before = _files(agents)
    body = b"agent=ada&note=" + b"a" * (MAX_FORM_BYTES + 1)
    answer = _client(agents).post(path, content=body, headers=FORM)
    assert answer.status_code == 413
    assert "Traceback" not in answer.text
    assert _files(agents) == before


def test_undo_without_agent_or_run_is_a_400(agents: Path) -> None:
    client = _client(agents)
    for body in (b"agent=ada", b"run=review:x", b"agent=ada&run=review:a&run=review:b"):
        assert client.post("/review/undo", content=body, headers=FORM).status_code == 400


def test_a_decision_names_an_item_by_its_whole_id(agents: Path) -> None:
    client = _client(agents)
    before = _files(agents)
    for prefix in ("rv-", _item(agents)[:6]):
        answer = _decide(client, "ada", prefix, "approve")
        assert f"no review item &#x27;{prefix}&#x27;" in _flash(client, answer)
    assert _files(agents) == before


def _corrupt(queue: Path, how: str) -> None:
    if how == "truncated":
        queue.write_text(queue.read_text(encoding="utf-8")[:150], encoding="utf-8")
    elif how == "non-utf8":
        queue.write_bytes(b'{"version": 1, "items": [\xff]}')
    elif how == "bad verdicts":
        raw = json.loads(queue.read_text(encoding="utf-8"))
        raw["items"][0]["verdicts"] = ["supported"]
        queue.write_text(json.dumps(raw), encoding="utf-8")
    else:
        queue.write_text(how, encoding="utf-8")


@pytest.mark.parametrize(
    "how",
    ["truncated", "non-utf8", "bad verdicts", "[]", "null", '{"items": "abc"}', '{"items": [1]}'],
)
def test_a_corrupt_queue_is_named_refused_and_left_untouched(agents: Path, how: str) -> None:
    item = _item(agents)
    queue = agents / "ada" / "review-queue.json"
    _corrupt(queue, how)
    before = _files(agents)
    client = _client(agents)

    page = client.get("/review/")
    assert page.status_code == 200
    assert page.text.count(f"{queue}: cannot be read") == 1  # named once, not nested
    assert f'data-item="{_item(agents, "bo")}"' in page.text  # the other agent still shows

    for action in ("approve", "reject"):
        answer = _decide(client, "ada", item, action)
        assert f"{action} refused: {queue}: cannot be read" in _flash(client, answer)
    assert _files(agents) == before


def test_an_unreadable_source_refuses_the_approval(agents: Path) -> None:
    item = _item(agents)
    source = AgentVolume(agents / "ada").entry_path("m-1")
    source.write_text(source.read_text(encoding="utf-8")[:30], encoding="utf-8")
    before = _files(agents)
    client = _client(agents)

    page = client.get("/review/").text
    # The card shows, names the source and its Approve button is off; the queue is not blamed.
    assert "review-queue.json: cannot be read" not in page
    card = page[page.index(f'data-item="{item}"') : page.index("</section>")]
    assert 'data-source="m-1"' in card and "cannot be read" in card
    assert '<button class="approve" type="submit" disabled>' in card

    answer = _decide(client, "ada", item, "approve")
    assert f"approve refused: {item}: source m-1 cannot be read" in _flash(client, answer)
    assert _files(agents) == before


def test_markup_in_every_volume_text_and_the_agent_name_is_escaped(tmp_path: Path) -> None:
    root = tmp_path / "agents"
    name = "ev\"il'<b>"
    volume = make_volume(
        root / name,
        [
            entry("m-1", f"Berlin {HOSTILE}", category=HOSTILE, metadata={"pinned": "true"}),
            entry("m-2", f"Berlin {HOSTILE}", category=HOSTILE),
        ],
    )
    verdict = {"id": HOSTILE, "verdict": HOSTILE, "note": HOSTILE}
    queued_merge(volume, ["m-1", "m-2"], f"Berlin {HOSTILE}", category=HOSTILE, verdicts=[verdict])
    queue = root / name / "review-queue.json"
    raw = json.loads(queue.read_text(encoding="utf-8"))
    pending = raw["items"][0]
    pending.update(reason=HOSTILE, run_id=HOSTILE)
    raw["items"].append({**pending, "id": "rv-x" + HOSTILE, "status": "approved", "note": HOSTILE})
    queue.write_text(json.dumps(raw), encoding="utf-8")
    client = _client(root)

    page = client.get("/review/").text
    answer = _decide(client, name, HOSTILE, HOSTILE)
    flash = _flash(client, answer)

    assert 'class="card"' in page and "cannot be read" not in page
    for text in (page, flash):
        for raw_markup in ("<script", "<img", "<a href", "<b>", "\"'>"):
            assert raw_markup not in text


def test_two_decisions_at_once_land_exactly_once(agents: Path) -> None:
    item = _item(agents)
    app = review_app(agents, clock=FixedClock(NOW + timedelta(hours=1)))
    barrier = threading.Barrier(2)
    outcomes: list[bool] = []

    def press(action: str) -> None:
        client = TestClient(app, follow_redirects=False)
        barrier.wait()
        answer = _decide(client, "ada", item, action)
        token = answer.headers["location"].split("flash=")[1].split("#")[0]
        outcomes.append(app.state.desk.flashes[token][0])

    threads = [threading.Thread(target=press, args=(a,)) for a in ("approve", "reject")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == [False, True]
    (decided,) = ReviewQueue(agents / "ada").items()  # the queue file still parses
    assert decided.status in ("approved", "rejected")


@pytest.fixture
def served(agents: Path, caplog: pytest.LogCaptureFixture) -> Iterator[str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    app = review_app(agents, clock=FixedClock(NOW + timedelta(hours=1)))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="info"))
    thread = threading.Thread(target=server.run, daemon=True)
    caplog.set_level(logging.DEBUG)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def test_a_real_server_answers_bad_input_with_4xx_and_logs_no_memory_text(
    agents: Path, served: str, caplog: pytest.LogCaptureFixture
) -> None:
    origin = {"origin": served, "content-type": "application/x-www-form-urlencoded"}
    _corrupt(agents / "bo" / "review-queue.json", "truncated")
    item = _item(agents)
    with httpx.Client(base_url=served, headers=origin) as http:
        assert http.post("/review/decide", content=b"a" * (MAX_FORM_BYTES + 10)).status_code == 413
        assert http.post("/review/decide", content=b"agent=ada&action=approve").status_code == 400
        answer = http.post("/review/decide", content=f"agent=bo&item={item}&action=reject")
        assert answer.status_code == 303
        note = f"note={SECRET.replace(' ', '+')}"
        answer = http.post("/review/decide", content=f"agent=ada&item={item}&action=reject&{note}")
        assert answer.status_code == 303
        page = http.get(answer.headers["location"])
        assert SECRET.replace("'", "&#x27;") in page.text  # the page shows it: it is meant to

    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert "Caroline" not in caplog.text and "Okafor" not in caplog.text
