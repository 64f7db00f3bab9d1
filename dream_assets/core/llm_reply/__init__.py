"""The one place that parses model replies: extraction of the JSON object (``extract``) and
the reply contracts of every pass (``contracts``), including the merge verifier's verdicts."""

from dream_assets.core.llm_reply.contracts import (
    VERDICTS,
    MemoryReply,
    SaveItem,
    SkillReply,
    SkillSave,
    Verdict,
    WispNote,
    WispReply,
    parse_gap_reply,
    parse_memory_reply,
    parse_skill_reply,
    parse_verdicts,
    parse_wisp_reply,
)
from dream_assets.core.llm_reply.extract import ReplyError, extract_json_object

__all__ = [
    "VERDICTS",
    "MemoryReply",
    "ReplyError",
    "SaveItem",
    "SkillReply",
    "SkillSave",
    "Verdict",
    "WispNote",
    "WispReply",
    "extract_json_object",
    "parse_gap_reply",
    "parse_memory_reply",
    "parse_skill_reply",
    "parse_verdicts",
    "parse_wisp_reply",
]
