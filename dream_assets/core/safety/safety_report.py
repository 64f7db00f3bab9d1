"""The per-run safety report (docs/safety.md): what the cycle read, proposed, refused and why,
redactions, model calls and tokens, the budget, failures. Bounded in size whatever the corpus.

Stored three ways: ``dream-reports/<run_id>.json`` on the volume, one row per run in the agent's
DuckDB (``run_reports``), and as markdown on the run's ``cycle_report`` materialization.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb

from dream_assets.core.clock import format_time
from dream_assets.core.store.atomic import atomic_write_text
from dream_assets.core.store.duckdb_store import connect, create_tables, load_sql, run_sql
from dream_assets.core.store.state_file import move_aside_for_directory

MAX_PROPOSED = 50
MAX_REFUSED = 50
MAX_FAILURES = 20
# The bounded lists show what changed knowledge first; housekeeping rows come last.
_HOUSEKEEPING = {"log_retention": 2, "importance_decay": 2, "telemetry_windows": 2}


def build_safety_report(
    *,
    run_id: str,
    agent: str,
    preview: bool,
    passes: Sequence[dict[str, Any]],
    now: datetime,
    run_failures: Sequence[str] = (),
) -> dict[str, Any]:
    """``run_failures`` names the steps or checks that failed the run (the report of a failed
    run is completed by the run-failure sensor, docs/safety.md: every run stores its report)."""
    read: dict[str, Any] = {}
    proposed: list[dict[str, str]] = []
    refused: list[dict[str, str]] = []
    failures: list[str] = []
    redactions: dict[str, int] = {}
    calls = prompt = completion = estimated = chars = 0
    budget: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    # Why the run was cancelled (core.safety.cancellation), from the first pass that stopped for it.
    cancelled: str | None = None
    totals = {"proposed": 0, "refused": 0, "failures": 0}
    # Unbounded tallies beside the bounded lists: "merged" -> 14, "refused: floor" -> 2, ...
    outcomes: dict[str, int] = {}
    ordered = sorted(passes, key=lambda p: _HOUSEKEEPING.get(str(p.get("pass")), 0))
    for item in ordered:
        name = str(item.get("pass"))
        counts = item.get("counts") or {}
        usage = item.get("usage") or {}
        read[name] = {
            "shown_to_model": int(counts.get("eligible", 0)) if item.get("model_calls") else 0,
            "chars_sent": int(usage.get("chars_sent", 0)),
            **{k: v for k, v in counts.items() if k in {"live", "eligible", "rows"}},
        }
        if item.get("skipped"):
            skipped[name] = str(item["skipped"])
        cancelled = cancelled or (str(item["cancelled"]) if item.get("cancelled") else None)
        for row in item.get("decisions") or []:
            totals["proposed"] += 1
            outcomes[row["action"]] = outcomes.get(row["action"], 0) + 1
            if len(proposed) < MAX_PROPOSED:
                proposed.append({"pass": name, "outcome": row["action"], **_short(row)})
        for row in item.get("refusals") or []:
            totals["refused"] += 1
            key = f"refused: {row['action']}"
            outcomes[key] = outcomes.get(key, 0) + 1
            if len(refused) < MAX_REFUSED:
                refused.append({"pass": name, "reason": row["action"], **_short(row)})
        for failure in item.get("failures") or []:
            totals["failures"] += 1
            if len(failures) < MAX_FAILURES:
                failures.append(f"{name}: {failure}")
        for kind, n in (usage.get("redactions") or {}).items():
            redactions[kind] = redactions.get(kind, 0) + int(n)
        calls += int(usage.get("calls", 0))
        prompt += int(usage.get("prompt_tokens", 0))
        completion += int(usage.get("completion_tokens", 0))
        estimated += int(usage.get("estimated_calls", 0))
        chars += int(usage.get("chars_sent", 0))
        if item.get("budget"):
            budget = dict(item["budget"])  # the latest pass's view holds the run's total
    for failure in run_failures:
        totals["failures"] += 1
        failures.insert(0, f"run failed: {failure}")
    stopped = [f"{n}: {why}" for n, why in skipped.items() if "budget" in why]
    return {
        "run_id": run_id,
        "agent": agent,
        "preview": preview,
        "outcome": "failed" if run_failures else "cancelled" if cancelled else "succeeded",
        "cancelled": cancelled,
        "created_at": format_time(now),
        "read": read,
        "proposed": proposed,
        "refused": refused,
        "redactions": redactions,
        "model": {
            "calls": calls,
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "estimated_calls": estimated,
            "chars_sent": chars,
        },
        "budget": {**budget, "stopped": bool(stopped), "why": stopped},
        "skipped": skipped,
        "failures": failures,
        "totals": totals,
        "outcomes": outcomes,
    }


def _short(row: dict[str, Any]) -> dict[str, str]:
    return {"target": str(row.get("target", ""))[:120], "detail": str(row.get("detail", ""))[:240]}


def summary_line(report: dict[str, Any], most: int = 4) -> str:
    """One line for the run's summary: the totals, with what the proposals were ("proposed 8"
    alone reads as eight merges when it is six windows built and two skipped steps)."""
    totals = report["totals"]
    kinds = sorted(
        ((k, v) for k, v in report.get("outcomes", {}).items() if not k.startswith("refused: ")),
        key=lambda kv: (-kv[1], kv[0]),
    )
    shown = ", ".join(f"{k} {v}" for k, v in kinds[:most]) + (", …" if len(kinds) > most else "")
    return (
        f"cycle_report: proposed {totals['proposed']}"
        + (f" ({shown})" if shown else "")
        + f", refused {totals['refused']}, failures {totals['failures']}, "
        f"model calls {report['model']['calls']}"
    )


def to_markdown(report: dict[str, Any]) -> str:
    model = report["model"]
    budget = report["budget"]
    lines = [
        f"### Safety report — agent `{report['agent']}`, run `{report['run_id'][:8]}`"
        + (" (preview: nothing written)" if report["preview"] else "")
        + (" — **run failed**" if report.get("outcome") == "failed" else "")
        + (f" — **{report['cancelled']}**" if report.get("cancelled") else ""),
        "",
        "| part | says |",
        "|---|---|",
        "| read | "
        + "; ".join(
            f"{name}: {', '.join(f'{k} {v}' for k, v in part.items())}"
            for name, part in report["read"].items()
        )
        + " |",
        f"| proposed | {report['totals']['proposed']} decision(s), "
        f"first {len(report['proposed'])} below |",
        f"| refused | {report['totals']['refused']} |",
        "| outcomes | "
        + ", ".join(f"{k} {v}" for k, v in sorted(report.get("outcomes", {}).items()))
        + " |",
        f"| redactions | {sum(report['redactions'].values())} {report['redactions'] or ''} |",
        f"| model | {model['calls']} call(s), {model['prompt_tokens']} prompt + "
        f"{model['completion_tokens']} completion tokens ({model['estimated_calls']} estimated), "
        f"{model['chars_sent']} chars sent |",
        f"| budget | {json.dumps({k: v for k, v in budget.items() if k != 'why'})}"
        + (f" — {'; '.join(budget['why'])}" if budget.get("why") else "")
        + " |",
        f"| failures | {report['totals']['failures']} |",
    ]
    for title, rows, key in (
        ("Proposed", report["proposed"], "outcome"),
        ("Refused", report["refused"], "reason"),
    ):
        if rows:
            lines += [
                "",
                f"**{title}**",
                "",
                f"| pass | {key} | target | detail |",
                "|---|---|---|---|",
            ]
            for row in rows:
                detail = row["detail"].replace("|", "\\|")
                lines.append(f"| {row['pass']} | {row[key]} | {row['target']} | {detail} |")
    if report["failures"]:
        lines += ["", "**Failures**", "", *(f"- {f}" for f in report["failures"])]
    return "\n".join(lines)


def report_dir(volume_root: Path) -> Path:
    return volume_root / "dream-reports"


def store_safety_report(volume_root: Path, db_path: Path, report: dict[str, Any]) -> Path:
    # A file standing at dream-reports/ is moved aside (never deleted), not failing every run.
    move_aside_for_directory(report_dir(volume_root))
    path = report_dir(volume_root) / f"{report['run_id']}.json"
    atomic_write_text(path, json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    try:
        _record_row(db_path, report)
    except (duckdb.Error, OSError) as exc:
        # The JSON file is the report; a DuckDB file that cannot take the row (the fault that
        # may have failed the run) must not lose it.
        report["storage_warning"] = f"run_reports row not written: {exc}"
        atomic_write_text(path, json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return path


def _record_row(db_path: Path, report: dict[str, Any]) -> None:
    sql = load_sql("run_reports")
    row = {
        "run_id": report["run_id"],
        "created_at": report["created_at"],
        "preview": report["preview"],
        "proposed": report["totals"]["proposed"],
        "refused": report["totals"]["refused"],
        "failures": report["totals"]["failures"],
        "model_calls": report["model"]["calls"],
        "tokens": report["model"]["prompt_tokens"] + report["model"]["completion_tokens"],
        "redactions": sum(report["redactions"].values()),
        "report": json.dumps(report),
    }
    with connect(db_path) as con:
        create_tables(con, sql["create"])
        run_sql(con, sql["record"], row)


def count_run_reports(db_path: Path) -> int:
    """Rows of the agent's ``run_reports`` table (0 before the first report)."""
    sql = load_sql("run_reports")
    with connect(db_path) as con:
        create_tables(con, sql["create"])
        row = run_sql(con, sql["count"]).fetchone()
    return int(row[0]) if row else 0


def load_safety_report(volume_root: Path, run_id: str | None) -> dict[str, Any] | None:
    """A run's report by id (or unique id prefix); the newest one when ``run_id`` is None."""
    directory = report_dir(volume_root)
    if not directory.is_dir():
        return None
    candidates = sorted(directory.glob("*.json"), key=lambda p: p.stat().st_mtime)
    if run_id is not None:
        candidates = [p for p in candidates if p.stem.startswith(run_id)]
        if len(candidates) > 1:
            raise ValueError(f"run id prefix {run_id!r} is ambiguous")
    if not candidates:
        return None
    return json.loads(candidates[-1].read_text(encoding="utf-8"))
