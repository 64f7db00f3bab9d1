"""The model call slots (``dream_assets.model_slots``; docs/automation.md, Concurrency): at most
``limit`` calls to one endpoint in flight, across threads, processes and, on PostgreSQL, hosts."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import dagster as dg
import pytest

from dream_assets.core.clock import SystemClock
from dream_assets.core.store.lease import acquire
from dream_assets.defs.pools import call_slots
from dream_assets.llm import ChatModel, LLMCancelled, LLMSettings
from dream_assets.model_slots import (
    CallSlots,
    FileCallSlots,
    PostgresCallSlots,
    SlotWaitCancelled,
)
from dream_assets_tests.scripted_llm import ScriptedLLM
from dream_assets_tests.services import Database

POOL = "llm:127.0.0.1:8080"
ADVISORY_HERE = (
    "locktype = 'advisory' AND granted"
    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)


def _never() -> str | None:
    return None


def _url(database: Database) -> str:
    # As dagster-postgres keeps it: SQLAlchemy's dialect in the scheme.
    return (
        f"postgresql+psycopg2://{database.user}:{database.password}@{database.host}:"
        f"{database.port}/{database.name}"
    )


@pytest.fixture(params=["files", "postgres"])
def slots_of(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[int], Any]]:
    """A maker of ``limit`` slots of one pool, on each backend."""
    if request.param == "files":
        yield lambda limit: FileCallSlots(tmp_path / "model-slots", POOL, limit)
    else:
        database = request.getfixturevalue("postgres_database")
        yield lambda limit: PostgresCallSlots(_url(database), POOL, limit)


def _most_at_once(slots: CallSlots, workers: int, hold_s: float = 0.3) -> int:
    """How many of ``workers`` threads held a slot at the same time, at most."""
    lock = threading.Lock()
    state = {"now": 0, "most": 0}

    def work() -> None:
        with slots.hold(_never):
            with lock:
                state["now"] += 1
                state["most"] = max(state["most"], state["now"])
            time.sleep(hold_s)
            with lock:
                state["now"] -= 1

    threads = [threading.Thread(target=work) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not any(thread.is_alive() for thread in threads)
    return state["most"]


def test_slots_bound_the_holders_at_once_to_the_limit(slots_of: Callable[[int], Any]) -> None:
    assert _most_at_once(slots_of(1), workers=4) == 1
    assert _most_at_once(slots_of(2), workers=5) == 2


def test_a_slot_given_back_is_taken_by_the_next_caller(slots_of: Callable[[int], Any]) -> None:
    slots = slots_of(1)
    with slots.hold(_never) as first:
        pass
    with slots.hold(_never) as again:
        assert again == first


def test_waiting_for_a_slot_stops_when_the_run_is_cancelled(
    slots_of: Callable[[int], Any],
) -> None:
    slots = slots_of(1)
    polls: list[float] = []

    def cancelled_after_two_polls() -> str | None:
        polls.append(time.monotonic())
        return "cancelled: lease lost" if len(polls) >= 2 else None

    with (
        slots.hold(_never),
        pytest.raises(SlotWaitCancelled, match="lease lost"),
        slots.hold(cancelled_after_two_polls),
    ):
        pytest.fail("a slot was taken while the only one was held")
    assert len(polls) == 2


_HOLD_IN_CHILD = """
import sys, time
from pathlib import Path
from dream_assets.model_slots import FileCallSlots
with FileCallSlots(Path(sys.argv[1]), sys.argv[2], 1).hold(lambda: None):
    Path(sys.argv[3]).write_text("holding")
    time.sleep(120)
"""


def test_file_slots_are_shared_by_processes_and_freed_when_a_holder_dies(tmp_path: Path) -> None:
    ready = tmp_path / "ready"
    child = subprocess.Popen(
        [sys.executable, "-c", _HOLD_IN_CHILD, str(tmp_path / "slots"), POOL, str(ready)]
    )
    try:
        deadline = time.monotonic() + 60
        while not ready.exists():
            assert child.poll() is None and time.monotonic() < deadline, "the child took no slot"
            time.sleep(0.05)
        waits = []

        def give_up_after_a_few() -> str | None:
            waits.append(1)
            return "cancelled: agent disabled" if len(waits) > 3 else None

        other = FileCallSlots(tmp_path / "slots", POOL, 1)
        with pytest.raises(SlotWaitCancelled), other.hold(give_up_after_a_few):
            pytest.fail("a slot another process holds was taken")
        # A holder killed mid-call (no clean exit) leaves its slot free.
        child.kill()
        child.wait(30)
        with FileCallSlots(tmp_path / "slots", POOL, 1).hold(_never) as slot:
            assert slot == 0
    finally:
        child.kill()
        child.wait(30)


def test_a_postgres_slot_is_freed_when_its_session_ends(postgres_database: Database) -> None:
    import psycopg2

    slots = PostgresCallSlots(_url(postgres_database), POOL, 1)
    holding = slots.hold(_never)
    holding.__enter__()
    # Another machine's view: the lock is in the server, not in this process.
    admin = psycopg2.connect(
        host=postgres_database.host,
        port=postgres_database.port,
        user=postgres_database.user,
        password=postgres_database.password,
        dbname=postgres_database.name,
    )
    admin.autocommit = True
    with admin.cursor() as cursor:
        # This test's own database only: pg_locks shows the whole server's.
        cursor.execute(f"SELECT count(*) FROM pg_locks WHERE {ADVISORY_HERE}")
        assert cursor.fetchone() == (1,)
        # The holder's session killed (a crashed run worker): the server frees the slot.
        cursor.execute(
            f"SELECT pg_terminate_backend(pid) FROM pg_locks WHERE {ADVISORY_HERE}"
            " AND pid <> pg_backend_pid()"
        )
    admin.close()
    with slots.hold(_never) as slot:
        assert slot == 0
    # Giving back the slot of a session already gone is no error of the call's.
    holding.__exit__(None, None, None)


def test_the_instance_gives_its_pool_limit_and_backend(
    tmp_path: Path, postgres_database: Database
) -> None:
    with dg.instance_for_test() as instance:
        # A pool with no limit runs unbounded in Dagster, and so do its calls.
        assert call_slots(instance, POOL) is None
        assert call_slots(instance, None) is None
        instance.event_log_storage.set_concurrency_slots(POOL, 3)
        slots = call_slots(instance, POOL)
        assert isinstance(slots, FileCallSlots) and slots.limit == 3
        assert slots.directory == Path(instance.root_directory) / "model-slots"
    overrides = {
        "storage": {
            "postgres": {
                "postgres_db": {
                    "hostname": postgres_database.host,
                    "port": postgres_database.port,
                    "username": postgres_database.user,
                    "password": postgres_database.password,
                    "db_name": postgres_database.name,
                    "scheme": "postgresql+psycopg2",
                }
            }
        }
    }
    with dg.instance_for_test(overrides=overrides) as instance:
        instance.event_log_storage.set_concurrency_slots(POOL, 2)
        slots = call_slots(instance, POOL)
        assert isinstance(slots, PostgresCallSlots) and slots.limit == 2
        with slots.hold(_never) as slot:
            assert slot == 0


def _model(llm: ScriptedLLM, slots: CallSlots) -> ChatModel:
    return ChatModel(
        LLMSettings(base_url=llm.base_url, model="scripted", api_key="x", timeout_s=30),
        slots=slots,
    )


def test_calls_in_flight_on_the_server_never_exceed_the_slots(tmp_path: Path) -> None:
    with ScriptedLLM(default_reply="{}", delay_s=0.4) as llm:
        slots = FileCallSlots(tmp_path, POOL, 1)
        # Two runs' models (one each, as two run workers have), four calls each.
        models = [_model(llm, slots), _model(llm, slots)]

        def calls(model: ChatModel) -> None:
            for _ in range(4):
                model.complete("system", "user")

        threads = [threading.Thread(target=calls, args=(m,)) for m in models]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert len(llm.requests) == 8 and llm.errors == []
        assert llm.max_in_flight == 1
    with ScriptedLLM(default_reply="{}", delay_s=0.4) as llm:
        # Without slots the same two runs are both at the server at once: the bound is the slots'.
        unbounded = [
            ChatModel(LLMSettings(base_url=llm.base_url, model="s", api_key="x")) for _ in (1, 2)
        ]
        threads = [threading.Thread(target=m.complete, args=("s", "u")) for m in unbounded]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert llm.max_in_flight == 2


def test_a_call_cancelled_while_waiting_for_a_slot_is_never_sent(tmp_path: Path) -> None:
    from dream_assets.core.safety.cancellation import RunGuard

    with ScriptedLLM(default_reply="{}") as llm:
        slots = FileCallSlots(tmp_path, POOL, 1)
        guard = RunGuard(root=tmp_path, run_id="run-1", options_at_start="absent")
        guard.reason = "cancelled: agent disabled"
        model = ChatModel(
            LLMSettings(base_url=llm.base_url, model="scripted", api_key="x"),
            slots=slots,
            guard=guard,
        )
        with slots.hold(_never), pytest.raises(LLMCancelled, match="agent disabled"):
            model._watched(lambda: None)
        assert llm.requests == []


def test_an_abandoned_call_keeps_its_slot_until_the_server_has_answered_it(
    tmp_path: Path,
) -> None:
    from dream_assets.core.safety.cancellation import RunGuard

    answered = threading.Event()

    def slow(body: dict[str, Any]) -> str:
        time.sleep(3)
        answered.set()
        return "{}"

    with ScriptedLLM(default_reply="{}") as llm:
        llm.respond_with(slow)
        slots = FileCallSlots(tmp_path, POOL, 1)
        acquire(tmp_path, owner="dream", run_id="run-1", clock=SystemClock(), ttl=timedelta(1))
        guard = RunGuard(root=tmp_path, run_id="run-1", options_at_start="absent")
        assert guard.cancel_reason() is None
        # The run is cancelled while its call is in flight (the watch looks every 0.1 s).
        abandoning = ChatModel(
            LLMSettings(base_url=llm.base_url, model="scripted", api_key="x"),
            slots=slots,
            guard=guard,
            watch_s=0.1,
        )
        threading.Timer(0.3, lambda: setattr(guard, "reason", "cancelled: lease lost")).start()
        with pytest.raises(LLMCancelled):
            abandoning.complete("system", "user")
        assert not answered.is_set(), "the run waited for the answer instead of abandoning it"
        # The server is still busy with the abandoned call: another run's call waits for the
        # slot until the answer nobody will read has been given.
        with slots.hold(_never):
            assert answered.is_set()
        assert len(llm.requests) == 1


def _slot_taken(directory: Path, pool: str) -> bool:
    """Whether the only slot of ``pool`` is held (by someone else) right now."""
    try:
        with FileCallSlots(directory, pool, 1).hold(lambda: "cancelled: probe"):
            return False
    except SlotWaitCancelled:
        return True


@pytest.mark.parametrize("embeddings", ["lexical", "endpoint"])
def test_a_cycle_calls_the_model_holding_a_slot_of_its_pool(
    tmp_path: Path, scripted_llm: ScriptedLLM, embeddings: str
) -> None:
    from dream_assets.defs.pools import MODEL_POOL
    from dream_assets_tests.builders import entry, make_volume
    from dream_assets_tests.cycles import cycle, scripted_model

    root = tmp_path / "agents"
    options = {"embeddings": "endpoint", "embedding_model": "scripted-embed"}
    make_volume(
        root / "ada",
        [
            entry("m-1", "Caroline moved to Berlin in March 2021 for her job at SAP."),
            entry("m-2", "In March 2021 Caroline moved to Berlin for her SAP job."),
        ],
        **({"dream-options.json": json.dumps(options)} if embeddings == "endpoint" else {}),
    )
    held: list[bool] = []
    embedded: list[bool] = []

    def answer(body: dict[str, Any]) -> str:
        # Asked while the run holds the pool's only slot: a try for it now finds none.
        held.append(_slot_taken(slots_dir, MODEL_POOL))
        return "{}"

    def vector(text: str) -> list[float]:
        # The embeddings endpoint is the model's server: its requests hold the slot too.
        embedded.append(_slot_taken(slots_dir, MODEL_POOL))
        return [1.0, float(len(text) % 7), 0.5]

    scripted_llm.respond_with(answer)
    scripted_llm.embedding_fn = vector
    with dg.instance_for_test() as instance:
        instance.event_log_storage.set_concurrency_slots(MODEL_POOL, 1)
        slots_dir = Path(instance.root_directory) / "model-slots"
        result = cycle(root, "ada", instance, scripted_model(scripted_llm))
        assert result.success
    assert held and all(held), held
    if embeddings == "endpoint":
        assert embedded and all(embedded), embedded
    else:
        assert embedded == []
