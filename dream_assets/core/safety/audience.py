"""Audiences: who may see an entry, and the rule that no pass ever mixes them.

docs/safety.md: "Each invocation belongs to one agent and one conversation audience"; "Public
memories with a private extension stay separate rather than making the public entry private";
private evidence is "not sent to public logs". An entry's audience is ``metadata.audience``:
absent (or blank) = private to the agent's owner; a conversation or group id; or ``public``.

So: one model call sees one audience; a merge whose sources span audiences is refused in code
whatever the model replied; a merged entry carries its sources' audience; and what leaves the
volume (run logs, Dagster metadata, decision tables, the safety report) names ids and counts,
never text that is not public, unless the operator opts in per agent (``log_memory_text``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from dream_assets.core.near_duplicates.cluster import cluster_id_for

AUDIENCE = "audience"
PUBLIC = "public"
# The key an absent audience is grouped under (private to the agent's owner).
OWNER = "owner"


def audience_of(metadata: Mapping[str, Any]) -> str:
    """The audience an entry (or a conversation line) belongs to; absent means the owner."""
    raw = metadata.get(AUDIENCE)
    value = str(raw).strip() if raw is not None else ""
    return value or OWNER


def entry_audience(entry: Any) -> str:
    return audience_of(entry.metadata)


def mixed_audiences(entries: Iterable[Any]) -> list[str]:
    """The distinct audiences of ``entries`` when there is more than one, else []."""
    seen = sorted({entry_audience(e) for e in entries})
    return seen if len(seen) > 1 else []


def audience_metadata(audience: str) -> dict[str, str]:
    """The metadata that records ``audience`` on a written entry (nothing for the owner)."""
    return {} if audience == OWNER else {AUDIENCE: audience}


def split_by_audience(member_ids: Sequence[str], audience: Mapping[str, str]) -> list[list[str]]:
    """A cluster as groups of one audience each, in member order (a post-filter on clusters)."""
    groups: dict[str, list[str]] = {}
    for member in member_ids:
        groups.setdefault(audience.get(member, OWNER), []).append(member)
    return list(groups.values())


def shareable_text(text: str, audience: str, *, log_memory_text: bool, limit: int = 160) -> str:
    """What a log line, metadata value or report may quote of a text of ``audience``.

    Public text is quoted; anything else only with the operator's per-agent opt-in, else a
    length and the audience (ids and counts only)."""
    if log_memory_text or audience == PUBLIC:
        return text[:limit]
    return f"<{len(text)} chars, audience {audience}: {WITHHELD}>"


# What ``shareable_text`` says in place of a text it does not quote.
WITHHELD = "text withheld"


def separate_audiences(clusters: Sequence[Any], entries: Sequence[Any]) -> list[Any]:
    """Clusters split wherever their members' audiences differ (a post-filter on the scan, so the
    clustering itself stays audience-blind); a group left with one member is no cluster."""
    audience = {e.id: entry_audience(e) for e in entries}
    out = []
    for cluster in clusters:
        groups = split_by_audience(cluster.member_ids, audience)
        if len(groups) == 1:
            out.append(cluster)
            continue
        for group in groups:
            if len(group) >= 2:
                members = tuple(sorted(group))
                out.append(replace(cluster, cluster_id=cluster_id_for(members), member_ids=members))
    return out


def records_by_audience(records: Iterable[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Conversation lines grouped by their ``audience`` field (absent: the owner), in log
    order: preference inference and gap detection ask the model once per audience."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        groups.setdefault(audience_of(record), []).append(dict(record))
    return groups
