"""A real OpenAI-compatible HTTP server on loopback, scripted by the tests.

DESIGN.md: tests talk to a real server, never a patched client, so the wire format, the
``openai`` package's error handling and timeouts are all exercised as in production. It serves
``POST /v1/chat/completions`` and ``POST /v1/embeddings`` in the OpenAI wire format.

Each chat request takes the next queued action (``reply``, ``fail``, ``stall``); when the queue
is empty it uses the ``respond_with`` function if one is set, else ``default_reply`` (counted in
``defaults_served``).

A model that takes time: ``delay_s`` holds every chat reply (verifications included) that many
seconds. The server answers requests concurrently, one thread each, and counts the chat requests
in flight (``in_flight``, ``max_in_flight``; verifications alone: ``max_verifications_in_flight``)
so a test can assert how many calls a deployment ever had open at once.
"""

from __future__ import annotations

import base64
import json
import struct
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from dream_assets.core.clock import FixedClock
from dream_assets.core.safety.budget import TokenBudget
from dream_assets.core.store.volume import AgentVolume
from dream_assets.llm import ChatModel, LLMSettings
from dream_assets_tests.builders import NOW

DEFAULT_REPLY = '{"toDelete": [], "toSave": []}'


@dataclass(frozen=True)
class _Reply:
    text: str
    prompt_tokens: int | None
    completion_tokens: int | None
    usage: bool


@dataclass(frozen=True)
class _Failure:
    status: int
    body: str
    retry_after_s: float | None = None


@dataclass(frozen=True)
class _Stall:
    seconds: float
    reply: _Reply


_Action = _Reply | _Failure | _Stall


class ScriptedLLM:
    """Start on construction; ``close()`` (or leave the ``with`` block) to stop."""

    def __init__(self, default_reply: str = DEFAULT_REPLY, *, delay_s: float = 0.0) -> None:
        self.default_reply = default_reply
        self.delay_s = delay_s
        # Chat requests received and not yet answered, and the most ever at once.
        self.in_flight = 0
        self.max_in_flight = 0
        self._verifications_in_flight = 0
        self.max_verifications_in_flight = 0
        self.defaults_served = 0
        self.requests: list[dict[str, Any]] = []
        self.embedding_fn: Callable[[str], list[float]] | None = None
        # The model each embeddings request named, in order.
        self.embedding_models: list[str] = []
        # Exceptions raised by a respond_with function, so a broken test script is visible.
        self.errors: list[str] = []
        self._respond_fn: Callable[[dict[str, Any]], str] | None = None
        # Merge verification requests (a user line starting with "MERGED: ") are answered by
        # ``verifier`` and logged in ``verifications``, apart from the scripted queue and
        # ``requests``, so a test that scripts consolidation need not script its verification.
        # Set ``verifier = None`` to script verification through the queue like any call.
        self.verifier: Callable[[dict[str, Any]], str] | None = supported_verdicts
        self.verifications: list[dict[str, Any]] = []
        self._queue: deque[_Action] = deque()
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        port = self._server.server_address[1]
        self.base_url = f"http://127.0.0.1:{port}/v1"
        # A short poll keeps close() (and so each test's teardown) fast.
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.02},
            name=f"scripted-llm-{port}",
            daemon=True,
        )
        self._thread.start()

    # -- scripting ---------------------------------------------------------------------------

    def reply(
        self,
        text: str,
        *,
        prompt_tokens: int | None = None,
        completion_tokens: int | None = None,
        usage: bool = True,
    ) -> None:
        """Queue a reply. Token counts default to whitespace word counts; ``usage=False``
        leaves the ``usage`` object out, as some local servers do."""
        with self._lock:
            self._queue.append(_Reply(text, prompt_tokens, completion_tokens, usage))

    def fail(
        self, status: int = 500, body: str = "boom", *, retry_after_s: float | None = None
    ) -> None:
        """Queue an HTTP error whose OpenAI-style error message is ``body``, with a
        ``Retry-After`` header when ``retry_after_s`` is given."""
        with self._lock:
            self._queue.append(_Failure(status, body, retry_after_s))

    def stall(self, seconds: float, text: str | None = None) -> None:
        """Queue a reply sent only after ``seconds`` (cut short when the server closes)."""
        reply = _Reply(self.default_reply if text is None else text, None, None, True)
        with self._lock:
            self._queue.append(_Stall(seconds, reply))

    def respond_with(self, fn: Callable[[dict[str, Any]], str]) -> None:
        """Answer every request the queue does not cover with ``fn(request_body)``."""
        self._respond_fn = fn

    # -- inspection --------------------------------------------------------------------------

    def prompts(self) -> list[str]:
        """The user-message text of each chat request, in order."""
        with self._lock:
            chats = [body for body in self.requests if "messages" in body]
        return [_user_text(body) for body in chats]

    @property
    def pending(self) -> int:
        """Queued actions not yet consumed."""
        with self._lock:
            return len(self._queue)

    # -- lifecycle ---------------------------------------------------------------------------

    def close(self) -> None:
        self._closing.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> ScriptedLLM:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- serving (called on the server's threads) ---------------------------------------------

    def _serve_chat(self, body: dict[str, Any]) -> tuple[Any, ...]:
        """Answer one chat request, counted in flight from receipt until its answer is ready."""
        verification = is_verification(body)
        with self._lock:
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            if verification:
                self._verifications_in_flight += 1
                self.max_verifications_in_flight = max(
                    self.max_verifications_in_flight, self._verifications_in_flight
                )
        try:
            if self.delay_s > 0:
                self._closing.wait(self.delay_s)
            return self._chat_response(body)
        finally:
            # Left before the answer is written: a client never holds an answer to a call the
            # server still counts, so the maximum never includes a call already over.
            with self._lock:
                self.in_flight -= 1
                if verification:
                    self._verifications_in_flight -= 1

    def _record(self, body: dict[str, Any]) -> None:
        with self._lock:
            if self.verifier is not None and is_verification(body):
                self.verifications.append(body)
            else:
                self.requests.append(body)

    def _next_action(self, body: dict[str, Any]) -> _Action:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        if self._respond_fn is not None:
            try:
                return _Reply(self._respond_fn(body), None, None, True)
            except Exception as error:  # a test script bug becomes a visible 500
                message = f"respond_with raised {type(error).__name__}: {error}"
                with self._lock:
                    self.errors.append(message)
                return _Failure(500, message)
        with self._lock:
            self.defaults_served += 1
        return _Reply(self.default_reply, None, None, True)

    def _chat_response(self, body: dict[str, Any]) -> tuple[Any, ...]:
        verifier = self.verifier
        if verifier is not None and is_verification(body):
            return 200, _completion_body(body, _Reply(verifier(body), None, None, True))
        action = self._next_action(body)
        if isinstance(action, _Failure):
            headers = {}
            if action.retry_after_s is not None:
                headers["Retry-After"] = f"{action.retry_after_s:g}"
            return action.status, _error_body(action.body), headers
        if isinstance(action, _Stall):
            self._closing.wait(action.seconds)
            action = action.reply
        return 200, _completion_body(body, action)

    def _embedding_response(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        embedding_fn = self.embedding_fn
        if embedding_fn is None:
            return 404, _error_body("this scripted server has no embedding_fn")
        with self._lock:
            self.embedding_models.append(str(body.get("model")))
        inputs = body.get("input")
        texts = [inputs] if isinstance(inputs, str) else inputs
        if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
            return 400, _error_body("input must be a string or a list of strings")
        as_base64 = body.get("encoding_format") == "base64"
        data = []
        for index, text in enumerate(texts):
            vector = [float(x) for x in embedding_fn(text)]
            encoded: object = _base64_floats(vector) if as_base64 else vector
            data.append({"object": "embedding", "index": index, "embedding": encoded})
        tokens = sum(len(text.split()) for text in texts)
        return 200, {
            "object": "list",
            "data": data,
            "model": body.get("model", "scripted"),
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }


def _handler_for(llm: ScriptedLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                self._send(400, _error_body("request body is not JSON"))
                return
            if not isinstance(body, dict):
                self._send(400, _error_body("request body is not a JSON object"))
                return
            llm._record(body)
            path = self.path.split("?", 1)[0].rstrip("/")
            if path.endswith("/chat/completions"):
                self._send(*llm._serve_chat(body))
            elif path.endswith("/embeddings"):
                self._send(*llm._embedding_response(body))
            else:
                self._send(404, _error_body(f"no route for {self.path}"))

        def _send(
            self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
        ) -> None:
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                # One request per connection, so closing the server leaves no idle handler.
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                # The client gave up (a timeout test); there is no one left to answer.
                pass

        def log_message(self, format: str, *args: Any) -> None:
            return

    return Handler


def _completion_body(request: dict[str, Any], reply: _Reply) -> dict[str, Any]:
    response: dict[str, Any] = {
        "id": f"chatcmpl-scripted-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.get("model", "scripted"),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": reply.text},
                "finish_reason": "stop",
            }
        ],
    }
    if reply.usage:
        prompt_tokens = reply.prompt_tokens
        if prompt_tokens is None:
            prompt_tokens = sum(
                len(str(message.get("content", "")).split())
                for message in request.get("messages", [])
                if isinstance(message, dict)
            )
        completion_tokens = reply.completion_tokens
        if completion_tokens is None:
            completion_tokens = len(reply.text.split())
        response["usage"] = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        }
    return response


def is_verification(body: dict[str, Any]) -> bool:
    return any(line.startswith("MERGED: ") for line in _user_text(body).splitlines())


def verification_sources(body: dict[str, Any]) -> list[str]:
    """The source ids of a verification request, from its ``[<id>]`` lines."""
    lines = _user_text(body).splitlines()
    return [line[1 : line.index("]")] for line in lines if line.startswith("[") and "]" in line]


def supported_verdicts(body: dict[str, Any]) -> str:
    """The verifier of a test that does not script one: every source supported."""
    return json.dumps(
        {"verdicts": [{"id": i, "verdict": "supported"} for i in verification_sources(body)]}
    )


def _error_body(message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": "scripted_error", "code": None}}


def _base64_floats(vector: list[float]) -> str:
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()


def _user_text(body: dict[str, Any]) -> str:
    parts: list[str] = []
    for message in body.get("messages", []):
        if not isinstance(message, dict) or message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            parts.append(content)
        elif isinstance(content, list):
            parts.extend(
                part["text"]
                for part in content
                if isinstance(part, dict) and isinstance(part.get("text"), str)
            )
    return "\n\n".join(parts)


@pytest.fixture(name="scripted_llm")
def scripted_llm_fixture() -> Iterator[ScriptedLLM]:
    """The ``scripted_llm`` fixture: a started scripted server, closed after the test.

    Named apart from the fixture so a test's ``scripted_llm`` argument does not shadow an import.
    """
    with ScriptedLLM() as server:
        yield server


@pytest.fixture(name="module_scripted_llm", scope="module")
def module_scripted_llm_fixture() -> Iterator[ScriptedLLM]:
    """One scripted server for every example of a module's property tests: starting one per
    example would dominate the runtime. Each example scripts it afresh."""
    with ScriptedLLM() as server:
        yield server


def busy_model(server: ScriptedLLM, volume: AgentVolume, *, max_wait_s: float) -> ChatModel:
    """A model of ``volume`` while its agent serves a turn: the busy marker is written, and the
    client polls it every second for ``max_wait_s`` without really sleeping."""
    volume.busy_marker.write_text("serving a turn")
    return ChatModel(
        LLMSettings(base_url=server.base_url, model="scripted", api_key="x"),
        busy_marker=volume.busy_marker,
        poll_s=1,
        max_wait_s=max_wait_s,
        sleep=lambda _s: None,
    )


def over_budget_model(server: ScriptedLLM, usage_log: Path) -> ChatModel:
    """A model whose run "r1" may spend 100 tokens, which no pass's first call fits."""
    budget = TokenBudget(usage_log, "r1", FixedClock(NOW), run_cap=100)
    return ChatModel(
        LLMSettings(base_url=server.base_url, model="scripted", api_key="x"), budget=budget
    )
