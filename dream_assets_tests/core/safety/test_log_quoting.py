"""One helper decides what a log line may quote of memory text, and one guard on every project
logger keeps a log call from quoting it directly (issue 25, item 4; seed 003: private evidence is
"not sent to public logs")."""

from __future__ import annotations

import ast
import importlib
import json
import logging
import pkgutil
from datetime import timedelta
from pathlib import Path

import pytest

import dream_assets
from dream_assets.core.clock import format_time
from dream_assets.core.options import DreamOptions
from dream_assets.core.safety.log_quoting import (
    GUARD,
    counts_only,
    project_logger,
    quote_entry,
)
from dream_assets.core.safety.review_queue import (
    REVIEW_TOMBSTONE_LOG,
    ReviewQueue,
    make_item,
)
from dream_assets.passes.archive_purge import run_archive_purge
from dream_assets_tests.builders import NOW, entry, make_volume

PACKAGE = Path(dream_assets.__file__).parent
LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical", "log"}


def _record(logger: logging.Logger, caplog: pytest.LogCaptureFixture, *args: object) -> str:
    caplog.clear()
    with caplog.at_level(logging.INFO, logger=logger.name):
        logger.info("archived %s: %s", *args)
    return caplog.records[-1].getMessage()


def test_the_guard_withholds_memory_text_not_quoted_through_the_rule(
    caplog: pytest.LogCaptureFixture,
) -> None:
    logger = project_logger("dream_assets.test_guard")
    private = entry("m-1", "Ilse keeps the saffron tin behind the kumquat jar.")
    public = entry("m-2", "The museum opens at nine.", metadata={"audience": "public"})

    assert "saffron" not in _record(logger, caplog, "m-1", private.content)
    assert "saffron" not in _record(logger, caplog, "m-1", private)
    assert "saffron" not in _record(logger, caplog, "m-1", [private.content])
    quoted = _record(logger, caplog, "m-1", quote_entry(private, log_memory_text=False))
    assert "saffron" not in quoted and "audience owner: text withheld" in quoted
    assert "museum" in _record(logger, caplog, "m-2", quote_entry(public, log_memory_text=False))
    # The operator's opt-in (``log_memory_text``) is the rule's, so the guard lets it through.
    assert "saffron" in _record(logger, caplog, "m-1", quote_entry(private, log_memory_text=True))
    # Ids, numbers and lines of counts pass unchanged.
    assert _record(logger, caplog, "m-1", 3) == "archived m-1: 3"
    assert _record(logger, caplog, "x", counts_only("merged 2, rejected 0")).endswith("rejected 0")


def _import_every_module() -> None:
    for module in pkgutil.walk_packages([str(PACKAGE)], prefix="dream_assets."):
        if not module.name.endswith("__main__"):  # running it is the CLI
            importlib.import_module(module.name)


def test_every_project_logger_carries_the_guard() -> None:
    _import_every_module()
    loggers = {
        name: logger
        for name, logger in logging.Logger.manager.loggerDict.items()
        if isinstance(logger, logging.Logger)
        and name.split(".")[0] in ("dream_assets", "dream")
        # The namespace roots are the operator's (Dagster's managed_python_loggers configures
        # "dream_assets"); records of the modules' loggers pass their filters before reaching
        # the roots' handlers.
        and name not in ("dream_assets", "dream")
        and not name.startswith("dream_assets.test")
    }
    assert "dream_assets.consolidation" in loggers
    unguarded = sorted(name for name, logger in loggers.items() if GUARD not in logger.filters)
    assert unguarded == []


def _log_calls_with_built_messages(tree: ast.AST) -> list[int]:
    """Lines where a project logger is called with a message built before the call (an f-string,
    ``+`` or ``.format``): the guard could not tell its values from the format."""
    loggers = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and getattr(node.value.func, "id", "") == "project_logger"
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    bad = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in LOG_METHODS
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in loggers
            and node.args
            and not (isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))
        ):
            bad.append(node.lineno)
    return bad


def test_every_module_gets_its_logger_from_project_logger_with_literal_messages() -> None:
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        where = path.relative_to(PACKAGE.parent)
        if "logging.getLogger(" in source and path.name != "log_quoting.py":
            problems.append(f"{where}: logging.getLogger instead of project_logger")
        for line in _log_calls_with_built_messages(ast.parse(source)):
            problems.append(f"{where}:{line}: log message built before the call")
    assert problems == []


def test_review_items_older_than_the_archive_retention_are_purged_with_tombstones(
    tmp_path: Path,
) -> None:
    volume = make_volume(tmp_path / "ada")
    options = DreamOptions()
    retention = timedelta(days=options.memory_archive_retention_days)
    queue = ReviewQueue(volume.root)
    sources = [entry("m-1", "Ilse keeps the saffron tin."), entry("m-2", "Saffron: Ilse's tin.")]
    old = make_item(
        kind="merge",
        reason="pinned",
        sources=sources,
        now=NOW - retention - timedelta(days=1),
        run_id="r-old",
        content="Ilse keeps the saffron tin.",
    )
    decided_recently = make_item(
        kind="archive", reason="pinned", sources=sources[:1], now=NOW - 2 * retention, run_id="r"
    )
    fresh = make_item(
        kind="merge", reason="pinned", sources=sources, now=NOW, run_id="r-new", content="new"
    )
    for item in (old, decided_recently, fresh):
        queue.add(item)
    queue.decide(decided_recently.id, "rejected", NOW - timedelta(days=3))

    report = run_archive_purge(volume, options, NOW, run_id="r-purge")

    assert report.counts["review_items_purged"] == 1
    assert {i.id for i in queue.items()} == {decided_recently.id, fresh.id}
    stones = (volume.audit_dir / REVIEW_TOMBSTONE_LOG).read_text().splitlines()
    assert [json.loads(s)["review_item"] for s in stones] == [old.id]
    assert json.loads(stones[0])["purged_at"] == format_time(NOW)
    assert "saffron" not in stones[0].lower(), "a tombstone keeps a hash, not the text"
