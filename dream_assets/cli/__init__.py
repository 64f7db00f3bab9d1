"""The ``dream`` command: the same Dagster definitions, in-process (README.md, "CLI").

Exit status: 0 on success; non-zero with a one-line reason on bad input or a failed blocking check.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from dream_assets.cli.common import AGENT_HELP, EMBEDDED_INSTANCE_YAML, JSON_HELP, CliError
from dream_assets.cli.cycle import cmd_run, run_cycle
from dream_assets.cli.inspection import cmd_check_merge, cmd_clusters, cmd_demo, cmd_report
from dream_assets.cli.operations import cmd_audit, cmd_restore, cmd_review, cmd_undo
from dream_assets.cli.store import add_connect_parser

__all__ = ["EMBEDDED_INSTANCE_YAML", "CliError", "build_parser", "main", "run_cycle"]


def build_parser() -> argparse.ArgumentParser:
    from dream_assets import __version__

    parser = argparse.ArgumentParser(
        prog="dream",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"dream {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser("demo", help="write a realistic demo agent volume")
    demo.add_argument(
        "dir",
        help="directory to write the demo agent into (must not exist); langgraph: the "
        "PostgreSQL DSN (or env:NAME)",
    )
    demo.add_argument(
        "--seed", type=int, default=7, help="random seed of the generated volume (default: 7)"
    )
    demo.add_argument(
        "--kind",
        choices=["volume", "claude-code", "openclaw", "langgraph"],
        default="volume",
        help="volume: a dream agent volume (default); claude-code: a Claude Code memory "
        "directory, openclaw: an OpenClaw workspace, langgraph: a namespace of a LangGraph "
        "PostgresStore (extra stores), to connect (docs/stores.md)",
    )
    demo.add_argument(
        "--namespace",
        default="memories,demo-user",
        help="langgraph: the namespace to write, which must hold no rows (default: "
        "memories,demo-user)",
    )
    demo.set_defaults(func=cmd_demo)

    run = sub.add_parser(
        "run",
        help="one full dream cycle in-process through Dagster",
        description="One full dream cycle per agent, in-process through Dagster (SQLite "
        "instance in DAGSTER_HOME, default ./.dagster_home). Each agent's summary is printed "
        "as soon as its cycle finishes; [i/n] progress goes to stderr.",
    )
    run.add_argument(
        "--agent", help="one agent directory (default: every agent in DREAM_AGENTS_ROOT)"
    )
    run.add_argument("--json", action="store_true", help="print every outcome as JSON at the end")
    run.add_argument(
        "--preview", action="store_true", help="plan and report every pass; change nothing"
    )
    loudness = run.add_mutually_exclusive_group()
    loudness.add_argument(
        "-q", "--quiet", action="store_true", help="one line per agent, no progress on stderr"
    )
    loudness.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="every count of every pass (zeros too) and Dagster's INFO log on stderr",
    )
    run.set_defaults(func=cmd_run)

    check = sub.add_parser(
        "check-merge", help="the merge coverage and meaning checks over JSON lines"
    )
    check.add_argument("--vocabulary", help="a merge-coverage-vocabulary.json file")
    check.add_argument("--batch", help="a JSONL file of cases (default: stdin)")
    check.set_defaults(func=cmd_check_merge)

    clusters = sub.add_parser("clusters", help="near-duplicate clusters of an agent's memory")
    clusters.add_argument("--agent", required=True, help="agent directory")
    clusters.add_argument("--json", action="store_true", help=JSON_HELP)
    clusters.set_defaults(func=cmd_clusters)

    restore = sub.add_parser("restore", help="put an archived memory entry (or skill) back")
    restore.add_argument("id", help="entry id, or skill name with --skill")
    restore.add_argument("--agent", help=AGENT_HELP)
    restore.add_argument("--skill", action="store_true", help="restore from skills-archive/")
    restore.set_defaults(func=cmd_restore)

    undo = sub.add_parser("undo", help="undo a run's merges and ephemeral archives")
    undo.add_argument("run_id", help="the run whose merges and archives to undo")
    undo.add_argument("--agent", help=AGENT_HELP)
    undo.add_argument("--json", action="store_true", help=JSON_HELP)
    undo.set_defaults(func=cmd_undo)

    audit = sub.add_parser("audit", help="run the memory audit once and print it")
    audit.add_argument("--agent", help=AGENT_HELP)
    audit.add_argument("--json", action="store_true", help=JSON_HELP)
    audit.add_argument(
        "--resume", action="store_true", help="remove the audit's consolidation pause file"
    )
    audit.set_defaults(func=cmd_audit)

    report = sub.add_parser("report", help="a run's safety report (default: the newest)")
    report.add_argument("--agent", help="one agent directory (default: all in DREAM_AGENTS_ROOT)")
    report.add_argument("--run", help="run id or a unique prefix of it")
    report.add_argument("--json", action="store_true", help=JSON_HELP)
    report.set_defaults(func=cmd_report)

    review = sub.add_parser(
        "review",
        help="the review queue: list, show, approve, reject, or serve the review page",
        description="The review queue (docs/safety.md). `serve` runs the operators' review page "
        "for every agent under DREAM_AGENTS_ROOT; put it behind the proxy (docs/deploy.md).",
    )
    review.add_argument(
        "action",
        choices=["list", "show", "approve", "reject", "serve"],
        help="list the pending items; show one item's card; approve or reject one; serve the page",
    )
    review.add_argument("id", nargs="?", help="review item id (or a unique prefix)")
    review.add_argument("--agent", help=AGENT_HELP)
    review.add_argument("--all", action="store_true", help="list decided items too")
    review.add_argument("--note", help="reason recorded with a rejection")
    review.add_argument("--content", help="approve with this merged text instead")
    review.add_argument("--json", action="store_true", help=JSON_HELP)
    review.add_argument("--host", default="127.0.0.1", help="serve: address (default 127.0.0.1)")
    review.add_argument("--port", type=int, default=8790, help="serve: port (default 8790)")
    review.add_argument(
        "--root-path", default="/review", help="serve: URL prefix of the page (default /review)"
    )
    review.set_defaults(func=cmd_review)

    add_connect_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except CliError as exc:
        print(f"dream {args.command}: {exc}", file=sys.stderr)
        return 2
