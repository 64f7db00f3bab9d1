"""Preview changes nothing on disk; the safety report says what happened, matching the disk."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import duckdb
import pytest

from dream_assets.cli import main
from dream_assets.core.models import MemoryEntry
from dream_assets.defs.resources import preview_root


def _tree_digest(root: Path) -> dict[str, str]:
    digests = {}
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            stat = path.stat()
            digests[str(path.relative_to(root))] = (
                hashlib.sha256(path.read_bytes()).hexdigest() + f":{stat.st_mtime_ns}"
            )
    return digests


def test_preview_leaves_the_volume_byte_identical(
    demo_agent: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    agent = demo_agent
    before = _tree_digest(agent)
    assert main(["run", "--agent", str(agent), "--json", "--preview"]) == 0
    outcome = json.loads(capsys.readouterr().out)[0]
    assert _tree_digest(agent) == before
    # ... while the passes did plan real work on the shadow copy:
    assert outcome["preview"] is True
    assert outcome["passes"]["consolidated_memory"]["merged"] >= 1
    assert outcome["passes"]["retained_logs"]["files_trimmed"] >= 1
    assert not (preview_root() / outcome["run_id"]).exists()


def test_safety_report_matches_what_happened_on_disk(
    demo_agent: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    agent = demo_agent
    assert main(["run", "--agent", str(agent), "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)[0]
    run_id = outcome["run_id"]

    stored = json.loads((agent / "dream-reports" / f"{run_id}.json").read_text())
    entries = [
        MemoryEntry.from_dict(json.loads(p.read_text()))
        for p in (agent / "memory" / "entries").glob("*.json")
    ]
    merged_now = [e for e in entries if e.metadata.get("merged_by_run") == run_id]
    archived_now = [e for e in entries if e.metadata.get("archived_by_run") == run_id]
    proposed = stored["proposed"]
    outcomes = stored["outcomes"]
    assert outcomes["merged"] == len(merged_now) > 0
    assert outcomes["archived (merged)"] == len(archived_now)
    purged = [
        json.loads(line)
        for line in (agent / "memory-audit" / "purged.jsonl").read_text().splitlines()
    ]
    assert outcomes["purged"] == len([s for s in purged if s["run_id"] == run_id]) > 0
    assert stored["totals"]["failures"] == 0
    # The bounded list shows knowledge changes before housekeeping rows.
    assert proposed[0]["pass"] != "log_retention"
    assert stored["model"]["calls"] == 0 and stored["budget"]["stopped"] is False
    assert len(proposed) <= 50 and len(stored["refused"]) <= 50

    with duckdb.connect(str(agent / "dream-telemetry.duckdb"), read_only=True) as con:
        row = con.execute("SELECT proposed, failures FROM run_reports WHERE run_id = ?", [run_id])
        assert row.fetchone() == (stored["totals"]["proposed"], 0)

    assert main(["report", "--agent", str(agent), "--run", run_id[:8]]) == 0
    text = capsys.readouterr().out
    assert "Safety report" in text and "| model | 0 call(s)" in text
    assert main(["report", "--agent", str(agent), "--run", "zzzz"]) == 2
    capsys.readouterr()
    monkeypatch.setenv("DREAM_AGENTS_ROOT", str(agent.parent))
    assert main(["report", "--run", run_id, "--json"]) == 0  # found among every agent
    assert json.loads(capsys.readouterr().out)["run_id"] == run_id


def test_a_preview_step_waits_for_the_runs_copy_only_so_long(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another step of the same preview run holds the copy lock (stuck, here): this step fails
    after the bound with the lock named, and the real volume is untouched."""
    import dream_assets.defs.resources as resources
    from dream_assets.core.store.atomic import file_lock

    agents = tmp_path / "agents"
    (agents / "ada" / "memories").mkdir(parents=True)
    resource = resources.DreamResource(agents_root=str(agents), preview=True)
    run_id = f"bounded-copy-{os.getpid()}-{tmp_path.name}"
    resource._run_id = run_id
    copy_lock = preview_root() / run_id / ".copy"
    copy_lock.parent.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(resources, "PREVIEW_COPY_LOCK_TIMEOUT_S", 0.2)
    try:
        refused = pytest.raises(TimeoutError, match="the preview copy of the volume is not made")
        with file_lock(copy_lock), refused:
            resource.volume("ada")
        assert not (preview_root() / run_id / "ada").exists()
        assert resource.volume("ada").root == preview_root() / run_id / "ada"
    finally:
        import shutil

        shutil.rmtree(preview_root() / run_id, ignore_errors=True)
