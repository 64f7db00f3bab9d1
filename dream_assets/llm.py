"""The model the dream cycle talks to: an OpenAI-compatible chat endpoint.

Configured by ``DREAM_LLM_BASE_URL``, ``DREAM_LLM_MODEL`` and ``DREAM_LLM_API_KEY`` (falling
back to ``OPENAI_API_KEY``). With no model configured the passes take their deterministic path,
so nothing here is needed for a full, useful cycle. Every call's token usage is recorded for
the run's metadata; replies are parsed by ``dream_assets.core.llm_reply``.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openai
from openai import OpenAI

from dream_assets.core.budget import BudgetExceeded, TokenBudget
from dream_assets.core.redaction import redact

# Local OpenAI-compatible servers ignore the key, but the client refuses to start without one.
_PLACEHOLDER_KEY = "not-needed"


@dataclass(frozen=True)
class LLMSettings:
    base_url: str | None
    model: str | None
    api_key: str | None
    timeout_s: float = 60.0

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> LLMSettings:
        timeout_text = _non_blank(env.get("DREAM_LLM_TIMEOUT_S"))
        timeout_s = 60.0
        if timeout_text is not None:
            try:
                timeout_s = float(timeout_text)
            except ValueError:
                raise ValueError(
                    f"DREAM_LLM_TIMEOUT_S must be a number of seconds, got {timeout_text!r}"
                ) from None
            if not timeout_s > 0:
                raise ValueError(f"DREAM_LLM_TIMEOUT_S must be positive, got {timeout_text!r}")
        return cls(
            base_url=_non_blank(env.get("DREAM_LLM_BASE_URL")),
            model=_non_blank(env.get("DREAM_LLM_MODEL")),
            api_key=_non_blank(env.get("DREAM_LLM_API_KEY"))
            or _non_blank(env.get("OPENAI_API_KEY")),
            timeout_s=timeout_s,
        )

    @property
    def configured(self) -> bool:
        """A model and somewhere to reach it: a local base URL or a hosted API's key."""
        return self.model is not None and (self.base_url is not None or self.api_key is not None)


def _non_blank(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    return value.strip()


@dataclass(frozen=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    # True when the provider reported no usage and the counts are chars/4 estimates.
    estimated: bool


class LLMError(RuntimeError):
    """The call failed: HTTP error, timeout, connection error or an empty reply."""


# Room reserved for an answer when a call does not set max_tokens (token budget admission).
ANSWER_ROOM = 4096


class LLMOverBudget(LLMError):
    """The call does not fit the token budget; it was not made (the pass is skipped)."""


class LLMBusy(RuntimeError):
    """The agent's LLM stayed busy with user turns past the wait bound."""


class ChatModel:
    """Chat completions at temperature 0, waiting politely while the agent's LLM is busy.

    Seed 000, "Scheduling": while the LLM serves a user turn the cycle polls every 5 seconds
    and waits rather than queuing behind the active turn. The agent signals that turn with
    its ``llm-busy`` marker file.
    """

    def __init__(
        self,
        settings: LLMSettings,
        *,
        busy_marker: Path | None = None,
        poll_s: float = 5.0,
        max_wait_s: float = 300.0,
        sleep: Callable[[float], None] = time.sleep,
        max_retries: int = 0,
        budget: TokenBudget | None = None,
    ) -> None:
        if poll_s <= 0:
            raise ValueError(f"poll_s must be positive, got {poll_s}")
        self.settings = settings
        self.busy_marker = busy_marker
        self.poll_s = poll_s
        self.max_wait_s = max_wait_s
        self.max_retries = max_retries
        self.calls: list[Completion] = []
        # Total seconds spent waiting for the busy marker, for the run's metadata.
        self.waited_s = 0.0
        self._sleep = sleep
        self._client: OpenAI | None = None
        self.budget = budget
        # What left for the model: secrets redacted (by kind) and characters sent.
        self.redactions: Counter[str] = Counter()
        self.chars_sent = 0

    @property
    def configured(self) -> bool:
        return self.settings.configured

    @property
    def prompt_tokens(self) -> int:
        return sum(call.prompt_tokens for call in self.calls)

    @property
    def completion_tokens(self) -> int:
        return sum(call.completion_tokens for call in self.calls)

    def complete(
        self, system: str, user: str, *, max_tokens: int | None = None, purpose: str = ""
    ) -> Completion:
        """One call. Secrets are redacted from everything sent, whatever built the prompt, and
        the call is made only if its prompt plus room for the answer fits the token budget."""
        if not self.settings.configured or self.settings.model is None:
            raise LLMError("no LLM configured: set DREAM_LLM_MODEL and DREAM_LLM_BASE_URL")
        redacted_system, redacted_user = redact(system), redact(user)
        self.redactions.update(redacted_system.kinds)
        self.redactions.update(redacted_user.kinds)
        system, user = redacted_system.text, redacted_user.text
        if self.budget is not None:
            try:
                self.budget.admit(
                    _estimate_tokens(system) + _estimate_tokens(user), max_tokens or ANSWER_ROOM
                )
            except BudgetExceeded as exc:
                raise LLMOverBudget(str(exc)) from exc
        self._wait_while_busy()
        client = self._client_for_calls()
        request: dict[str, Any] = {
            "model": self.settings.model,
            "messages": [
                {"role": "system", "content": system},
                {"role": "user", "content": user},
            ],
            # Consolidation must be repeatable: the same corpus should get the same answer.
            "temperature": 0,
        }
        if max_tokens is not None:
            request["max_tokens"] = max_tokens
        with _translated_errors(self.settings):
            response = client.chat.completions.create(**request)
        choice = response.choices[0] if response.choices else None
        text = choice.message.content if choice is not None else None
        if text is None or not text.strip():
            reason = choice.finish_reason if choice is not None else "no choices"
            raise LLMError(f"empty reply from model {self.settings.model} ({reason})")
        usage = response.usage
        if usage is None:
            completion = Completion(
                text=text,
                prompt_tokens=_estimate_tokens(system) + _estimate_tokens(user),
                completion_tokens=_estimate_tokens(text),
                estimated=True,
            )
        else:
            completion = Completion(
                text=text,
                prompt_tokens=usage.prompt_tokens,
                completion_tokens=usage.completion_tokens,
                estimated=False,
            )
        self.calls.append(completion)
        self.chars_sent += len(system) + len(user)
        if self.budget is not None:
            self.budget.record(purpose, completion.prompt_tokens, completion.completion_tokens)
        return completion

    def _wait_while_busy(self) -> None:
        if self.busy_marker is None:
            return
        waited = 0.0
        try:
            while self.busy_marker.exists():
                if waited >= self.max_wait_s:
                    raise LLMBusy(
                        f"{self.busy_marker} still present after waiting {waited:g}s "
                        f"(bound {self.max_wait_s:g}s)"
                    )
                self._sleep(self.poll_s)
                waited += self.poll_s
        finally:
            self.waited_s += waited

    def _client_for_calls(self) -> OpenAI:
        if self._client is None:
            self._client = _client(self.settings, self.max_retries)
        return self._client


def embed(
    settings: LLMSettings,
    texts: list[str],
    model: str,
    *,
    batch_size: int = 64,
    max_retries: int = 0,
) -> list[list[float]]:
    """Embed ``texts`` through the embeddings endpoint, ``batch_size`` inputs per request."""
    if batch_size <= 0:
        raise ValueError(f"batch_size must be positive, got {batch_size}")
    if not texts:
        return []
    client = _client(settings, max_retries)
    vectors: list[list[float]] = []
    for start in range(0, len(texts), batch_size):
        batch = texts[start : start + batch_size]
        with _translated_errors(settings):
            response = client.embeddings.create(model=model, input=batch, encoding_format="float")
        ordered = sorted(response.data, key=lambda item: item.index)
        if len(ordered) != len(batch):
            raise LLMError(
                f"embeddings endpoint returned {len(ordered)} vectors for {len(batch)} inputs"
            )
        vectors.extend([float(x) for x in item.embedding] for item in ordered)
    return vectors


def _client(settings: LLMSettings, max_retries: int) -> OpenAI:
    return OpenAI(
        base_url=settings.base_url,
        api_key=settings.api_key or _PLACEHOLDER_KEY,
        timeout=settings.timeout_s,
        max_retries=max_retries,
    )


def _estimate_tokens(text: str) -> int:
    # About four characters per token for English text; rounded up so no call counts as free.
    return (len(text) + 3) // 4


@contextmanager
def _translated_errors(settings: LLMSettings) -> Iterator[None]:
    """Turn the client's exceptions into one ``LLMError`` whose message says what happened."""
    where = settings.base_url or "the OpenAI API"
    try:
        yield
    except openai.APITimeoutError as error:
        raise LLMError(f"timeout: no reply from {where} within {settings.timeout_s:g}s") from error
    except openai.APIStatusError as error:
        raise LLMError(
            f"HTTP {error.status_code} from {where}: {_status_message(error)}"
        ) from error
    except openai.APIConnectionError as error:
        raise LLMError(f"connection error: cannot reach {where} ({error})") from error
    except openai.OpenAIError as error:
        raise LLMError(f"LLM client error talking to {where}: {error}") from error


def _status_message(error: openai.APIStatusError) -> str:
    body = error.body
    if isinstance(body, dict):
        message = body.get("message")
        if isinstance(message, str):
            return message
    text = error.response.text.strip()
    return text[:200] if text else error.message
