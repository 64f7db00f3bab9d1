"""The database side of the ``langgraph`` kind: the library (``PostgresStore`` of
``langgraph-checkpoint-postgres``, extra ``stores``), the DSN (a string, or ``{"env": NAME}``;
never shown with its password), the library's ``setup()`` once per database and process, and
whether a namespace has vectors (read through the library's own search, no SQL of ours), and
the one read of ours: a namespace's rows in pages of its primary key (``namespace_pages``).
Values are decoded by ``decode_value`` (set on the connection as psycopg's JSON loader): a value
this process cannot hold exactly is an ``Undecodable`` (left alone, named), never an error that
stops the whole read.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Any

from dream_assets.core.store.kinds.boundary import EmbedTexts, StoreConfigError

EXTRA_HINT = "pip install 'dream-assets[stores]'"
# LangGraph's namespace labels: non-empty, no "." (the library's own rule).
ARCHIVE_ROOT = "dream-archive"
_PASSWORD_URL = re.compile(
    r"(?P<head>[a-z][a-z0-9+.-]*://[^:/@\s]*:)(?P<secret>[^@\s]*)(?=@)", re.I
)
_PASSWORD_KV = re.compile(r"(?P<head>\bpassword\s*=\s*)(?P<secret>'(?:[^'\\]|\\.)*'|\S+)", re.I)
_DIMENSIONS = re.compile(r"different vector dimensions (\d+) and (\d+)")
_setup_done: set[str] = set()
_setup_lock = threading.Lock()
# How deep a value may nest (as the agent volume's records, ``record_bounds.MAX_NESTING``): one
# decoded near the recursion limit could fail again where it is encoded, deeper in the stack.
MAX_NESTING = 100
UTF8 = "UTF8"  # the only server encoding the library reads right (SQL_ASCII: keys as bytes)
PAGE = 5000  # rows per query while listing a namespace
# Ops per library ``batch`` of a writeback: the library sends a batch's puts as one INSERT of
# 4 query parameters a row (a vector 4 a text, a delete 1 a key), and PostgreSQL takes at most
# 65 535 in one query: one batch of more than 16 383 puts fails, the same way on every retry.
CHUNK = 1000
# The library's table ``store``, by its primary key (prefix, key): the rows of exactly one
# namespace (``prefix`` is its labels joined by "."), in key order, after a key.
_ROWS = "SELECT key, value, created_at, updated_at FROM store WHERE prefix = %s"
_FIRST_PAGE = _ROWS + " ORDER BY key LIMIT %s"
_NEXT_PAGE = _ROWS + " AND key > %s ORDER BY key LIMIT %s"


class Undecodable(dict[str, Any]):
    """A stored value this process does not read (``reason``): its row is left alone. A dict, so
    the library passes it through as a row's value."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class _Inexact(Exception):
    pass


def _exact_float(text: str) -> float:
    value = float(text)
    if Decimal(text) != Decimal(repr(value)):  # rounded, or out of range (inf, 0.0)
        raise _Inexact
    return value


def _deeper_than(value: Any, limit: int) -> bool:
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= limit:
                return True
            stack.extend(
                (child, depth + 1) for child in (item.values() if isinstance(item, dict) else item)
            )
    return False


def decode_value(data: str | bytes) -> Any:
    """A row's value (psycopg's JSON loader on our connections): a JSON object, exactly as
    stored, else an ``Undecodable`` naming why."""
    try:
        value = json.loads(data, parse_float=_exact_float)
    except RecursionError:
        return Undecodable(f"a value nested deeper than {MAX_NESTING} levels: left alone")
    except (_Inexact, ValueError):  # a rounded float, an int past Python's digit limit, bytes
        return Undecodable("a value this process cannot read exactly: left alone")
    if not isinstance(value, dict):
        return Undecodable("a value that is not a JSON object: left alone")
    if _deeper_than(value, MAX_NESTING):
        return Undecodable(f"a value nested deeper than {MAX_NESTING} levels: left alone")
    return value


def library() -> Any:
    """``PostgresStore`` and the ops module, or the one-line error naming the extra."""
    try:
        import psycopg  # noqa: F401
        from langgraph.store import base as ops
        from langgraph.store.postgres import PostgresStore
    except ImportError as exc:
        raise StoreConfigError(
            f"the langgraph kind needs langgraph-checkpoint-postgres and psycopg 3 "
            f"({exc.name or exc} is missing): {EXTRA_HINT}"
        ) from exc
    return PostgresStore, ops


def mask_dsn(text: str) -> str:
    """``text`` with any DSN password replaced by ``***`` (URL and key=value forms)."""
    text = _PASSWORD_URL.sub(lambda m: m.group("head") + "***", text)
    return _PASSWORD_KV.sub(lambda m: m.group("head") + "***", text)


def resolve_dsn(raw: Any, source: Path, env: Mapping[str, str] | None = None) -> str:
    """The DSN ``dream-store.json`` names: a string, or ``{"env": NAME}`` read from ``env``."""
    env = os.environ if env is None else env
    if isinstance(raw, str) and raw.strip():
        return raw.strip()
    if isinstance(raw, dict) and set(raw) == {"env"} and isinstance(raw["env"], str):
        value = env.get(raw["env"], "").strip()
        if not value:
            raise StoreConfigError(f"{source}: dsn: the environment variable {raw['env']} is unset")
        return value
    raise StoreConfigError(
        f'{source}: langgraph\'s "dsn" must be a DSN string or {{"env": "DREAM_LANGGRAPH_DSN"}}'
    )


def parse_namespace(raw: Any, where: str) -> tuple[str, ...]:
    """A namespace as a list (or a comma-separated string) of labels, validated as LangGraph
    does (non-empty labels without "."); the dream's own archive is refused."""
    # The command line's "a, b" is trimmed; a list's labels are the store's own, verbatim (a
    # label "user-42 " is another namespace than "user-42").
    labels = [label.strip() for label in raw.split(",")] if isinstance(raw, str) else raw
    if not isinstance(labels, list | tuple) or not labels:
        raise StoreConfigError(f"{where}: a namespace is a non-empty list of labels")
    out = tuple(label if isinstance(label, str) else "" for label in labels)
    bad = next((label for label in out if not label or "." in label), None)
    if bad is not None:
        raise StoreConfigError(f"{where}: namespace label {bad!r} is empty or holds a '.'")
    if out[0] == ARCHIVE_ROOT:
        raise StoreConfigError(f"{where}: {ARCHIVE_ROOT!r} is the dream's archive, not memory")
    return out


def _setup_key(dsn: str) -> str:
    return mask_dsn(dsn) + "\x00" + str(hash(dsn))


@contextmanager
def opened(dsn: str) -> Iterator[Any]:
    """A ``PostgresStore`` on one connection (the library's ``from_conn_string``), its tables
    set up once per database in this process; a DSN or connection failure is one masked line.
    Its values are decoded by ``decode_value``; a database not in UTF8 is refused."""
    store_class, _ops = library()
    import psycopg
    from psycopg.types.json import set_json_loads

    with ExitStack() as stack:
        try:
            store = stack.enter_context(store_class.from_conn_string(dsn))
            set_json_loads(decode_value, store.conn)
            encoding = store.conn.info.parameter_status("server_encoding")
            if encoding is not None and encoding != UTF8:
                raise StoreConfigError(
                    f"langgraph store {mask_dsn(dsn)}: the database's encoding is {encoding}, "
                    f"which the library misreads; it needs {UTF8}"
                )
            key = _setup_key(dsn)
            if key not in _setup_done:
                with _setup_lock:
                    store.setup()  # idempotent: the library's own migrations
                    _setup_done.add(key)
        except psycopg.Error as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise StoreConfigError(f"langgraph store {mask_dsn(dsn)}: {mask_dsn(first)}") from exc
        try:
            yield store
        except psycopg.OperationalError as exc:  # the connection dropped meanwhile
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise StoreConfigError(f"langgraph store {mask_dsn(dsn)}: {mask_dsn(first)}") from exc


def namespace_pages(
    store: Any, namespace: tuple[str, ...], page: int = PAGE
) -> Iterator[list[Any]]:
    """The rows of exactly ``namespace`` (as the library's ``Item``), at most ``page`` per query,
    each query on the store's connection asking for the keys after the last one read. A row the
    agent puts or deletes meanwhile moves no other row: every row there throughout the listing
    is read exactly once (an updated one with its value before or after; one put or deleted
    meanwhile may be there or not). Not the library's ``search``: it pages by OFFSET in
    ``updated_at`` order, where a row updated or deleted between two pages shifts another out
    of them, and rows of one ``batch`` (one ``updated_at``) have no order across pages. Reads
    touch no TTL (as ``refresh_ttl=False``) and, like the library's search without
    ``omit_expired``, hold rows past their TTL that nothing swept yet."""
    if page < 1:
        raise ValueError(f"a page holds at least one row, not {page}")
    from psycopg.rows import dict_row

    _store_class, ops = library()
    prefix = ".".join(namespace)  # the library's own text of a namespace (labels hold no ".")
    after: str | None = None
    while True:
        with store.conn.cursor(binary=True, row_factory=dict_row) as cursor:
            if after is None:
                cursor.execute(_FIRST_PAGE, (prefix, page))
            else:
                cursor.execute(_NEXT_PAGE, (prefix, after, page))
            rows = cursor.fetchall()
        if rows:
            yield [
                ops.Item(
                    value=row["value"]
                    if isinstance(row["value"], dict)
                    else Undecodable("a value that is not a JSON object: left alone"),
                    key=row["key"],
                    namespace=namespace,
                    created_at=row["created_at"],
                    updated_at=row["updated_at"],
                )
                for row in rows
            ]
        if len(rows) < page:
            return
        after = rows[-1]["key"]


def chunks(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    """``items`` in runs of at most ``size`` (at least one), in order."""
    if size < 1:
        raise ValueError(f"a chunk holds at least one op, not {size}")
    for start in range(0, len(items), size):
        yield items[start : start + size]


def vector_dimension(store: Any, namespace: tuple[str, ...]) -> int | None:
    """The dimension of the vectors under ``namespace`` (None: none there, or no index in the
    database). Asked through the library: a search with a query on a store configured with a
    one-dimension probe embedding joins the store's vectors; PostgreSQL names their dimension
    when it differs. Never calls the probe's ``setup()`` (that would create a vector index)."""
    import psycopg

    store_class, _ops = library()
    probe = store_class(
        store.conn,
        index={"dims": 1, "embed": _probe_embedding, "fields": ["$"]},
    )
    try:
        found = probe.search(namespace, query="dream probe", limit=1, refresh_ttl=False)
    except (psycopg.errors.UndefinedTable, psycopg.errors.UndefinedObject):
        return None  # no store_vectors table, or no pgvector: no index in this database
    except psycopg.errors.DataException as exc:
        match = _DIMENSIONS.search(str(exc))
        if match is None:
            raise
        return int(match.group(1)) if match.group(2) == "1" else int(match.group(2))
    return 1 if found else None


def _probe_embedding(texts: Sequence[str]) -> list[list[float]]:
    return [[1.0] for _ in texts]


EmbedFunc = EmbedTexts
LOCAL = "local"


def embed_choice(raw: Any, source: Path) -> str | None:
    """``embed`` of ``dream-store.json``: None (no embedder), ``"local"`` (the recorded offline
    model of the extra ``semantic``), or the name of a model the configured OpenAI-compatible
    endpoint serves (``/embeddings``, the base URL and key of ``DREAM_LLM_*``)."""
    if raw is None:
        return None
    if not isinstance(raw, str) or not raw.strip():
        raise StoreConfigError(
            f'{source}: "embed" must be null, "local" (the offline model, extra semantic) or '
            "the name of an embeddings model of the DREAM_LLM_BASE_URL endpoint"
        )
    return raw.strip()


def local_embedder() -> tuple[int, EmbedFunc]:
    """The offline model of ``embed: "local"`` as (dimension, function); loaded on first use."""
    from dream_assets.core.near_duplicates.embeddings import (
        DEFAULT_LOCAL_MODEL,
        LOCAL_MODELS,
        LocalEmbedder,
        default_cache_dir,
    )

    model = LOCAL_MODELS[DEFAULT_LOCAL_MODEL]
    local = LocalEmbedder(model, default_cache_dir(os.environ))

    def embed(texts: Sequence[str]) -> list[list[float]]:
        return [list(map(float, row)) for row in local.embed(list(texts))]

    return model.dimension, embed


# A merged row's key is its merge's own: a version-4 UUID (DESIGN.md: "a new key (uuid4)") whose
# bits are those of the namespace and the merged entry's id hashed, not random. A chunk that
# committed before the connection dropped is not recorded, and the next writeback sends it again:
# the same key overwrites the row it put instead of adding a copy.
def merged_key(namespace: Sequence[str], entry_id: str) -> str:
    digest = hashlib.sha256(json.dumps([list(namespace), entry_id]).encode("utf-8")).digest()
    return str(uuid.UUID(bytes=digest[:16], version=4))
