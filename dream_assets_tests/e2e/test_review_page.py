"""The review page in a real browser (issue 28): Playwright driving Debian's Chromium against
``dream review serve`` (uvicorn, its own process) over an agent volume whose three review items
the real consolidation pass queued with the scripted model.

An operator opens the page, sees each card's before/after text and diff, approves one merge and
rejects another; the volume shows the approved merge applied (sources archived, provenance) and
the rejected merge's sources byte-identical. A second approval of the same item (from a tab
opened earlier) is refused, and so is an item whose source the agent edited after it was queued.
The run writes the page's screenshot to ``docs/review-page.png``.
"""

from __future__ import annotations

import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from dream_assets.core.memory.merge import MERGED_BY_RUN, merged_from
from dream_assets.core.safety.review_queue import ReviewQueue
from dream_assets_tests.browser import find_chromium
from dream_assets_tests.review_scenario import (
    MARKUP,
    PINNED_MERGE,
    Scenario,
    queue_three_reviews,
)
from dream_assets_tests.scripted_llm import ScriptedLLM
from dream_assets_tests.services import REPO, Services, free_port, running, service_env

pytestmark = pytest.mark.slow

SCREENSHOT = REPO / "docs" / "review-page.png"
SERVING_TIMEOUT_S = 60.0
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@dataclass
class Desk:
    url: str
    scenario: Scenario
    browser: Browser
    services: Services

    def open(self) -> Page:
        page = self.browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(self.url)
        return page


def _wait_until_serving(url: str, services: Services) -> None:
    deadline = time.monotonic() + SERVING_TIMEOUT_S
    while time.monotonic() < deadline:
        if not services.alive("review"):
            raise AssertionError(f"review page exited:\n{services.log_tail('review')}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.3)
    raise AssertionError(f"{url} not serving:\n{services.log_tail('review')}")


@pytest.fixture
def desk(tmp_path: Path, scripted_llm: ScriptedLLM) -> Iterator[Desk]:
    executable = find_chromium()
    if executable is None:
        pytest.fail("no chromium found: run scripts/test-deps.sh (apt-get install chromium)")
    agents = tmp_path / "agents"
    scenario = queue_three_reviews(agents / "ada", scripted_llm)
    port = free_port()
    env = service_env({"DREAM_AGENTS_ROOT": str(agents), "PYTHONPATH": str(REPO)})
    with running(tmp_path / "logs") as services:
        services.start(
            "review",
            [sys.executable, "-m", "dream_assets.cli", "review", "serve", "--port", str(port)],
            env,
        )
        url = f"http://127.0.0.1:{port}/review/"
        _wait_until_serving(url, services)
        playwright = sync_playwright().start()
        browser = playwright.chromium.launch(
            executable_path=str(executable), args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            yield Desk(url, scenario, browser, services)
        finally:
            browser.close()
            playwright.stop()


def _flash(page: Page) -> str:
    return page.locator(".flash").inner_text()


def _entry_files(desk: Desk, *ids: str) -> dict[str, bytes]:
    return {i: (desk.scenario.volume.entries_dir / f"{i}.json").read_bytes() for i in ids}


def test_a_card_shows_before_after_the_diff_and_markup_as_text(desk: Desk) -> None:
    page = desk.open()
    scenario = desk.scenario
    pinned = page.locator(f'section.card[data-item="{scenario.pinned.id}"]')
    before = pinned.locator(".before").inner_text()
    assert "Caroline moved to Berlin in 2021." in before
    assert "In 2021 Caroline moved to Berlin for work." in before
    assert "category people/caroline · audience owner · created 2026-11-28" in before
    assert "pinned" in before
    assert PINNED_MERGE in pinned.locator(".after").inner_text()
    # c-1 → proposed: "for work" added; c-2 → proposed: "In 2021" dropped, "in 2021." added.
    assert pinned.locator('[data-diff="c-1"] ins').all_inner_texts() == ["for work"]
    assert pinned.locator('[data-diff="c-2"] del').all_inner_texts() == ["In 2021"]

    unsure = page.locator(f'section.card[data-item="{scenario.unsure.id}"]')
    text = unsure.inner_text()
    assert "Why in review: the merge verifier was unsure" in text
    assert "is fish meat here?" in text and "ambiguous" in text
    assert "in 2 call(s) of its pass up to this proposal" in text

    # The memory's markup is shown as its characters; no element came of it.
    authored = page.locator(f'section.card[data-item="{scenario.authored.id}"]')
    assert MARKUP in authored.locator('[data-source="o-2"] pre').inner_text()
    assert page.locator("section.card script").count() == 0
    assert page.evaluate("document.scripts.length") == 0

    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT), full_page=True)
    data = SCREENSHOT.read_bytes()
    assert data[:8] == PNG_MAGIC and len(data) > 20_000
    page.close()


def test_approve_one_reject_another_refuse_a_second_approval_and_a_changed_source(
    desk: Desk,
) -> None:
    scenario, volume = desk.scenario, desk.scenario.volume
    first, earlier_tab = desk.open(), desk.open()

    # The agent edits o-2 after the page was rendered: the approval is refused, nothing changes.
    edited = volume.get("o-2")
    assert edited is not None
    volume.save(edited.with_changes(content="Office hours end at 1 pm on Fridays."))
    untouched = _entry_files(desk, "o-1", "o-2", "j-1", "j-2")
    first.locator(f'section.card[data-item="{scenario.authored.id}"] button.approve').click()
    assert "o-2 changed since the proposal" in _flash(first)
    assert _entry_files(desk, "o-1", "o-2") == {k: untouched[k] for k in ("o-1", "o-2")}
    authored = first.locator(f'section.card[data-item="{scenario.authored.id}"]')
    assert "Cannot be approved" in authored.inner_text()
    assert authored.locator("button.approve").is_disabled()
    assert "changed since queued" in authored.locator('[data-source="o-2"]').inner_text()

    # Approve the pinned merge: the merged entry is written, its sources archived as merged.
    first.locator(f'section.card[data-item="{scenario.pinned.id}"] button.approve').click()
    assert _flash(first).startswith(f"approved {scenario.pinned.id}: wrote ")
    live = {e.id: e for e in volume.scan_entries().live}
    (merged,) = [e for e in live.values() if e.content == PINNED_MERGE]
    assert merged_from(merged) == ["c-1", "c-2"]
    assert merged.metadata[MERGED_BY_RUN] == f"review:{scenario.pinned.id}"
    for source_id in ("c-1", "c-2"):
        source = volume.get(source_id)
        assert source is not None and source.archived and source.archive_reason == "merged"
    assert ReviewQueue(volume.root).get(scenario.pinned.id).status == "approved"

    # The tab opened before the approval still offers it: the second approval is refused.
    after_first = _entry_files(desk, merged.id, "c-1", "c-2")
    earlier_tab.locator(f'section.card[data-item="{scenario.pinned.id}"] button.approve').click()
    assert _flash(earlier_tab) == (f"approve refused: {scenario.pinned.id} is already approved")
    assert _entry_files(desk, merged.id, "c-1", "c-2") == after_first
    assert [e.content for e in volume.scan_entries().live].count(PINNED_MERGE) == 1

    # Reject Jon's merge with a note: its sources stay byte for byte.
    unsure = first.locator(f'section.card[data-item="{scenario.unsure.id}"]')
    unsure.locator('input[name="note"]').fill("fish is not meat to Jon")
    unsure.locator("button.reject").click()
    assert _flash(first) == f"rejected {scenario.unsure.id}: nothing changed"
    assert _entry_files(desk, "j-1", "j-2") == {k: untouched[k] for k in ("j-1", "j-2")}
    rejected = ReviewQueue(volume.root).get(scenario.unsure.id)
    assert rejected.status == "rejected" and rejected.note == "fish is not meat to Jon"

    # The history lists both decisions; the approval has an undo button, and undo takes it back.
    history = first.locator(f'tr[data-item="{scenario.pinned.id}"]')
    assert "approved" in history.inner_text()
    assert (
        "fish is not meat to Jon"
        in first.locator(f'tr[data-item="{scenario.unsure.id}"]').inner_text()
    )
    history.locator("button").click()
    assert _flash(first).startswith(f"undid review:{scenario.pinned.id}")
    assert {"c-1", "c-2"} <= {e.id for e in volume.scan_entries().live}
    gone = volume.get(merged.id)
    assert gone is not None and gone.archive_reason == "undone"
    assert "undone" in first.locator(f'tr[data-item="{scenario.pinned.id}"]').inner_text()
    first.close()
    earlier_tab.close()


def test_a_post_from_another_site_is_refused(desk: Desk) -> None:
    scenario = desk.scenario
    before = _entry_files(desk, "c-1", "c-2")
    request = urllib.request.Request(
        desk.url + "decide",
        data=f"agent=ada&item={scenario.pinned.id}&action=approve".encode(),
        headers={
            "Origin": "https://evil.example",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 403
    assert _entry_files(desk, "c-1", "c-2") == before
    assert ReviewQueue(scenario.volume.root).get(scenario.pinned.id).status == "pending"
