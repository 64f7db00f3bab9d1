"""The review page's HTML: server-rendered, no script, no build step.

Every piece of text that comes from a volume (memory text, categories, reasons, verifier notes,
error messages quoting words) goes through ``_e`` (``html.escape``, quotes included): a memory
that reads ``<script>`` is shown as those characters, never run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from dream_assets.operations.review_card import DiffSpan, ReviewCard, SourceView

STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5rem auto; max-width: 1280px;
       color: #1c2430; background: #f6f7f9; }
h1 { font-size: 1.4rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ccd; }
.flash { padding: .6rem .9rem; border-radius: 6px; margin: 1rem 0; }
.flash.ok { background: #e3f6e8; border: 1px solid #7c9; }
.flash.refused { background: #fde8e8; border: 1px solid #d88; }
.card { background: #fff; border: 1px solid #d5d9e0; border-radius: 8px; padding: 1rem;
        margin: 1rem 0; }
.card h3 { margin: 0 0 .3rem; font-size: 1.05rem; }
.meta { color: #5a6472; margin: .2rem 0; }
.columns { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.source { border-left: 3px solid #8aa; padding-left: .6rem; margin: .5rem 0; }
.source.changed { border-left-color: #d55; }
pre { white-space: pre-wrap; background: #f3f4f7; padding: .5rem; border-radius: 4px;
      margin: .3rem 0; font: 13px/1.4 ui-monospace, monospace; }
.diff { background: #f3f4f7; padding: .5rem; border-radius: 4px; }
.diff del { background: #fbd3d3; text-decoration: line-through; }
.diff ins { background: #cdf0d4; text-decoration: none; }
.blocked { color: #a11; font-weight: 600; }
table { border-collapse: collapse; width: 100%; background: #fff; }
td, th { border: 1px solid #d5d9e0; padding: .3rem .5rem; text-align: left; vertical-align: top; }
form.inline { display: inline; }
button { padding: .35rem .9rem; border-radius: 5px; border: 1px solid #889; cursor: pointer; }
button.approve { background: #2f7d4a; color: #fff; border-color: #2f7d4a; }
button.reject { background: #fff; color: #a11; border-color: #a11; }
button:disabled { background: #ccc; color: #666; border-color: #bbb; cursor: not-allowed; }
"""


@dataclass
class AgentSection:
    name: str
    pending: list[ReviewCard] = field(default_factory=list)
    decided: list[ReviewCard] = field(default_factory=list)
    undone: dict[str, str] = field(default_factory=dict)  # item id -> when its approval was undone
    error: str | None = None


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _span(span: DiffSpan) -> str:
    return span.marked(
        lambda words: f"<del>{_e(words)}</del>",
        lambda words: f"<ins>{_e(words)}</ins>",
        same=_e,
        between=" ",
    )


def _source(source: SourceView) -> str:
    changed = "" if source.state.startswith("unchanged") else " changed"
    details = (
        f"category {_e(source.category)} · audience {_e(source.audience)} · created "
        f"{_e(source.created_at)} · updated {_e(source.updated_at)} · last seen "
        f"{_e(source.last_seen_at)}"
        + (f" · <strong>{_e(source.protection)}</strong>" if source.protection else "")
    )
    body = f'<p class="meta">{details}</p><pre>{_e(source.content)}</pre>' if source.content else ""
    return (
        f'<div class="source{changed}" data-source="{_e(source.id)}"><strong>{_e(source.id)}'
        f'</strong> — <span class="state">{_e(source.state)}</span>{body}</div>'
    )


def _verdicts(card: ReviewCard) -> str:
    if not card.verdicts:
        return '<p class="meta">Verifier: no verdicts (not model-verified).</p>'
    rows = "".join(
        f"<tr><td>{_e(v.get('id', ''))}</td><td>{_e(v.get('verdict', ''))}</td>"
        f"<td>{_e(v.get('note', ''))}</td></tr>"
        for v in card.verdicts
    )
    return f"<table><tr><th>source</th><th>verdict</th><th>note</th></tr>{rows}</table>"


def _tokens(card: ReviewCard) -> str:
    if not card.tokens:
        return "Tokens: none (no model call)."
    t = card.tokens
    return (
        f"Tokens: {t.get('prompt', 0)} prompt + {t.get('completion', 0)} completion in "
        f"{t.get('calls', 0)} call(s) of its pass up to this proposal."
    )


def _decision_forms(prefix: str, card: ReviewCard) -> str:
    hidden = (
        f'<input type="hidden" name="agent" value="{_e(card.agent)}">'
        f'<input type="hidden" name="item" value="{_e(card.id)}">'
    )
    disabled = "" if card.approvable else " disabled"
    blocked = (
        f'<p class="blocked">Cannot be approved: {_e(card.blocked)}</p>' if card.blocked else ""
    )
    return (
        f"{blocked}"
        f'<form class="inline" method="post" action="{prefix}/decide">{hidden}'
        f'<input type="hidden" name="action" value="approve">'
        f'<button class="approve" type="submit"{disabled}>Approve</button></form> '
        f'<form class="inline" method="post" action="{prefix}/decide">{hidden}'
        f'<input type="hidden" name="action" value="reject">'
        f'<input type="text" name="note" placeholder="why (optional)" size="30"> '
        f'<button class="reject" type="submit">Reject</button></form>'
    )


def card_html(prefix: str, card: ReviewCard) -> str:
    sources = "".join(map(_source, card.sources)) or '<p class="meta">(no source entries)</p>'
    after = _e(card.after) if card.after else "(nothing: the sources are archived)"
    diff = "".join(
        f'<p data-diff="{_e(d.source)}"><strong>{_e(d.source)}</strong> → proposed: '
        f"{' '.join(map(_span, d.spans))}</p>"
        for d in card.diffs
    )
    words = ""
    if card.dropped_words:
        words += f"<p>Words dropped: {_e(', '.join(card.dropped_words))}</p>"
    if card.added_words:
        words += f"<p>Words added: {_e(', '.join(card.added_words))}</p>"
    notes = "".join(f"<li>{_e(f)}</li>" for f in card.findings) + "".join(
        f'<li class="hint">{_e(h)}</li>' for h in card.hints
    )
    return f"""
<section class="card" id="card-{_e(card.agent)}-{_e(card.id)}" data-item="{_e(card.id)}">
  <h3>{_e(card.id)} · {_e(card.kind)} · {_e(card.status)}</h3>
  <p class="meta">Why in review: <strong>{_e(card.reason)}</strong> · queued {_e(card.created_at)}
  ({card.age_days:g} days) by run {_e(card.run_id or "-")}</p>
  <div class="columns">
    <div class="before"><h4>Before</h4>{sources}</div>
    <div class="after"><h4>After{" · " + _e(card.category) if card.category else ""}</h4>
      <pre>{after}</pre></div>
  </div>
  <h4>Diff</h4><div class="diff">{diff or "(no text change)"}</div>{words}
  <h4>Checks and verifier</h4><ul>{notes}</ul>{_verdicts(card)}
  <p class="meta">{_e(_tokens(card))}</p>
  {_decision_forms(prefix, card) if card.status == "pending" else ""}
</section>"""


def _history(prefix: str, section: AgentSection) -> str:
    if not section.decided:
        return '<p class="meta">No decisions yet.</p>'
    rows = []
    for card in section.decided:
        undo = ""
        if card.id in section.undone:
            undo = f"undone {_e(section.undone[card.id])}"
        elif card.status == "approved":
            undo = (
                f'<form class="inline" method="post" action="{prefix}/undo">'
                f'<input type="hidden" name="agent" value="{_e(card.agent)}">'
                f'<input type="hidden" name="run" value="review:{_e(card.id)}">'
                f'<button type="submit">Undo</button></form>'
            )
        rows.append(
            f'<tr data-item="{_e(card.id)}"><td>{_e(card.id)}</td><td>{_e(card.kind)}</td>'
            f"<td>{_e(card.status)}</td><td>{_e(card.decided_at or '')}</td>"
            f"<td>{_e(card.note)}</td><td>{_e(card.reason)}</td><td>{undo}</td></tr>"
        )
    return (
        "<table><tr><th>item</th><th>kind</th><th>decision</th><th>when</th><th>note</th>"
        f"<th>why it was in review</th><th>undo</th></tr>{''.join(rows)}</table>"
    )


def page_html(prefix: str, sections: Sequence[AgentSection], flash: tuple[bool, str] | None) -> str:
    parts = []
    if flash is not None:
        ok, message = flash
        parts.append(f'<div class="flash {"ok" if ok else "refused"}">{_e(message)}</div>')
    total = sum(len(s.pending) for s in sections)
    # A fleet's agents that never had an item would bury the ones that do.
    shown = [s for s in sections if s.pending or s.decided or s.error]
    quiet = len(sections) - len(shown)
    parts.append(
        f'<p class="meta">{total} open item(s) across {len(sections)} agent(s); '
        f"{quiet} agent(s) with nothing to review are not listed.</p>"
    )
    for section in shown:
        parts.append(f'<h2 id="agent-{_e(section.name)}">Agent {_e(section.name)}</h2>')
        if section.error:
            parts.append(f'<p class="blocked">{_e(section.error)}</p>')
            continue
        if not section.pending:
            parts.append('<p class="meta">Nothing waits for review.</p>')
        parts.extend(card_html(prefix, card) for card in section.pending)
        parts.append(f"<h3>Decisions</h3>{_history(prefix, section)}")
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        "<title>dream_assets · review</title>"
        f"<style>{STYLE}</style></head><body><h1>Review queue</h1>{''.join(parts)}</body></html>"
    )
