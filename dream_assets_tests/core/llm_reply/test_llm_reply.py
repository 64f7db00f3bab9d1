"""Reading model replies: seed 000, "LLM response format"."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dream_assets.core.llm_reply import (
    MemoryReply,
    ReplyError,
    SaveItem,
    SkillReply,
    SkillSave,
    extract_json_object,
    parse_gap_reply,
    parse_memory_reply,
    parse_skill_reply,
)

ANSWER = {"toDelete": ["m-1"], "toSave": [{"content": "Lives in Berlin {since 2021}"}]}
ANSWER_TEXT = json.dumps(ANSWER)


# -- extraction -------------------------------------------------------------------------------


def test_bare_object_is_extracted() -> None:
    assert extract_json_object(ANSWER_TEXT) == ANSWER


def test_think_block_is_skipped_even_when_it_drafts_json() -> None:
    reply = '<think>Draft: {"toDelete": ["m-9"]} no, keep m-9.</think>\n' + ANSWER_TEXT
    assert extract_json_object(reply) == ANSWER


def test_thinking_tag_variant_is_skipped() -> None:
    reply = '<Thinking>{"toDelete": ["m-9"]}</Thinking>' + ANSWER_TEXT
    assert extract_json_object(reply) == ANSWER


def test_reasoning_before_orphan_closing_tag_is_dropped() -> None:
    # The chat template emitted "<think>" in the prompt, so only the closing tag is in the reply.
    reply = 'Maybe {"toDelete": ["m-9"]}?\nNo.\n</think>\n' + ANSWER_TEXT
    assert extract_json_object(reply) == ANSWER


def test_unterminated_leading_think_is_not_an_answer() -> None:
    reply = '<think>First I will delete {"toDelete": ["m-1"], "toSave": []} and then'
    with pytest.raises(ReplyError, match="no JSON object"):
        extract_json_object(reply)


def test_prose_before_and_after_is_ignored() -> None:
    reply = f"Here is the result:\n{ANSWER_TEXT}\nLet me know if you need more."
    assert extract_json_object(reply) == ANSWER


def test_json_code_fence_is_tolerated() -> None:
    reply = f"Sure.\n```json\n{json.dumps(ANSWER, indent=2)}\n```\n"
    assert extract_json_object(reply) == ANSWER


def test_braces_and_escaped_quotes_inside_strings_do_not_end_the_object() -> None:
    answer = {"toSave": [{"content": 'He wrote "}" then \\"{" and left', "tags": ["a}b"]}]}
    assert extract_json_object("ok: " + json.dumps(answer) + " done") == answer


def test_think_tag_inside_answer_string_is_kept() -> None:
    answer = {"toSave": [{"content": "The model wraps reasoning in <think> tags"}]}
    assert extract_json_object(json.dumps(answer)) == answer


def test_braced_prose_before_the_object_is_skipped() -> None:
    reply = "I return {toDelete, toSave} as asked: " + ANSWER_TEXT
    assert extract_json_object(reply) == ANSWER


def test_objects_inside_a_top_level_array_are_not_outermost() -> None:
    with pytest.raises(ReplyError, match="no JSON object"):
        extract_json_object('[{"content": "x", "category": "c"}]')


def test_bracketed_prose_before_the_object_is_skipped() -> None:
    assert extract_json_object("See [1] and [the note] below.\n" + ANSWER_TEXT) == ANSWER


def test_inner_object_of_an_unparseable_outer_object_is_not_returned() -> None:
    reply = '{toDelete: ["m-1"], "toSave": [{"content": "x"}]}'
    with pytest.raises(ReplyError, match="no JSON object"):
        extract_json_object(reply)


def test_truncated_object_raises() -> None:
    reply = '{"toDelete": [], "toSave": [{"content": "a"}, {"content": "b'
    with pytest.raises(ReplyError, match="unclosed JSON object"):
        extract_json_object(reply)


def test_reply_without_object_raises_with_snippet() -> None:
    with pytest.raises(ReplyError, match="I could not find any duplicates"):
        extract_json_object("I could not find any duplicates.")


def test_raw_newline_inside_string_is_accepted() -> None:
    reply = '{"toSave": [{"content": "line one\nline two"}]}'
    assert extract_json_object(reply) == {"toSave": [{"content": "line one\nline two"}]}


def test_trailing_commas_are_tolerated() -> None:
    reply = '{"toDelete": ["m-1", "m-2",], "toSave": [],}'
    assert extract_json_object(reply) == {"toDelete": ["m-1", "m-2"], "toSave": []}


def test_trailing_comma_repair_leaves_strings_alone() -> None:
    reply = '{"toSave": [{"content": "a, ]", "tags": ["x",]}]}'
    assert extract_json_object(reply) == {"toSave": [{"content": "a, ]", "tags": ["x"]}]}


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(
    answer=st.dictionaries(st.text(max_size=10), _json_values, max_size=5),
    preamble=st.text(alphabet=st.characters(blacklist_characters="{[<"), max_size=40),
    reasoning=st.text(max_size=40).filter(lambda text: "</think>" not in text.lower()),
    trailer=st.text(max_size=40),
)
def test_any_object_survives_reasoning_prose_and_trailer(
    answer: dict[str, object], preamble: str, reasoning: str, trailer: str
) -> None:
    reply = f"<think>{reasoning}</think>{preamble}{json.dumps(answer)}{trailer}"
    assert extract_json_object(reply) == answer


# -- memory consolidation / preference inference ----------------------------------------------


def test_memory_reply_reads_the_seed_contract() -> None:
    reply = parse_memory_reply(
        {
            "toDelete": ["id1", "id2"],
            "toSave": [
                {
                    "content": "Works in UTC+1.",
                    "category": "user-preferences/timezone",
                    "tags": ["timezone"],
                    "sourceIds": ["id1", "id2"],
                }
            ],
        }
    )
    assert reply == MemoryReply(
        to_delete=("id1", "id2"),
        to_save=(
            SaveItem(
                content="Works in UTC+1.",
                category="user-preferences/timezone",
                tags=("timezone",),
                source_ids=("id1", "id2"),
            ),
        ),
        invalid=(),
    )


def test_missing_optional_lists_are_empty() -> None:
    reply = parse_memory_reply({"toSave": [{"content": "Prefers tea."}]})
    assert reply.to_delete == ()
    assert reply.to_save == (SaveItem("Prefers tea.", "", (), ()),)


def test_empty_object_means_nothing_to_do() -> None:
    assert parse_memory_reply({}) == MemoryReply((), (), ())


def test_non_object_reply_raises() -> None:
    with pytest.raises(ReplyError, match="must be a JSON object, got list"):
        parse_memory_reply([{"content": "x"}])


def test_wrong_typed_list_raises() -> None:
    with pytest.raises(ReplyError, match="toDelete must be a list, got string"):
        parse_memory_reply({"toDelete": "m-1", "toSave": []})


def test_invented_shape_raises() -> None:
    with pytest.raises(ReplyError, match="none of"):
        parse_memory_reply({"merges": [{"from": ["m-1"], "into": "m-2"}]})


def test_non_string_id_is_dropped_and_recorded() -> None:
    reply = parse_memory_reply({"toDelete": ["m-1", 7, None], "toSave": []})
    assert reply.to_delete == ("m-1",)
    assert reply.invalid == (
        "toDelete[1] dropped: not a usable string (number)",
        "toDelete[2] dropped: not a usable string (null)",
    )


def test_bracketed_id_copied_from_the_prompt_is_unwrapped() -> None:
    reply = parse_memory_reply({"toDelete": ["[m-1]", " m-2 ", "m-1"]})
    assert reply.to_delete == ("m-1", "m-2")


def test_save_without_content_is_dropped_and_its_sources_are_not_deleted() -> None:
    reply = parse_memory_reply(
        {
            "toDelete": ["m-1", "m-2", "m-3"],
            "toSave": [
                {"content": "", "category": "people", "sourceIds": ["m-1", "m-2"]},
                {"content": "Kept.", "category": "people", "sourceIds": ["m-3"]},
            ],
        }
    )
    assert reply.to_delete == ("m-3",)
    assert [item.content for item in reply.to_save] == ["Kept."]
    assert reply.invalid[0].startswith("toSave[0] dropped: content missing")
    assert "toDelete 'm-1' withdrawn" in reply.invalid[1]


def test_non_string_source_id_is_dropped_from_its_item() -> None:
    reply = parse_memory_reply({"toSave": [{"content": "x", "sourceIds": ["m-1", 2]}]})
    assert reply.to_save[0].source_ids == ("m-1",)
    assert reply.invalid == ("toSave[0].sourceIds[1] dropped: not a usable string (number)",)


# -- skills -----------------------------------------------------------------------------------


def test_skill_reply_reads_the_seed_contract() -> None:
    reply = parse_skill_reply(
        {
            "toDelete": ["skill-name-1"],
            "toSave": [
                {
                    "name": "mcp/guide",
                    "summary": "Choose between MCP email, calendar, and weather tools",
                    "content": "Use email for ...",
                    "sourceNames": ["skill-name-1"],
                    "seeAlso": ["mcp/email", "mcp/calendar"],
                }
            ],
        }
    )
    assert reply.to_delete == ("skill-name-1",)
    assert reply.to_save == (
        SkillSave(
            name="mcp/guide",
            summary="Choose between MCP email, calendar, and weather tools",
            content="Use email for ...",
            source_names=("skill-name-1",),
            see_also=("mcp/email", "mcp/calendar"),
        ),
    )
    assert reply.invalid == ()


def test_skill_name_escaping_the_skills_directory_is_dropped() -> None:
    reply = parse_skill_reply(
        {
            "toDelete": ["old", "../../etc"],
            "toSave": [
                {"name": "../escape", "summary": "s", "content": "c", "sourceNames": ["old"]},
                {"name": "/abs", "summary": "s", "content": "c"},
            ],
        }
    )
    assert reply.to_save == ()
    assert reply.to_delete == ()
    assert len(reply.invalid) == 4


@pytest.mark.parametrize(
    ("parse", "item", "reason"),
    [
        pytest.param(
            parse_memory_reply,
            {"content": "x", "tags": "t"},
            "toSave[0] dropped: tags is string, not a list",
            id="memory-non-list-tags",
        ),
        pytest.param(
            parse_skill_reply,
            {"name": "a", "content": "c"},
            "toSave[0] dropped: summary missing or not a non-empty string (null)",
            id="skill-without-summary",
        ),
    ],
)
def test_a_save_breaking_its_contract_is_dropped_with_the_reason(
    parse: Callable[[object], MemoryReply | SkillReply], item: dict[str, object], reason: str
) -> None:
    reply = parse({"toSave": [item]})
    assert reply.to_save == ()
    assert reply.invalid == (reason,)


def test_gap_reply_keeps_only_complete_saves() -> None:
    saves = parse_gap_reply(
        {
            "toSave": [
                {
                    "name": "summarize-emails",
                    "summary": "Summarize an inbox digest into key action items",
                    "content": "1. Read ...",
                },
                {"name": "half-done", "summary": "no content"},
                "not an object",
            ]
        }
    )
    assert saves == (
        SkillSave(
            name="summarize-emails",
            summary="Summarize an inbox digest into key action items",
            content="1. Read ...",
            source_names=(),
            see_also=(),
        ),
    )


def test_gap_reply_with_invented_shape_raises() -> None:
    with pytest.raises(ReplyError, match=r"none of \['toSave'\]"):
        parse_gap_reply({"skills": [{"name": "x"}]})
