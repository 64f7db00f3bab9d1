"""A log line is one line: a store's key or file name holding a newline (or another control,
format or line-breaking character) is written escaped wherever a pass's report reaches a log, the
report's markdown or the terminal, so no value can end a line and forge the next
(docs/safety.md, "What reaches a log")."""

from __future__ import annotations

import logging
from pathlib import Path

import dagster as dg
import pytest

from dream_assets.core.report import PassReport
from dream_assets.core.safety.log_quoting import Shareable, one_line, project_logger
from dream_assets_tests.claude_code_dirs import connect_agent, write_claude_memory
from dream_assets_tests.cycles import cycle

FORGED = "ERROR dream_assets - every memory was deleted"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("plain words, é and ü", "plain words, é and ü"),
        ("a\nb", "a\\nb"),
        ("a\r\nb", "a\\r\\nb"),
        ("a\x85b\u2028c\u2029d", "a\\x85b\\u2028c\\u2029d"),
        ("bidi \u202eevil", "bidi \\u202eevil"),
        ("tab\there", "tab\\there"),
        ("no-break\xa0space", "no-break\xa0space"),  # a space of any width is shown as it is
    ],
)
def test_one_line_escapes_what_could_end_a_line(text: str, shown: str) -> None:
    assert one_line(text) == shown
    assert len(one_line(text).splitlines()) == 1


def test_a_report_markdown_keeps_each_row_on_one_line() -> None:
    report = PassReport("store_snapshot")
    report.refuse("unreadable", f"a\n{FORGED}.md", "empty")
    report.warnings.append(f"claude-code item a\n{FORGED}.md left alone: empty")
    report.failures.append(f"could not write x\r{FORGED}")
    lines = report.markdown().splitlines()
    assert not any(line.startswith(FORGED) for line in lines)
    assert sum("\\n" in line or "\\r" in line for line in lines) == 3


def test_a_file_name_with_a_newline_cannot_forge_a_line_of_the_run_log(tmp_path: Path) -> None:
    memory = write_claude_memory(tmp_path / "memory")
    # An unreadable topic file (no body, description or name) whose name holds a newline: the
    # snapshot names it in a warning.
    (memory / f"x\n{FORGED}.md").write_text("---\n---\n", encoding="utf-8")
    agents = tmp_path / "agents"
    connect_agent(agents / "ana", memory)
    with dg.instance_for_test() as instance:
        result = cycle(agents, "ana", instance)
        assert result.success
        messages = [
            record.user_message
            for record in instance.all_logs(result.run_id)
            if record.user_message and FORGED in record.user_message
        ]
    assert messages, "the snapshot names the unreadable file"
    for message in messages:
        assert "\n" not in message and "x\\n" + FORGED in message


def test_a_guarded_logger_writes_its_arguments_on_one_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    log = project_logger("dream_assets.test_one_line")
    with caplog.at_level(logging.INFO, logger="dream_assets.test_one_line"):
        log.info("kept %s and %s", "key\u202eevil", Shareable(f"public\n{FORGED}"))
    assert caplog.messages == [f"kept key\\u202eevil and public\\n{FORGED}"]
