"""The reply contracts: the JSON shapes each pass answers with, validated into typed values.

One malformed item does not sink a whole reply: it is dropped and described in ``invalid``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from dream_assets.core.llm_reply.extract import ReplyError

# ---------------------------------------------------------------------------------------------
# Contract shapes


@dataclass(frozen=True)
class SaveItem:
    """One memory the model asks to save (memory consolidation / preference inference).

    ``category`` is empty when the model gave none; the pass decides what to use instead.
    Temporal fields are not part of the contract: the host computes them from ``source_ids``.
    """

    content: str
    category: str
    tags: tuple[str, ...]
    source_ids: tuple[str, ...]
    # Optional ``eventStatus``: a lifecycle status the model proposes for the event its sources
    # describe; never applied by a pass, it goes to review (docs/safety.md).
    event_status: str = ""


@dataclass(frozen=True)
class MemoryReply:
    to_delete: tuple[str, ...]
    to_save: tuple[SaveItem, ...]
    invalid: tuple[str, ...] = ()


@dataclass(frozen=True)
class SkillSave:
    """One skill the model asks to save (consolidation, optimization or gap detection)."""

    name: str
    summary: str
    content: str
    source_names: tuple[str, ...]
    see_also: tuple[str, ...]


@dataclass(frozen=True)
class SkillReply:
    to_delete: tuple[str, ...]
    to_save: tuple[SkillSave, ...]
    invalid: tuple[str, ...] = ()


# Cleans one string from a list in the reply; ``None`` means the string is unusable.
_Cleaner = Callable[[str], str | None]


class _InvalidItem(Exception):
    """One item of a reply is malformed; it is dropped, not the reply."""


_Item = TypeVar("_Item")


def _saves(
    reply: Mapping[str, object],
    make: Callable[[object, str, list[str]], _Item],
    sources_key: str,
    invalid: list[str],
) -> tuple[list[_Item], set[str]]:
    """The valid ``toSave`` items, and the sources named by the dropped ones (kept, not deleted)."""
    saves: list[_Item] = []
    kept_sources: set[str] = set()
    for index, item in enumerate(_object_list(reply, "toSave")):
        where = f"toSave[{index}]"
        try:
            saves.append(make(item, where, invalid))
        except _InvalidItem as problem:
            invalid.append(f"{where} dropped: {problem}")
            kept_sources.update(_readable_ids(item, sources_key))
    return saves, kept_sources


def parse_memory_reply(obj: object) -> MemoryReply:
    """Validate a memory consolidation / preference inference reply."""
    to_delete, saves, invalid = _deletes_and_saves(obj, _id_list, _save_item, "sourceIds")
    return MemoryReply(to_delete, tuple(saves), invalid)


def parse_skill_reply(obj: object) -> SkillReply:
    """Validate a skill consolidation / optimization reply."""
    to_delete, saves, invalid = _deletes_and_saves(obj, _name_list, _skill_save, "sourceNames")
    return SkillReply(to_delete, tuple(saves), invalid)


def _deletes_and_saves(
    obj: object,
    names: Callable[[Mapping[str, object], str, list[str]], tuple[str, ...]],
    parse_save: Callable[[object, str, list[str]], _Item],
    sources_key: str,
) -> tuple[tuple[str, ...], list[_Item], tuple[str, ...]]:
    """The ``toDelete`` / ``toSave`` contract shared by memory and skill replies."""
    reply = _top_level(obj, ("toDelete", "toSave"))
    invalid: list[str] = []
    to_delete = names(reply, "toDelete", invalid)
    saves, kept_sources = _saves(reply, parse_save, sources_key, invalid)
    return _keep_sources_of_dropped(to_delete, kept_sources, invalid), saves, tuple(invalid)


def parse_gap_reply(obj: object) -> tuple[SkillSave, ...]:
    """Validate a skill gap detection reply: only new skills, nothing is deleted.

    Use ``parse_skill_reply(obj).invalid`` for the descriptions of dropped items.
    """
    reply = _top_level(obj, ("toSave",))
    invalid: list[str] = []
    saves: list[SkillSave] = []
    for index, item in enumerate(_object_list(reply, "toSave")):
        try:
            saves.append(_skill_save(item, f"toSave[{index}]", invalid))
        except _InvalidItem:
            continue
    return tuple(saves)


@dataclass(frozen=True)
class WispNote:
    skill: str
    pattern: str | None  # the pattern key the note is about, when the model named one
    note: str


@dataclass(frozen=True)
class WispReply:
    annotations: tuple[WispNote, ...]
    invalid: tuple[str, ...] = ()


def parse_wisp_reply(obj: object) -> WispReply:
    """Validate a wisp failure analysis reply's shape:
    ``{"annotations": [{"skill", "pattern"?, "note"}], "promotions": [...]}``.

    Which skills (safe names only) and patterns a note may land on is the pass's rule, not the
    reply's shape.
    """
    reply = _top_level(obj, ("annotations", "promotions"))
    invalid: list[str] = []
    notes: list[WispNote] = []
    for index, item in enumerate(_object_list(reply, "annotations")):
        where = f"annotations[{index}]"
        if not isinstance(item, dict):
            invalid.append(f"{where} dropped: not an object")
            continue
        note, skill, pattern = item.get("note"), item.get("skill"), item.get("pattern")
        if not isinstance(note, str) or not note.strip():
            invalid.append(f"{where} dropped: note missing")
            continue
        if not isinstance(skill, str) or not skill.strip():
            invalid.append(f"{where} dropped: skill missing")
            continue
        key = pattern.strip("[] ") if isinstance(pattern, str) else None
        notes.append(WispNote(skill.strip(), key or None, " ".join(note.split())))
    return WispReply(tuple(notes), tuple(invalid))


def _top_level(obj: object, keys: tuple[str, ...]) -> Mapping[str, object]:
    if not isinstance(obj, dict):
        raise ReplyError(f"reply must be a JSON object, got {_kind(obj)}")
    if obj and not any(key in obj for key in keys):
        # An object with none of the contract's keys (an inner item, an invented shape) is not
        # "nothing to do"; treating it so would stamp the pass done on a misread reply.
        raise ReplyError(
            f"reply has none of {list(keys)}; got keys {sorted(str(key) for key in obj)[:10]}"
        )
    return obj


def _object_list(reply: Mapping[str, object], key: str) -> list[object]:
    value = reply.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ReplyError(f"{key} must be a list, got {_kind(value)}")
    return value


def _id_list(reply: Mapping[str, object], key: str, invalid: list[str]) -> tuple[str, ...]:
    return _strings(_object_list(reply, key), key, invalid, _clean_id)


def _name_list(reply: Mapping[str, object], key: str, invalid: list[str]) -> tuple[str, ...]:
    return _strings(_object_list(reply, key), key, invalid, _clean_name)


def _strings(
    values: list[object], where: str, invalid: list[str], clean: _Cleaner
) -> tuple[str, ...]:
    kept: list[str] = []
    for index, value in enumerate(values):
        cleaned = clean(value) if isinstance(value, str) else None
        if cleaned is None:
            invalid.append(f"{where}[{index}] dropped: not a usable string ({_kind(value)})")
        elif cleaned not in kept:
            kept.append(cleaned)
    return tuple(kept)


def _clean_id(value: str) -> str | None:
    """An entry id, as the model copied it from the prompt.

    Prompts show each entry on a line starting with ``[<id>]``, so models sometimes copy the
    brackets along; the id itself never contains them.
    """
    text = value.strip()
    if len(text) >= 2 and text.startswith("[") and text.endswith("]"):
        text = text[1:-1].strip()
    return text or None


def _clean_name(value: str) -> str | None:
    """A skill name (may hold '/'), refused when it could escape the skills directory."""
    text = value.strip()
    if not text or text.startswith("/") or "\\" in text:
        return None
    if any(ord(char) < 32 for char in text):
        return None
    if any(segment in ("", ".", "..") for segment in text.split("/")):
        return None
    return text


def _save_item(item: object, where: str, invalid: list[str]) -> SaveItem:
    fields = _item_fields(item)
    content = _required_text(fields, "content")
    category = fields.get("category")
    if category is None:
        category = ""
    if not isinstance(category, str):
        raise _InvalidItem(f"category is {_kind(category)}, not a string")
    return SaveItem(
        content=content,
        category=category.strip(),
        tags=_item_strings(fields, "tags", where, invalid, _clean_tag),
        source_ids=_item_strings(fields, "sourceIds", where, invalid, _clean_id),
        event_status=_event_status(fields),
    )


def _event_status(fields: Mapping[str, object]) -> str:
    value = fields.get("eventStatus")
    return value.strip().lower() if isinstance(value, str) else ""


def _skill_save(item: object, where: str, invalid: list[str]) -> SkillSave:
    fields = _item_fields(item)
    raw_name = _required_text(fields, "name")
    name = _clean_name(raw_name)
    if name is None:
        raise _InvalidItem(f"name {raw_name!r} is not a safe skill name")
    return SkillSave(
        name=name,
        summary=_required_text(fields, "summary"),
        content=_required_text(fields, "content"),
        source_names=_item_strings(fields, "sourceNames", where, invalid, _clean_name),
        see_also=_item_strings(fields, "seeAlso", where, invalid, _clean_name),
    )


def _item_fields(item: object) -> Mapping[str, object]:
    if not isinstance(item, dict):
        raise _InvalidItem(f"item is {_kind(item)}, not an object")
    return item


def _required_text(fields: Mapping[str, object], key: str) -> str:
    value = fields.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _InvalidItem(f"{key} missing or not a non-empty string ({_kind(value)})")
    return value.strip()


def _item_strings(
    fields: Mapping[str, object], key: str, where: str, invalid: list[str], clean: _Cleaner
) -> tuple[str, ...]:
    value = fields.get(key)
    if value is None:
        return ()
    if not isinstance(value, list):
        raise _InvalidItem(f"{key} is {_kind(value)}, not a list")
    return _strings(value, f"{where}.{key}", invalid, clean)


def _clean_tag(value: str) -> str | None:
    return value.strip() or None


def _readable_ids(item: object, key: str) -> list[str]:
    """The string ids a dropped item named as its sources, as far as they can be read."""
    if not isinstance(item, dict):
        return []
    value = item.get(key)
    if not isinstance(value, list):
        return []
    return [cleaned for raw in value if isinstance(raw, str) and (cleaned := _clean_id(raw))]


def _keep_sources_of_dropped(
    to_delete: tuple[str, ...], kept_sources: set[str], invalid: list[str]
) -> tuple[str, ...]:
    """Withdraw deletes of the sources of a dropped save.

    Deleting them would lose their facts: the merged item meant to carry them was dropped.
    """
    kept: list[str] = []
    for target in to_delete:
        if target in kept_sources:
            invalid.append(f"toDelete {target!r} withdrawn: the toSave item naming it was dropped")
        else:
            kept.append(target)
    return tuple(kept)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


# -- merge verification ------------------------------------------------------------------------

# What the verifier may say of one source. Only "supported" lets a merge through; "ambiguous"
# sends it to an operator; every other verdict names the kind of loss and rejects it.
VERDICTS = (
    "supported",
    "negation",
    "quantity",
    "attribution",
    "detail",
    "status",
    "dropped",
    "ambiguous",
)


@dataclass(frozen=True)
class Verdict:
    id: str
    verdict: str
    note: str = ""


def parse_verdicts(obj: object, source_ids: Sequence[str]) -> tuple[Verdict, ...]:
    """One verdict per source, in source order: ``{"verdicts": [{"id", "verdict", "note"}]}``.

    Tolerant as the other contracts, and never in the merge's favour: an unknown verdict word
    is "ambiguous", a source the verifier did not judge is "ambiguous" (an operator decides),
    an id that is not a source is ignored. A reply with no verdict list at all is unusable.
    """
    reply = _top_level(obj, ("verdicts",))
    if "verdicts" not in reply:
        raise ReplyError("reply has no verdicts")
    judged: dict[str, Verdict] = {}
    for item in _object_list(reply, "verdicts"):
        if not isinstance(item, dict):
            continue
        entry_id = item.get("id")
        if not isinstance(entry_id, str):
            continue
        entry_id = entry_id.strip().strip("[]").strip()
        if entry_id not in source_ids or entry_id in judged:
            continue
        word = item.get("verdict")
        word = word.strip().lower() if isinstance(word, str) else ""
        note = item.get("note")
        note = " ".join(note.split()) if isinstance(note, str) else ""
        if word not in VERDICTS:
            note = f"unrecognised verdict {word!r}; {note}".strip("; ")
            word = "ambiguous"
        judged[entry_id] = Verdict(entry_id, word, note)
    return tuple(
        judged.get(source_id, Verdict(source_id, "ambiguous", "the verifier gave no verdict"))
        for source_id in source_ids
    )
