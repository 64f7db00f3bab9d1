"""The operators' review page (``dream review serve``): a small Starlette app.

It lists every agent's open review items under DREAM_AGENTS_ROOT as cards (the same
``review_card`` model as ``dream review show``), takes approve / reject (``review_decisions.
decide``, the CLI's path: under the agent's lease, re-checking the sources' fingerprints) and
undoes an approval (``undo.undo_run`` of the run ``review:<id>``, under the lease).

It has no login of its own: in a deployment it sits behind Caddy at ``/review/`` with the
operators' credentials only (deploy/Caddyfile, docs/deploy.md), and listens on loopback or an
internal network. Because a browser sends basic-auth credentials with any request to the site,
a POST that a browser marks cross-site (``Sec-Fetch-Site``) or whose ``Origin`` is another host
is refused: another site cannot press the buttons for a logged-in operator.

A form body the page's own forms never send (a field missing, blank or given twice, bytes that
are not UTF-8, more than ``MAX_FORM_BYTES``) is answered ``400`` / ``413`` before anything is
read or written; a decision names its item by the whole id. A review-queue file that cannot be
read (not JSON, truncated, an item of the wrong shape) is named on the page and in the refusal,
and left as it is.

Memory text is in response bodies only. Outcome messages (which may quote words of the sources)
are kept server-side and the redirect carries an opaque token, so neither the access log nor the
proxy's sees them.
"""

from __future__ import annotations

import json
import re
import secrets
from collections import OrderedDict
from dataclasses import fields
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route

from dream_assets.core.clock import Clock, SystemClock, format_time
from dream_assets.core.memory.audit import UNDO_LOG
from dream_assets.core.options import DreamOptions
from dream_assets.core.safety.review_queue import QUEUE_FILE, ReviewItem, ReviewQueue
from dream_assets.core.safety.review_queue import QueueUnreadable as CoreQueueUnreadable
from dream_assets.core.store.jsonl import read_jsonl
from dream_assets.core.store.lease import LeaseHeld
from dream_assets.core.store.volume import AgentVolume, discover_agents
from dream_assets.operations.operator_lease import operator_lease
from dream_assets.operations.review_card import build_card
from dream_assets.operations.review_decisions import ReviewConflict, decide
from dream_assets.operations.undo import UndoError, undo_run
from dream_assets.review_page.html import AgentSection, page_html

ROOT_PATH = re.compile(r"(/[A-Za-z0-9._-]+)*")
# Outcome messages waiting to be shown once; the oldest go first past this many.
FLASH_KEEP = 200
# Form bodies are two or three short fields; anything larger is not this page's form.
MAX_FORM_BYTES = 16_384
REVIEW_RUN_PREFIX = "review:"
# Decisions shown per agent, newest first (the queue file keeps them all).
HISTORY_ROWS = 50


class PageError(ValueError):
    """A configuration the page cannot serve (one line)."""


class BadForm(ValueError):
    """A form body the page's forms never send: answered with ``status``, nothing read."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class QueueUnreadable(ReviewConflict):
    """The agent's review-queue file is not a queue: named, refused, left untouched."""


# An item's fields that are not text, and what they must be (the rest are text).
_ITEM_SHAPE: dict[str, type | tuple[type, ...]] = {
    "run_id": (str, type(None)),
    "decided_at": (str, type(None)),
    "source_ids": list,
    "tags": list,
    "source_fingerprints": dict,
    "verdicts": list,
    "tokens": dict,
}


def read_queue(volume: AgentVolume) -> list[ReviewItem]:
    """The agent's review items; ``QueueUnreadable`` (naming the file) unless the file is a queue
    whose every item has the shape the page and ``decide`` read."""
    try:
        items = ReviewQueue(volume.root).items()
        for item in items:
            for name in (f.name for f in fields(ReviewItem)):
                if not isinstance(getattr(item, name), _ITEM_SHAPE.get(name, str)):
                    raise ValueError(f"item {item.id!r}: {name} has the wrong type")
            if not all(isinstance(v, dict) for v in item.verdicts):
                raise ValueError(f"item {item.id!r}: verdicts has the wrong type")
    except (CoreQueueUnreadable, json.JSONDecodeError) as exc:  # the file named already
        raise QueueUnreadable(str(exc)) from exc
    except (OSError, ValueError, TypeError, AttributeError) as exc:
        raise QueueUnreadable(f"{volume.root / QUEUE_FILE}: cannot be read ({exc})") from exc
    return items


def _undone(volume: AgentVolume) -> dict[str, str]:
    """Approved items whose approval was undone: item id -> when."""
    undone: dict[str, str] = {}
    for record in read_jsonl(volume.audit_dir / UNDO_LOG).records:
        run = str(record.get("run_id", ""))
        if run.startswith(REVIEW_RUN_PREFIX):
            undone[run[len(REVIEW_RUN_PREFIX) :]] = str(record.get("undone_at", ""))
    return undone


class ReviewDesk:
    """The page's state: where the agents are, the clock, the deployment's options (read once by
    the command that serves the page), and the outcomes not yet shown."""

    def __init__(self, agents_root: Path, prefix: str, clock: Clock, options: DreamOptions) -> None:
        self.agents_root = agents_root
        self.prefix = prefix
        self.clock = clock
        self.options = options
        self.flashes: OrderedDict[str, tuple[bool, str]] = OrderedDict()

    def volume(self, agent: str) -> AgentVolume:
        # Only a directory the listing shows: a form cannot name a path of its own.
        if agent not in discover_agents(self.agents_root):
            raise ReviewConflict(f"no agent {agent!r} under the agents root")
        return AgentVolume(self.agents_root / agent)

    def sections(self) -> list[AgentSection]:
        now = self.clock.now()
        sections = []
        for agent in discover_agents(self.agents_root):
            volume = AgentVolume(self.agents_root / agent)
            section = AgentSection(agent)
            try:
                items = read_queue(volume)
                cards = [build_card(volume, item, now) for item in items]
                section.pending = [c for c in cards if c.status == "pending"]
                section.decided = sorted(
                    (c for c in cards if c.status != "pending"),
                    key=lambda c: c.decided_at or "",
                    reverse=True,
                )[:HISTORY_ROWS]
                section.undone = _undone(volume)
            except QueueUnreadable as exc:
                # One unreadable queue is named; the other agents still show.
                section.error = str(exc)
            except (OSError, ValueError, TypeError) as exc:
                section.error = f"{volume.root / QUEUE_FILE}: cannot be read ({exc})"
            sections.append(section)
        return sections

    def remember(self, ok: bool, message: str) -> str:
        token = secrets.token_urlsafe(12)
        self.flashes[token] = (ok, message)
        while len(self.flashes) > FLASH_KEEP:
            self.flashes.popitem(last=False)
        return token


def _desk(request: Request) -> ReviewDesk:
    desk: ReviewDesk = request.app.state.desk
    return desk


def _cross_site(request: Request) -> bool:
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return True
    origin = request.headers.get("origin")
    if not origin or origin == "null":
        return origin == "null"
    host = request.headers.get("x-forwarded-host") or request.headers.get("host", "")
    return urlsplit(origin).netloc != host.split(",")[0].strip()


async def _form(request: Request, *required: str) -> dict[str, str]:
    """The form's fields, each once; ``BadForm`` for a body the page's forms never send."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_FORM_BYTES:
        raise BadForm(413, "the form is too large")
    body = b""
    async for chunk in request.stream():  # never more than the limit in memory
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            raise BadForm(413, "the form is too large")
    try:
        parsed = parse_qs(body.decode("utf-8"), keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        raise BadForm(400, "the form is not UTF-8") from None
    twice = sorted(name for name, values in parsed.items() if len(values) > 1)
    missing = [name for name in required if not parsed.get(name, [""])[0]]
    if twice or missing:
        raise BadForm(
            400, f"field(s) {', '.join(twice or missing)} {'twice' if twice else 'missing'}"
        )
    return {name: values[0] for name, values in parsed.items()}


def _bad(exc: BadForm) -> Response:
    return PlainTextResponse(f"bad form: {exc}", status_code=exc.status)


def _back(desk: ReviewDesk, ok: bool, message: str, agent: str = "") -> Response:
    token = desk.remember(ok, message)
    anchor = f"#agent-{agent}" if agent and re.fullmatch(r"[A-Za-z0-9._-]+", agent) else ""
    return RedirectResponse(f"{desk.prefix}/?flash={token}{anchor}", status_code=303)


async def index(request: Request) -> Response:
    desk = _desk(request)
    flash = desk.flashes.pop(request.query_params.get("flash", ""), None)
    html = page_html(desk.prefix, desk.sections(), flash)
    # Memory text: never cached by the browser or a proxy on the way.
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


async def decide_item(request: Request) -> Response:
    desk = _desk(request)
    if _cross_site(request):
        return PlainTextResponse("cross-site request refused", status_code=403)
    try:
        form = await _form(request, "agent", "item", "action")
    except BadForm as exc:
        return _bad(exc)
    agent, item, action = form["agent"], form["item"], form["action"]
    try:
        volume = desk.volume(agent)
        # The whole id: the CLI's short prefixes are for typing, not for a form.
        if not any(queued.id == item for queued in read_queue(volume)):
            raise KeyError(f"no review item {item!r}")
        outcome = decide(
            volume,
            action,
            item,
            desk.clock.now(),
            owner=f"dream review page ({action})",
            options=desk.options,
            note=form.get("note", ""),
        )
    except (ReviewConflict, LeaseHeld) as exc:
        return _back(desk, False, f"{action} refused: {exc}", agent)
    except KeyError as exc:
        return _back(desk, False, f"{action} refused: {exc.args[0]}", agent)
    return _back(desk, True, outcome, agent)


async def undo_item(request: Request) -> Response:
    desk = _desk(request)
    if _cross_site(request):
        return PlainTextResponse("cross-site request refused", status_code=403)
    try:
        form = await _form(request, "agent", "run")
    except BadForm as exc:
        return _bad(exc)
    agent, run = form["agent"], form["run"]
    if not run.startswith(REVIEW_RUN_PREFIX):
        return _back(desk, False, f"undo refused: {run!r} is not a review decision", agent)
    try:
        volume = desk.volume(agent)
        with operator_lease(volume.root, "dream review page (undo)", desk.options):
            result = undo_run(volume, run, desk.clock.now())
    except (ReviewConflict, LeaseHeld, UndoError) as exc:
        return _back(desk, False, f"undo refused: {exc}", agent)
    if result.skipped:
        entry_id, reason = result.skipped[0]
        return _back(desk, False, f"undo of {run} left {entry_id} in place: {reason}", agent)
    done = ", ".join([*(f"restored {i}" for i in result.restored), *result.archived])
    when = format_time(desk.clock.now())
    return _back(desk, True, f"undid {run} at {when}: {done or 'nothing to undo'}", agent)


def review_app(
    agents_root: Path,
    *,
    root_path: str = "/review",
    clock: Clock | None = None,
    options: DreamOptions | None = None,
) -> Starlette:
    """The page for every agent under ``agents_root``, served under ``root_path``; ``options``
    are the deployment's (unset, the built-in defaults)."""
    prefix = root_path.rstrip("/")
    if not ROOT_PATH.fullmatch(prefix):
        raise PageError(f"--root-path {root_path!r}: expected a path like /review")
    if not Path(agents_root).is_dir():
        raise PageError(f"DREAM_AGENTS_ROOT={agents_root}: not a directory")
    routes = [
        Route("/", index, methods=["GET"]),
        Route("/decide", decide_item, methods=["POST"]),
        Route("/undo", undo_item, methods=["POST"]),
    ]
    app = Starlette(
        routes=[Mount(prefix, routes=routes)] if prefix else routes,
    )
    desk = ReviewDesk(Path(agents_root), prefix, clock or SystemClock(), options or DreamOptions())
    app.state.desk = desk
    app.state.prefix = prefix
    return app
