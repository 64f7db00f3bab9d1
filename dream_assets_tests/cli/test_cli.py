"""The CLI contract: check-merge (stdin and batch), clusters, and one-line errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dream_assets.cli import main
from dream_assets_tests.builders import entry, make_volume

CORPUS = Path(__file__).parents[1] / "data" / "coverage_corpus.jsonl"


def _stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_check_merge_reads_stdin_and_names_what_was_dropped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = [
        {
            "sources": [
                {"id": "a", "content": "Caroline moved to Berlin in 2021."},
                {"id": "b", "content": "Caroline joined SAP in Walldorf."},
            ],
            "merged": "Caroline moved to Berlin in 2021 and joined SAP.",
        },
        {
            "sources": [{"id": "a", "content": "Meet Priya on August 19, 2026."}],
            "merged": "Meet Priya on 2026-08-19.",
        },
    ]
    _stdin(monkeypatch, "\n".join(json.dumps(c) for c in cases) + "\n")
    assert main(["check-merge"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines == [{"ok": False, "missing": ["Walldorf"]}, {"ok": True, "missing": []}]


def test_check_merge_batch_echoes_case_ids(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-merge", "--batch", str(CORPUS)]) == 0
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    expected = [json.loads(line) for line in CORPUS.read_text().splitlines() if line.strip()]
    assert [r["case_id"] for r in results] == [c["case_id"] for c in expected]


def test_check_merge_with_a_malformed_vocabulary_warns_and_still_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    vocabulary = tmp_path / "merge-coverage-vocabulary.json"
    vocabulary.write_text("{not json")
    case = {"sources": [{"id": "a", "content": "Ping the SRE team."}], "merged": "Ping the team."}
    _stdin(monkeypatch, json.dumps(case) + "\n")
    assert main(["check-merge", "--vocabulary", str(vocabulary)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"ok": False, "missing": ["SRE"]}
    assert "warning" in captured.err and "merge-coverage-vocabulary.json" in captured.err


def test_check_merge_bad_line_is_one_line_error_naming_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, '{"sources": [], "merged": "x"}\n')
    assert main(["check-merge"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["dream check-merge: stdin:1: 'sources' must be a non-empty list"]


def test_clusters_lists_near_duplicates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    volume = make_volume(
        tmp_path / "a",
        [
            entry("m-1", "Caroline moved to Berlin in 2021."),
            entry("m-2", "In 2021 Caroline moved to Berlin."),
            entry("m-3", "Tea is served at four."),
        ],
    )
    assert main(["clusters", "--agent", str(volume.root), "--json"]) == 0
    (cluster,) = json.loads(capsys.readouterr().out)
    assert cluster["member_ids"] == ["m-1", "m-2"] and cluster["similarity"] == 1.0
    assert main(["clusters", "--agent", str(volume.root)]) == 0
    assert "1 cluster(s) over 3 live entries" in capsys.readouterr().out


def test_clusters_on_a_missing_agent_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["clusters", "--agent", str(tmp_path / "nope")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_restore_skill_brings_an_archived_skill_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dream_assets.core.models import Skill

    volume = make_volume(tmp_path / "a")
    volume.save_skill(Skill(name="mcp/email", summary="mail", content="Steps.\n"))
    volume.archive_skill("mcp/email")
    assert main(["restore", "mcp/email", "--skill", "--agent", str(volume.root)]) == 0
    assert [s.name for s in volume.scan_skills().skills] == ["mcp/email"]
    assert main(["restore", "mcp/email", "--skill", "--agent", str(volume.root)]) == 2
    assert "no archived skill" in capsys.readouterr().err
    assert main(["restore", "../x", "--skill", "--agent", str(volume.root)]) == 2


def test_agent_defaults_to_the_only_one_under_the_agents_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "agents"
    make_volume(root / "ada", [entry("m-1", "Tea at four.", archived_days=3)])
    monkeypatch.setenv("DREAM_AGENTS_ROOT", str(root))
    assert main(["restore", "m-1"]) == 0
    assert "restored m-1" in capsys.readouterr().out
    make_volume(root / "bob")
    assert main(["review", "list"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "give --agent DIR (2 agents under" in err[0]


@pytest.mark.parametrize("text", ["{ truncated", "[1, 2]", '{"items": [1]}'])
@pytest.mark.parametrize("command", [["list"], ["show", "rv-0000000"], ["approve", "rv-0000000"]])
def test_review_on_a_queue_that_is_not_one_is_a_one_line_error_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, command: list[str]
) -> None:
    """It was a traceback (its last line naming the file); the queue stays as it is."""
    volume = make_volume(tmp_path / "a")
    queue = volume.root / "review-queue.json"
    queue.write_text(text, encoding="utf-8")
    assert main(["review", *command, "--agent", str(volume.root)]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert f"{queue}: cannot be read" in line
    assert queue.read_text(encoding="utf-8") == text
