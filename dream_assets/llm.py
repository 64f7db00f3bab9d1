"""The model the dream cycle talks to: an OpenAI-compatible chat endpoint.

Configured by ``DREAM_LLM_BASE_URL``, ``DREAM_LLM_MODEL`` and ``DREAM_LLM_API_KEY`` (falling
back to ``OPENAI_API_KEY``). With no model configured the passes take their deterministic path,
so nothing here is needed for a full, useful cycle. Every call's token usage is recorded for
the run's metadata; replies are parsed by ``dream_assets.core.llm_reply``.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from dream_assets.core.llm_reply import ReplyError, extract_json_object
from dream_assets.core.options import DreamOptions
from dream_assets.core.report import PassReport
from dream_assets.core.safety.budget import BudgetExceeded, TokenBudget
from dream_assets.core.safety.cancellation import (
    OWNERSHIP_WATCH_SECONDS,
    RunCancelled,
    RunGuard,
    watch_call,
)
from dream_assets.core.safety.redaction import redact
from dream_assets.model_slots import CallSlots, SlotWaitCancelled, in_slot

if TYPE_CHECKING:
    import openai
    from openai import OpenAI

# Local OpenAI-compatible servers ignore the key, but the client refuses to start without one.
_PLACEHOLDER_KEY = "not-needed"

T = TypeVar("T")


@dataclass(frozen=True)
class LLMSettings:
    """Where the model is: a view of the model options of ``DreamOptions``."""

    base_url: str | None
    model: str | None
    api_key: str | None
    timeout_s: float = 60.0
    # SDK retries of a 429/5xx/timeout (the SDK honours Retry-After): one transient error must
    # not lose the pass until the next window.
    max_retries: int = 2

    @classmethod
    def from_options(cls, options: DreamOptions) -> LLMSettings:
        return cls(
            base_url=options.llm_base_url or None,
            model=options.llm_model or None,
            api_key=options.llm_api_key or None,
            timeout_s=options.llm_timeout_s,
            max_retries=options.llm_max_retries,
        )

    @property
    def configured(self) -> bool:
        """A model and somewhere to reach it: a local base URL or a hosted API's key."""
        return self.model is not None and (self.base_url is not None or self.api_key is not None)


@dataclass(frozen=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    # True when the provider reported no usage and the counts are chars/4 estimates.
    estimated: bool
    # What left for the model: characters sent (after redaction) and secrets redacted, by kind.
    # Accounting, not part of what the model answered: left out of equality.
    chars_sent: int = field(default=0, compare=False)
    redactions: Counter[str] = field(default_factory=Counter, compare=False)


class LLMError(RuntimeError):
    """The call failed: HTTP error, timeout, connection error or an empty reply."""


# Room reserved for an answer when a call does not set max_tokens (token budget admission).
ANSWER_ROOM = 4096


class LLMOverBudget(LLMError):
    """The call does not fit the token budget; it was not made (the pass is skipped)."""


class LLMBusy(RuntimeError):
    """The agent's LLM stayed busy with user turns past the wait bound."""


class LLMCancelled(RuntimeError):
    """The run was cancelled (``core.safety.cancellation``): the call was not made, or was
    abandoned."""


class ChatModel:
    """Chat completions at temperature 0, waiting politely while the agent's LLM is busy.

    docs/automation.md, "LLM busy back-off": while the LLM serves a user turn the cycle polls every
    5 seconds and waits rather than queuing behind the active turn. The agent signals that turn with
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
        guard: RunGuard | None = None,
        watch_s: float = OWNERSHIP_WATCH_SECONDS,
        slots: CallSlots | None = None,
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
        # The run's cancellation check, made before each call and, every ``watch_s`` seconds,
        # while one is in flight (the seed's ownership watch).
        self.guard = guard
        self.watch_s = watch_s
        self.slots = slots  # a call is sent only while it holds one (``model_slots``)

    @property
    def configured(self) -> bool:
        return self.settings.configured

    @property
    def prompt_tokens(self) -> int:
        return sum(call.prompt_tokens for call in self.calls)

    @property
    def completion_tokens(self) -> int:
        return sum(call.completion_tokens for call in self.calls)

    @property
    def redactions(self) -> Counter[str]:
        """Secrets redacted from what was sent, by kind, over every call."""
        return sum((call.redactions for call in self.calls), Counter())

    def complete(
        self, system: str, user: str, *, max_tokens: int | None = None, purpose: str = ""
    ) -> Completion:
        """One call. Secrets are redacted from everything sent, whatever built the prompt, and
        the call is made only if its prompt plus room for the answer fits the token budget."""
        if not self.settings.configured or self.settings.model is None:
            raise LLMError("no LLM configured: set DREAM_LLM_MODEL and DREAM_LLM_BASE_URL")
        redacted_system, redacted_user = redact(system), redact(user)
        system, user = redacted_system.text, redacted_user.text
        if self.budget is not None:
            try:
                self.budget.admit(
                    _estimate_tokens(system) + _estimate_tokens(user), max_tokens or ANSWER_ROOM
                )
            except BudgetExceeded as exc:
                raise LLMOverBudget(str(exc)) from exc
        self._wait_while_busy()
        self._refuse_if_cancelled()
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
        # The answer is bounded by the room the budget reserved for it (docs/safety.md, "Token
        # budget"): a reply can never cost more than the admission assumed.
        request["max_tokens"] = max_tokens or ANSWER_ROOM
        with translated_errors(self.settings):
            response = self._watched(lambda: client.chat.completions.create(**request))
        choice = response.choices[0] if response.choices else None
        text = choice.message.content if choice is not None else None
        if text is None or not text.strip():
            reason = choice.finish_reason if choice is not None else "no choices"
            raise LLMError(f"empty reply from model {self.settings.model} ({reason})")
        usage = response.usage
        sent = Counter(redacted_system.kinds) + Counter(redacted_user.kinds)
        completion = Completion(
            text=text,
            prompt_tokens=(
                usage.prompt_tokens
                if usage is not None
                else _estimate_tokens(system) + _estimate_tokens(user)
            ),
            completion_tokens=(
                usage.completion_tokens if usage is not None else _estimate_tokens(text)
            ),
            estimated=usage is None,
            chars_sent=len(system) + len(user),
            redactions=sent,
        )
        self.calls.append(completion)
        if self.budget is not None:
            self.budget.record(purpose, completion.prompt_tokens, completion.completion_tokens)
        return completion

    def _refuse_if_cancelled(self) -> None:
        reason = self.guard.cancel_reason() if self.guard is not None else None
        if reason is not None:
            raise LLMCancelled(reason)

    def _watched(self, call: Callable[[], T]) -> T:
        """``call()`` in one of the endpoint's slots (``model_slots.in_slot``), abandoned (the
        client closed) when the run is cancelled in flight."""
        call = slotted(self.slots, self.guard.cancel_reason if self.guard else None, call)
        if self.guard is None:
            return call()
        try:
            return watch_call(call, self.guard, watch_s=self.watch_s, abandon=self._abandon)
        except RunCancelled as exc:
            raise LLMCancelled(str(exc)) from exc

    def _abandon(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            # A client that fails to close is abandoned all the same.
            with contextlib.suppress(Exception):
                client.close()

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
            self._client = openai_client(self.settings, self.max_retries)
        return self._client


def slotted(
    slots: CallSlots | None, cancel_reason: Callable[[], str | None] | None, call: Callable[[], T]
) -> Callable[[], T]:
    """``call``, made holding one of ``slots`` when there are any (``model_slots.in_slot``)."""
    if slots is None:
        return call
    try:
        return in_slot(slots, cancel_reason, call)
    except SlotWaitCancelled as exc:
        raise LLMCancelled(str(exc)) from exc
    except Exception as exc:
        raise LLMError(f"no model call slot to be had: {exc}") from exc


def openai_client(settings: LLMSettings, max_retries: int) -> OpenAI:
    # Imported on the first call, not with the module: a cycle without a model never pays for
    # the client's import (docs/benchmarks.md, a whole cycle).
    from openai import OpenAI

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
def translated_errors(settings: LLMSettings) -> Iterator[None]:
    """Turn the client's exceptions into one ``LLMError`` whose message says what happened."""
    import openai

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


# -- the one path of a model call ------------------------------------------------------------


class Outcome(Enum):
    """How a model call ended, from the pass's point of view."""

    OK = "ok"
    # The agent's LLM stayed busy with user turns: the model was never asked.
    BUSY = "busy"
    # The call does not fit the run's or the day's token budget: it was not made.
    OVER_BUDGET = "over budget"
    # HTTP error, timeout, connection error or an empty reply.
    FAILED = "failed"
    # The model answered, but not in the reply contract.
    UNUSABLE = "unusable"
    # The run was cancelled (agent disabled, options changed, lease lost): the call was not made,
    # or was abandoned in flight, and nothing may be written on its account.
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class ModelCall(Generic[T]):
    """One model call's outcome: the parsed reply when ``OK``, else why there is none."""

    purpose: str
    outcome: Outcome
    value: T | None = None
    completion: Completion | None = None
    reason: str = ""

    @property
    def ok(self) -> bool:
        return self.outcome is Outcome.OK

    def settle(self, report: PassReport, *, unchanged: str = "nothing changed") -> T | None:
        """Record the outcome in the report (the one mapping for every pass) and return the
        parsed reply, or None when nothing may change on this call's account.

        A busy model and an exhausted budget are not failures: the call was never made and the
        work is retried next cycle. A failed call or an unusable reply is a failure, and
        ``unchanged`` says what the pass left alone because of it.
        """
        if self.outcome is Outcome.OK:
            return self.value
        where = f"{self.purpose}: " if self.purpose else ""
        if self.outcome is Outcome.CANCELLED:
            report.cancelled = report.cancelled or self.reason
            report.skipped = report.skipped or self.reason
            report.decide("cancelled", self.purpose or "-", self.reason)
        elif self.outcome is Outcome.BUSY:
            report.count("busy")
            report.decide("deferred", self.purpose or "-", f"agent LLM busy: {self.reason}")
            report.skipped = report.skipped or f"agent LLM busy: {self.reason}"
        elif self.outcome is Outcome.OVER_BUDGET:
            report.count("over_budget")
            report.refuse("budget", self.purpose or "-", self.reason)
            if report.usage.calls == 0 and report.skipped is None:
                report.skipped = f"token budget: {self.reason}"
            else:
                report.warnings.append(f"token budget stopped {where}early: {self.reason}")
        elif self.outcome is Outcome.FAILED:
            report.fail(f"{where}model call failed, {unchanged}: {self.reason}")
        else:
            report.fail(f"{where}unusable model reply, {unchanged}: {self.reason}")
        return None


def ask(
    model: ChatModel,
    system: str,
    user: str,
    *,
    purpose: str,
    parse: Callable[[dict[str, object]], T],
    report: PassReport,
    max_tokens: int | None = None,
) -> ModelCall[T]:
    """Make one call and parse its reply; the call's usage is recorded in ``report`` once.

    Every model call of every pass goes through here, so "busy", "over budget", "failed" and
    "unusable" mean the same everywhere. The outermost JSON object is extracted from the
    completion here; ``parse`` turns it into the pass's reply and raises ``ReplyError`` when it
    cannot.
    """
    try:
        completion = model.complete(system, user, max_tokens=max_tokens, purpose=purpose)
    except LLMCancelled as exc:
        return ModelCall(purpose, Outcome.CANCELLED, reason=str(exc))
    except LLMBusy as exc:
        return ModelCall(purpose, Outcome.BUSY, reason=str(exc))
    except LLMOverBudget as exc:
        return ModelCall(purpose, Outcome.OVER_BUDGET, reason=str(exc))
    except LLMError as exc:
        return ModelCall(purpose, Outcome.FAILED, reason=str(exc))
    report.record_call(completion)
    try:
        value = parse(extract_json_object(completion.text))
    except ReplyError as exc:
        return ModelCall(purpose, Outcome.UNUSABLE, completion=completion, reason=str(exc))
    return ModelCall(purpose, Outcome.OK, value=value, completion=completion)
