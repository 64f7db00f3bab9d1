"""Secret redaction before text leaves for a model, and the token budget (seed 002)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from dream_assets.core.clock import FixedClock
from dream_assets.core.safety.budget import BudgetExceeded, TokenBudget
from dream_assets.core.safety.redaction import redact
from dream_assets.llm import ChatModel, LLMOverBudget, LLMSettings
from dream_assets_tests.builders import NOW
from dream_assets_tests.scripted_llm import ScriptedLLM

SECRETS = {
    "openai-key": "key sk-proj-Ab3dEfGh1jKlMnOpQrStUv12345",
    "anthropic-key": "sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2",
    "github-token": "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
    "aws-access-key": "AKIAIOSFODNN7EXAMPLE",
    "slack-token": "xoxb-1234567890-abcdefghij",
    "google-api-key": "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q",
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
    "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "bearer-token": "Authorization: Bearer abcdef0123456789abcd",
    "url-password": "postgres://svc:hunter2pass@db.internal:5432/app",
    "secret-pair": "the password=Tr0ub4dor&3 for the router",
    "private-key": "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n"
    "-----END RSA PRIVATE KEY-----",
    "high-entropy": "token a8F3kL9mQ2xV7bN4pR6tY1wZ5cH0jD8sE3gK",
}


@pytest.mark.parametrize("kind", sorted(SECRETS))
def test_each_kind_of_secret_is_redacted(kind: str) -> None:
    result = redact(SECRETS[kind])
    assert result.kinds[kind] >= 1, result.text
    assert "REDACTED" in result.text


@pytest.mark.parametrize(
    "text",
    [
        "Caroline moved to Berlin in March 2021.",
        "Release v2.14.1 fixed CVE-2026-1234 on 2026-08-19.",
        "commit 3f7bc4067a3d9ef7aa12bb34cc56dd78ee90ff12 introduced the bug",
        "the internationalization-localization-pipeline works",
        "Meeting at 14:30 with the OAuth2 team at SAP.",
        "the token is stored in the vault",
        "The password is Required on every login; the secret is safe with Ana.",
    ],
)
def test_ordinary_text_is_not_redacted(text: str) -> None:
    assert redact(text).text == text


@pytest.mark.parametrize("text", ["my password is hunter2", "the api_key is sk9Xq2vLm"])
def test_secret_pair_after_is_still_redacted_when_it_looks_like_a_secret(text: str) -> None:
    assert redact(text).kinds["secret-pair"] == 1


def test_url_password_keeps_the_user_and_host() -> None:
    assert redact("https://bob:s3cretpw@example.org/x").text == (
        "https://bob:[REDACTED:url-password]@example.org/x"
    )


def test_secret_never_reaches_the_model(scripted_llm: ScriptedLLM) -> None:
    model = ChatModel(LLMSettings(base_url=scripted_llm.base_url, model="m", api_key="x"))
    model.complete(
        "system", "remember: " + SECRETS["openai-key"] + " and " + SECRETS["url-password"]
    )
    sent = str(scripted_llm.requests[-1])
    assert "sk-proj-Ab3d" not in sent and "hunter2pass" not in sent
    assert model.redactions["openai-key"] == 1 and model.redactions["url-password"] == 1


def _budget(
    tmp_path: Path,
    clock: FixedClock,
    run_id: str = "r1",
    run_cap: int = 1000,
    daily_cap: int = 5000,
) -> TokenBudget:
    return TokenBudget(
        tmp_path / "usage.jsonl", run_id, clock, run_cap=run_cap, daily_cap=daily_cap
    )


def test_call_admitted_only_if_prompt_plus_answer_room_fits_the_run_cap(tmp_path: Path) -> None:
    budget = _budget(tmp_path, FixedClock(NOW))
    budget.admit(400, 500)
    budget.record("p", 400, 300)
    with pytest.raises(BudgetExceeded, match="run token budget"):
        budget.admit(100, 250)
    budget.admit(100, 200)  # 700 + 300 = 1000 fits exactly


def test_rolling_daily_cap_spans_runs_and_forgets_after_24_hours(tmp_path: Path) -> None:
    clock = FixedClock(NOW)
    _budget(tmp_path, clock, run_id="r1").record("p", 3000, 1500)
    second = _budget(tmp_path, clock, run_id="r2", run_cap=0)
    with pytest.raises(BudgetExceeded, match="24-hour token budget"):
        second.admit(400, 200)
    clock.advance(timedelta(hours=24, minutes=1))
    second.admit(400, 200)


def test_call_over_budget_is_not_made(tmp_path: Path, scripted_llm: ScriptedLLM) -> None:
    clock = FixedClock(NOW)
    budget = _budget(tmp_path, clock, run_cap=100)
    model = ChatModel(
        LLMSettings(base_url=scripted_llm.base_url, model="m", api_key="x"), budget=budget
    )
    with pytest.raises(LLMOverBudget):
        model.complete("s", "u" * 400, max_tokens=50)
    assert scripted_llm.requests == []


def test_a_call_already_made_is_kept_and_recorded(
    tmp_path: Path, scripted_llm: ScriptedLLM
) -> None:
    clock = FixedClock(NOW)
    budget = _budget(tmp_path, clock, run_cap=10_000)
    model = ChatModel(
        LLMSettings(base_url=scripted_llm.base_url, model="m", api_key="x"), budget=budget
    )
    scripted_llm.reply('{"toSave": []}', prompt_tokens=120, completion_tokens=30)
    model.complete("s", "u", max_tokens=100, purpose="skill_gap")
    assert budget.used() == (150, 150)


def test_a_jwt_glued_after_a_hyphen_is_redacted_and_a_run_of_lookalikes_is_left() -> None:
    # The header is read at most 512 characters (a run of "eyJ-" was read again from each "eyJ":
    # time in the square of its length); a real token, even glued to a word, is still found.
    token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N"
    assert token not in redact(f"key: prefix-{token}").text
    lookalikes = "eyJ-" * 20_000
    assert redact(lookalikes).text == lookalikes
