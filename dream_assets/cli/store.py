"""``dream connect``: point an agent directory at another product's memory store, and the
store's side of the commands that change memory between cycles (``restore``, ``undo``,
``review approve``): after they change the mirror, the store is brought in line with it under
the same lease (docs/stores.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from dream_assets.cli.common import CliError

# The forms of DESIGN's CLI contract; a kind not yet in the registry is refused with one line.
CONTRACT_KINDS = ("claude-code", "openclaw", "langgraph")
# The field of dream-store.json each file kind's TARGET fills.
TARGET_FIELD = {"claude-code": "path", "openclaw": "workspace"}


def _agent_home(args: argparse.Namespace, target: Path) -> Path:
    if args.agent:
        return Path(args.agent).expanduser().absolute()
    # With --agents-root the agent is named for the project the memory belongs to
    # (~/.claude/projects/<project>/memory -> <project>).
    name = target.parent.name if target.name == "memory" else target.name
    # A leading "-" (Claude Code's project names) or "." would make an awkward or hidden agent.
    return Path(args.agents_root).expanduser().absolute() / (name.lstrip(".-") or "agent")


def cmd_connect(args: argparse.Namespace) -> int:
    from dream_assets.core.store.connection import connect
    from dream_assets.core.store.kinds.boundary import StoreConfigError
    from dream_assets.core.store.kinds.registry import KINDS

    if args.kind not in KINDS:
        known = ", ".join(sorted(KINDS))
        raise CliError(f"kind {args.kind!r} is not available in this version (known: {known})")
    if args.kind == "langgraph":
        try:
            return _connect_langgraph(args)
        except StoreConfigError as exc:
            raise CliError(str(exc)) from exc
    if args.namespace or args.namespace_prefix or args.embed:
        raise CliError("--namespace, --namespace-prefix and --embed are for langgraph only")
    target = Path(args.target).expanduser().absolute()
    config: dict[str, Any] = {"kind": args.kind, TARGET_FIELD.get(args.kind, "path"): str(target)}
    home = _agent_home(args, target)
    try:
        store = connect(home, config)
    except StoreConfigError as exc:
        raise CliError(str(exc)) from exc
    read = store.read()
    print(
        f"connected {home} to {store.describe()}: {len(read.items)} items, "
        f"{len(read.unreadable)} unreadable (left alone)"
    )
    for item in read.unreadable[:20]:
        print(f"  unreadable: {item.ref}: {item.reason}")
    print(f"next: dream run --agent {home} --preview, then dream run --agent {home}")
    return 0


def _langgraph_config(args: argparse.Namespace) -> dict[str, Any]:
    """The DSN as dream-store.json holds it: ``env:NAME`` -> ``{"env": NAME}``."""
    dsn: Any = args.target
    if dsn.startswith("env:"):
        dsn = {"env": dsn[len("env:") :]}
    config: dict[str, Any] = {"kind": "langgraph", "dsn": dsn}
    if args.embed:
        config["embed"] = args.embed
    return config


def _connect_langgraph(args: argparse.Namespace) -> int:
    from dream_assets.core.store.connection import connect
    from dream_assets.core.store.kinds.langgraph_db import mask_dsn, parse_namespace
    from dream_assets.core.store.prefix_agents import agent_name, record, register_prefix

    config = _langgraph_config(args)
    if bool(args.namespace) == bool(args.namespace_prefix):
        raise CliError("langgraph needs one of --namespace LABELS or --namespace-prefix LABELS")
    if args.namespace_prefix:
        if not args.agents_root:
            raise CliError("--namespace-prefix registers one agent per namespace: --agents-root")
        root = Path(args.agents_root).expanduser().absolute()
        prefix = parse_namespace(args.namespace_prefix, "--namespace-prefix")
        connection = {**config, "namespace_prefix": list(prefix)}
        done = register_prefix(root, connection)
        record(root, connection)
        print(
            f"{mask_dsn(args.target)} prefix {'/'.join(prefix)}: {done.namespaces} namespaces, "
            f"{len(done.added)} agents added, {done.existing} already connected, "
            f"{len(done.skipped)} left alone (under {root})"
        )
        for name, why in done.skipped[:20]:
            print(f"  left alone: {name}: {mask_dsn(why)}")
        print(f"recorded in {root / 'dream-stores.json'}: the discovery sensor adds new ones")
        return 0
    namespace = parse_namespace(args.namespace, "--namespace")
    config["namespace"] = list(namespace)
    if args.agent:
        home = Path(args.agent).expanduser().absolute()
    else:
        home = Path(args.agents_root).expanduser().absolute() / agent_name(namespace, namespace[:1])
    store = connect(home, config)
    read = store.read()
    print(
        f"connected {home} to {store.describe()}: {len(read.items)} items, "
        f"{len(read.unreadable)} left alone (other value shapes)"
    )
    print(f"next: dream run --agent {home} --preview, then dream run --agent {home}")
    return 0


def sync_store(volume: Any, run_id: str, verb: str, *, echo: bool = True) -> dict[str, Any] | None:
    """After a command changed a connected agent's mirror: write it back, printing one line
    (``echo``); the writeback's counts, or None for a volume."""
    from dream_assets.core.clock import SystemClock
    from dream_assets.core.store.kinds.boundary import StoreConfigError
    from dream_assets.operations.store_sync import store_line, write_back_after

    try:
        report = write_back_after(volume, run_id, SystemClock().now())
    except StoreConfigError as exc:
        raise CliError(f"{verb}: the mirror changed but the store was not: {exc}") from exc
    if report is None:
        return None
    if echo:
        print(store_line(report, run_id))
        for refusal in report.refusals:
            print(f"  left in store: {refusal.target}: {refusal.detail}")
    if report.failures:
        raise CliError(f"{verb}: store writeback failed: {report.failures[0]}")
    return dict(report.counts)


def refuse_agent_removal(volume: Any, entry_id: str) -> None:
    """An entry archived ``removed in store`` was removed by the agent in its own store: the
    cycle kept no bytes of it, and putting it back is the agent's call, not the dream's."""
    from dream_assets.core.store.mirror import REMOVED_IN_STORE, STORE_REF

    try:
        entry = volume.get(entry_id)
    except (OSError, ValueError):
        return  # restore_entry reports it in its own words
    if entry is not None and entry.archive_reason == REMOVED_IN_STORE:
        raise CliError(
            f"{entry_id} was removed from the store by the agent itself "
            f"({entry.metadata.get(STORE_REF)}); the dream keeps its text in the mirror only"
        )


def add_connect_parser(sub: Any) -> None:
    connect = sub.add_parser(
        "connect",
        help="point an agent directory at another product's memory store",
        description="Validate TARGET and write dream-store.json in the agent directory "
        "(docs/stores.md).\nThe agent directory keeps the mirror, reports and store-archive/; "
        "the memory stays in the store.",
        epilog="examples:\n"
        "  dream connect claude-code ~/.claude/projects/P/memory --agent ~/dream/agents/app\n"
        "  dream connect openclaw ~/.openclaw/workspace --agent ~/dream/agents/claw\n"
        "  dream connect langgraph env:DREAM_LANGGRAPH_DSN --namespace memories,user-42 "
        "--agent ~/dream/agents/u42\n"
        "  dream connect langgraph env:DREAM_LANGGRAPH_DSN --namespace-prefix memories "
        "--agents-root ~/dream/agents\n"
        "  (--embed text-embedding-3-small: a vector-indexed namespace, embedded by the endpoint)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    connect.add_argument("kind", choices=CONTRACT_KINDS, help="the store's product")
    connect.add_argument(
        "target",
        help="claude-code: the memory directory; openclaw: the workspace; langgraph: the "
        "PostgreSQL DSN, or env:NAME to keep it in an environment variable",
    )
    connect.add_argument("--namespace", help="langgraph: the namespace, e.g. memories,user-42")
    connect.add_argument(
        "--namespace-prefix",
        help="langgraph, with --agents-root: one agent per namespace under it, e.g. memories",
    )
    connect.add_argument(
        "--embed",
        metavar="local|MODEL",
        help="langgraph, for a namespace with a vector index: 'local' (the offline model, extra "
        "semantic) or an embeddings model of the DREAM_LLM_BASE_URL endpoint; its dimension "
        "must be the index's, else the writeback waits",
    )
    where = connect.add_mutually_exclusive_group(required=True)
    where.add_argument("--agent", help="the agent directory (created when missing)")
    where.add_argument("--agents-root", help="DREAM_AGENTS_ROOT: the agent is named for TARGET")
    connect.set_defaults(func=cmd_connect)
