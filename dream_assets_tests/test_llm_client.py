"""The chat client against a real OpenAI-compatible server on loopback (DESIGN.md, "LLM")."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from dream_assets.core.llm_reply import extract_json_object, parse_memory_reply
from dream_assets.core.options import load_options
from dream_assets.embedders import embed
from dream_assets.llm import (
    ANSWER_ROOM,
    ChatModel,
    Completion,
    LLMBusy,
    LLMError,
    LLMSettings,
)

# Importing the fixture function registers the `scripted_llm` fixture in this module.
from dream_assets_tests.scripted_llm import ScriptedLLM, scripted_llm_fixture  # noqa: F401


def _settings(server: ScriptedLLM, timeout_s: float = 10.0) -> LLMSettings:
    return LLMSettings(
        base_url=server.base_url, model="scripted", api_key=None, timeout_s=timeout_s
    )


# -- settings ---------------------------------------------------------------------------------


def _from_env(env: dict[str, str]) -> LLMSettings:
    """The settings from ``DREAM_LLM_*`` alone, as a process without an agent reads them."""
    return LLMSettings.from_options(load_options(env))


def test_settings_read_from_environment() -> None:
    settings = _from_env(
        {
            "DREAM_LLM_BASE_URL": "http://127.0.0.1:8080/v1",
            "DREAM_LLM_MODEL": "qwen",
            "DREAM_LLM_TIMEOUT_S": "12.5",
        }
    )
    assert settings == LLMSettings("http://127.0.0.1:8080/v1", "qwen", None, 12.5)
    assert settings.configured


def test_api_key_falls_back_to_openai_api_key() -> None:
    settings = _from_env({"DREAM_LLM_MODEL": "gpt", "OPENAI_API_KEY": "sk-1"})
    assert settings.api_key == "sk-1"
    assert settings.configured


def test_no_model_means_not_configured() -> None:
    assert not _from_env({"DREAM_LLM_BASE_URL": "http://x/v1"}).configured
    assert not _from_env({"DREAM_LLM_MODEL": "  "}).configured


def test_bad_timeout_names_the_option() -> None:
    with pytest.raises(ValueError, match="DREAM_LLM_TIMEOUT_S"):
        _from_env({"DREAM_LLM_TIMEOUT_S": "soon"})
    with pytest.raises(ValueError, match="DREAM_LLM_TIMEOUT_S must be positive"):
        _from_env({"DREAM_LLM_TIMEOUT_S": "0"})


def test_unconfigured_model_refuses_to_call() -> None:
    model = ChatModel(LLMSettings(base_url=None, model=None, api_key=None))
    with pytest.raises(LLMError, match="no LLM configured"):
        model.complete("system", "user")


# -- chat completions -------------------------------------------------------------------------


def test_reply_and_reported_usage_are_recorded(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply('{"toDelete": ["m-1"]}', prompt_tokens=120, completion_tokens=9)
    model = ChatModel(_settings(scripted_llm))

    completion = model.complete("You consolidate memory.", "[m-1] Lives in Berlin.")

    assert completion == Completion('{"toDelete": ["m-1"]}', 120, 9, estimated=False)
    assert model.calls == [completion]
    assert (model.prompt_tokens, model.completion_tokens) == (120, 9)
    request = scripted_llm.requests[0]
    assert request["temperature"] == 0
    assert request["model"] == "scripted"
    assert request["messages"][0] == {"role": "system", "content": "You consolidate memory."}
    assert scripted_llm.prompts() == ["[m-1] Lives in Berlin."]


def test_missing_usage_is_estimated_from_characters(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply("x" * 40, usage=False)
    model = ChatModel(_settings(scripted_llm))

    completion = model.complete("s" * 8, "u" * 9)

    # chars/4, rounded up: (8 + 9 chars of prompt) -> 2 + 3, 40 chars of reply -> 10.
    assert completion == Completion("x" * 40, 5, 10, estimated=True)


def test_max_tokens_is_sent_on_every_call_from_the_answer_reservation(
    scripted_llm: ScriptedLLM,
) -> None:
    model = ChatModel(_settings(scripted_llm))
    model.complete("s", "u", max_tokens=256)
    model.complete("s", "u")
    assert scripted_llm.requests[0]["max_tokens"] == 256
    # No explicit cap: the room the token budget reserved for the answer (ANSWER_ROOM).
    assert scripted_llm.requests[1]["max_tokens"] == ANSWER_ROOM


def test_empty_queue_serves_the_default_reply(scripted_llm: ScriptedLLM) -> None:
    model = ChatModel(_settings(scripted_llm))
    completion = model.complete("s", "u")
    assert parse_memory_reply(extract_json_object(completion.text)).to_save == ()
    assert scripted_llm.defaults_served == 1


def test_dynamic_reply_is_computed_from_the_request(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.respond_with(lambda body: body["messages"][1]["content"].upper())
    model = ChatModel(_settings(scripted_llm))
    assert model.complete("s", "echo me").text == "ECHO ME"
    assert scripted_llm.defaults_served == 0


def test_http_error_becomes_llm_error(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.fail(500, "model crashed")
    model = ChatModel(_settings(scripted_llm))
    with pytest.raises(LLMError, match=r"HTTP 500 .*model crashed"):
        model.complete("s", "u")
    assert model.calls == []
    assert len(scripted_llm.requests) == 1  # no silent retries unless asked for


def test_a_transient_error_is_retried_after_its_retry_after(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.fail(503, "overloaded", retry_after_s=1)
    scripted_llm.reply('{"toDelete": [], "toSave": []}')
    settings = LLMSettings.from_options(
        load_options({"DREAM_LLM_BASE_URL": scripted_llm.base_url, "DREAM_LLM_MODEL": "scripted"})
    )
    assert settings.max_retries == 2  # the default: one 429/503 must not lose the pass
    model = ChatModel(settings, max_retries=settings.max_retries)
    started = time.monotonic()
    completion = model.complete("s", "u")
    assert completion.text == '{"toDelete": [], "toSave": []}'
    assert len(scripted_llm.requests) == 2
    assert time.monotonic() - started >= 0.95  # waited as the server's Retry-After asked


def test_retries_are_bounded(scripted_llm: ScriptedLLM) -> None:
    for _ in range(3):
        scripted_llm.fail(503, "still overloaded", retry_after_s=0.1)
    model = ChatModel(_settings(scripted_llm), max_retries=2)
    with pytest.raises(LLMError, match="HTTP 503"):
        model.complete("s", "u")
    assert len(scripted_llm.requests) == 3


def test_timeout_becomes_llm_error(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.stall(5.0)
    model = ChatModel(_settings(scripted_llm, timeout_s=0.3))
    started = time.monotonic()
    with pytest.raises(LLMError, match="timeout"):
        model.complete("s", "u")
    assert time.monotonic() - started < 3.0


def test_unreachable_server_becomes_connection_error() -> None:
    with ScriptedLLM() as server:
        settings = _settings(server, timeout_s=2.0)
    model = ChatModel(settings)
    with pytest.raises(LLMError, match="connection error"):
        model.complete("s", "u")


def test_empty_reply_becomes_llm_error(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply("   ")
    model = ChatModel(_settings(scripted_llm))
    with pytest.raises(LLMError, match="empty reply"):
        model.complete("s", "u")


# -- the busy marker (seed 000, "Scheduling") -------------------------------------------------


@pytest.fixture
def busy_marker(tmp_path: Path) -> Path:
    """A user turn in progress: the busy marker is present."""
    marker = tmp_path / "llm-busy"
    marker.touch()
    return marker


def test_waits_while_busy_marker_present_then_calls(
    scripted_llm: ScriptedLLM, busy_marker: Path
) -> None:
    slept: list[float] = []

    def user_turn_ends_after_two_polls(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) == 2:
            busy_marker.unlink()

    model = ChatModel(
        _settings(scripted_llm), busy_marker=busy_marker, sleep=user_turn_ends_after_two_polls
    )
    model.complete("s", "u")

    assert slept == [5.0, 5.0]
    assert model.waited_s == 10.0
    assert len(scripted_llm.requests) == 1


def test_busy_marker_never_cleared_raises_without_calling(
    scripted_llm: ScriptedLLM, busy_marker: Path
) -> None:
    slept: list[float] = []
    model = ChatModel(
        _settings(scripted_llm),
        busy_marker=busy_marker,
        poll_s=5.0,
        max_wait_s=30.0,
        sleep=slept.append,
    )

    with pytest.raises(LLMBusy, match="still present after waiting 30s"):
        model.complete("s", "u")

    assert slept == [5.0] * 6
    assert scripted_llm.requests == []


def test_absent_busy_marker_does_not_wait(scripted_llm: ScriptedLLM, tmp_path: Path) -> None:
    slept: list[float] = []
    model = ChatModel(
        _settings(scripted_llm), busy_marker=tmp_path / "llm-busy", sleep=slept.append
    )
    model.complete("s", "u")
    assert slept == []


# -- embeddings -------------------------------------------------------------------------------


def test_embeddings_are_returned_in_input_order_across_batches(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.embedding_fn = lambda text: [float(len(text)), 1.0]
    vectors = embed(_settings(scripted_llm), ["a", "bbb", "cc"], "embedder", batch_size=2)
    assert vectors == [[1.0, 1.0], [3.0, 1.0], [2.0, 1.0]]
    assert [request["input"] for request in scripted_llm.requests] == [["a", "bbb"], ["cc"]]


def test_server_without_embeddings_becomes_llm_error(scripted_llm: ScriptedLLM) -> None:
    with pytest.raises(LLMError, match="HTTP 404"):
        embed(_settings(scripted_llm), ["a"], "embedder")
