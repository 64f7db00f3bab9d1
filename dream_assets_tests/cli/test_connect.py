"""`dream connect claude-code DIR --agent AGENT_DIR`, then `run`, `--preview`, `restore`, `undo`
and `audit` on the connected agent, as a Claude Code user meets them."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from dream_assets.cli import main
from dream_assets.core.store.kinds.memory_index import linked_file
from dream_assets.core.store.volume import AgentVolume
from dream_assets_tests.claude_code_dirs import INDEX, TOPICS, tree_bytes, write_claude_memory
from dream_assets_tests.scripted_llm import ScriptedLLM, verification_sources

LLM_ENV = ("DREAM_LLM_BASE_URL", "DREAM_LLM_MODEL", "DREAM_LLM_API_KEY", "OPENAI_API_KEY")


@pytest.fixture
def no_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("DREAM_AGENTS_ROOT", raising=False)
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))


def dream(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def connected_agent(tmp_path: Path) -> tuple[Path, Path]:
    """A Claude Code memory directory connected to the agent ``ana``: (memory, agent home)."""
    memory = write_claude_memory(tmp_path / "memory")
    home = tmp_path / "agents" / "ana"
    assert dream("connect", "claude-code", str(memory), "--agent", str(home))[0] == 0
    return memory, home


def test_connect_refuses_a_missing_or_foreign_target_in_one_line(tmp_path: Path) -> None:
    status, _, err = dream("connect", "claude-code", str(tmp_path / "nope"), "--agent", "a")
    assert status == 2 and err.count("\n") == 1 and "is not a directory" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    status, _, err = dream("connect", "claude-code", str(empty), "--agent", str(tmp_path / "a"))
    assert status == 2 and "not a Claude Code memory directory" in err
    memory = write_claude_memory(tmp_path / "memory")
    inside = memory / "home"
    status, _, err = dream("connect", "claude-code", str(memory), "--agent", str(inside))
    assert status == 2 and "overlap" in err
    assert not inside.exists()
    status, _, err = dream("connect", "langgraph", str(memory), "--agent", str(tmp_path / "b"))
    assert status == 2 and "--namespace" in err and err.count("\n") == 1


def test_connect_writes_dream_store_json_and_reports_what_it_read(tmp_path: Path) -> None:
    memory = write_claude_memory(tmp_path / "memory")
    home = tmp_path / "agents" / "ana"
    status, out, _ = dream("connect", "claude-code", str(memory), "--agent", str(home))
    assert status == 0
    assert json.loads((home / "dream-store.json").read_text()) == {
        "kind": "claude-code",
        "path": str(memory),
    }
    assert "5 items, 2 unreadable" in out and "broken.md" in out and "latin1.md" in out
    status, _, err = dream("connect", "claude-code", str(memory), "--agent", str(home))
    assert status == 2 and "already connected" in err


def test_preview_run_restore_and_undo_round_trip_on_a_connected_agent(
    tmp_path: Path, no_model: None
) -> None:
    memory, home = connected_agent(tmp_path)
    original = tree_bytes(memory)

    status, out, err = dream("run", "--agent", str(home), "--preview", "--json")
    assert status == 0, err
    (outcome,) = json.loads(out)
    assert outcome["passes"]["store_writeback"]["planned_removals"] == 4
    assert tree_bytes(memory) == original

    status, out, err = dream("run", "--agent", str(home), "--json")
    assert status == 0, err
    (outcome,) = json.loads(out)
    run_id = outcome["run_id"]
    assert outcome["passes"]["store_writeback"]["removed"] == 4
    assert not (memory / "deploys_short.md").exists()

    # report: the run's safety report names the writeback.
    status, out, err = dream("report", "--agent", str(home), "--run", run_id, "--json")
    assert status == 0, err
    assert "store_writeback" in out

    # restore: the source the cycle removed goes back into the store, byte for byte.
    status, out, err = dream("restore", "cc-deploys_short.md", "--agent", str(home))
    assert status == 0, err
    assert "1 put back" in out
    assert (memory / "deploys_short.md").read_bytes() == TOPICS["deploys_short.md"]
    index = (memory / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    (at,) = [n for n, line in enumerate(index) if "(deploys_short.md)" in line]
    # Its line is back beside the merged item that still holds it.
    assert "GitHub Actions" in (memory / str(linked_file(index[at - 1]))).read_text("utf-8")

    # undo: the run's merged files leave the store, every source is back.
    status, out, err = dream("undo", run_id, "--agent", str(home))
    assert status == 0, err
    for name in ("user_role.md", "user_role_copy.md", "deploys.md", "deploys_short.md"):
        assert (memory / name).read_bytes() == TOPICS[name], name
    topic_files = {p.name for p in memory.iterdir()} - {"MEMORY.md"}
    assert topic_files == set(TOPICS)
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert sorted(index.splitlines()) == sorted(INDEX.splitlines())
    assert [x for x in index.splitlines() if not linked_file(x)] == [
        x for x in INDEX.splitlines() if not linked_file(x)
    ]
    # The merged items' bytes are kept too: an undo removes nothing it cannot give back.
    volume = AgentVolume(home)
    kept = list((home / "store-archive").rglob("*.md"))
    assert len(kept) >= 6

    # The audit on a connected agent: nothing vanished.
    status, out, err = dream("audit", "--agent", str(home), "--json")
    assert status == 0, err
    assert json.loads(out)["vanished"] == []
    assert volume.get("cc-deploys.md") is not None


def test_restore_of_an_item_the_agent_removed_is_refused_in_one_line(
    tmp_path: Path, no_model: None
) -> None:
    memory, home = connected_agent(tmp_path)
    assert dream("run", "--agent", str(home))[0] == 0
    (memory / "oncall.md").unlink()
    assert dream("run", "--agent", str(home))[0] == 0
    status, _, err = dream("restore", "cc-oncall.md", "--agent", str(home))
    assert status == 2 and "removed from the store by the agent itself" in err


def test_run_refuses_a_broken_dream_store_json_before_dagster_starts(
    tmp_path: Path, no_model: None
) -> None:
    home = tmp_path / "agents" / "ana"
    home.mkdir(parents=True)
    (home / "dream-store.json").write_text('{"kind": "claude-code", "path": "/nowhere/at/all"}')
    status, _, err = dream("run", "--agent", str(home))
    assert status == 2 and "dream-store.json: path: /nowhere/at/all is not a directory" in err
    assert not (tmp_path / "dagster_home").exists()


def test_the_lease_covers_the_store_a_held_agent_refuses_restore_and_run(
    tmp_path: Path, no_model: None
) -> None:
    from datetime import timedelta

    from dream_assets.core.clock import SystemClock
    from dream_assets.core.store.lease import acquire, release

    memory, home = connected_agent(tmp_path)
    assert dream("run", "--agent", str(home))[0] == 0
    before = tree_bytes(memory)
    acquire(
        home, owner="another run", run_id="r-other", clock=SystemClock(), ttl=timedelta(hours=1)
    )
    try:
        status, _, err = dream("restore", "cc-deploys_short.md", "--agent", str(home))
        assert status == 2 and "is being dreamed by run r-other" in err
        status, _, err = dream("run", "--agent", str(home))
        assert status == 2 and "r-other" in err
    finally:
        release(home, "r-other")
    assert tree_bytes(memory) == before


def _ambiguous(body: dict[str, Any]) -> str:
    return json.dumps(
        {"verdicts": [{"id": i, "verdict": "ambiguous"} for i in verification_sources(body)]}
    )


def test_review_approve_on_a_connected_agent_writes_the_merge_into_the_store(
    tmp_path: Path, no_model: None, scripted_llm: ScriptedLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory, home = connected_agent(tmp_path)

    def answer(body: dict[str, Any]) -> str:
        if "[cc-oncall.md]" not in str(body["messages"][1]["content"]):
            return json.dumps({"toDelete": [], "toSave": []})
        save = {
            "content": "The on-call rota changes on Mondays; Ana is a senior data engineer on "
            "the payments team and prefers terse answers.",
            "category": "claude-code/note",
            "sourceIds": ["cc-oncall.md", "cc-user_role.md"],
        }
        return json.dumps({"toDelete": [], "toSave": [save]})

    (home / "dream-options.json").write_text(json.dumps({"similarity_threshold": 0.01}))
    scripted_llm.respond_with(answer)
    scripted_llm.verifier = _ambiguous
    monkeypatch.setenv("DREAM_LLM_BASE_URL", scripted_llm.base_url)
    monkeypatch.setenv("DREAM_LLM_MODEL", "scripted")
    monkeypatch.setenv("DREAM_LLM_API_KEY", "x")
    status, _, err = dream("run", "--agent", str(home))
    assert status == 0, err
    assert (memory / "oncall.md").exists() and (memory / "user_role.md").exists()
    status, out, _ = dream("review", "list", "--agent", str(home), "--json")
    pending = [item for item in json.loads(out) if "cc-oncall.md" in item["source_ids"]]
    assert pending, out
    status, out, err = dream("review", "approve", pending[0]["id"], "--agent", str(home))
    assert status == 0, err
    assert "1 written" in out and "2 removed" in out
    assert not (memory / "oncall.md").exists() and not (memory / "user_role.md").exists()
    merged = [p for p in memory.glob("*.md") if b"rota changes on Mondays;" in p.read_bytes()]
    assert len(merged) == 1


def test_connect_with_agents_root_names_the_agent_for_the_project(tmp_path: Path) -> None:
    memory = write_claude_memory(tmp_path / "projects" / "-home-ana-src-app" / "memory")
    root = tmp_path / "agents"
    status, _, err = dream("connect", "claude-code", str(memory), "--agents-root", str(root))
    assert status == 0, err
    assert (root / "home-ana-src-app" / "dream-store.json").is_file()
    # A dream agent directory is not a Claude Code memory directory.
    status, _, err = dream(
        "connect", "claude-code", str(root / "home-ana-src-app"), "--agent", str(tmp_path / "x")
    )
    assert status == 2 and "dream agent directory" in err
