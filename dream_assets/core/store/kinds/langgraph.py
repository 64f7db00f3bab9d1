"""One namespace of a LangGraph ``PostgresStore`` as a store (LangMem's memory tools and
managers): every write and check goes through the library (``langgraph_db``), no SQL of ours;
the snapshot lists the namespace in pages of its primary key (``namespace_pages``: the one
read of ours, since the library's ``search`` pages by OFFSET on ``updated_at``).

An item is a row whose value is ``{"content": str, ...}`` (the tools) or
``{"kind": K, "content": {"content": str, ...}}`` (the managers); any other value is left alone
and counted (reported unreadable). Its ref is its key, its version the sha256 of the value's
canonical JSON (``canonical``), and the row's ``updated_at`` is kept in its fields: a removal
goes ahead only while both are what the snapshot read. A merged entry is put under a new key
(uuid4) in its first source's shape. A removed row is first put, same key and value, under
``["dream-archive", *namespace]`` (the local ``store-archive/`` keeps the same bytes), re-read,
then deleted; the window for a lost agent edit is the few milliseconds between that re-read
and the delete. A namespace with vectors is written only with ``embed`` naming an embedder of
their dimension (``"local"``, or a model of the configured endpoint, whose embedding the
writeback gives: ``use_endpoint_embedding``); otherwise the writeback waits with one reason
(``WriteOutcome.waiting``). The store's TTLs
and indexes are never touched: reads do not refresh a TTL, and nothing is swept.

Bad input never stops the rest: a value this process cannot read exactly (``Undecodable``) or a
key too long for its archive file is left alone and named; a merged text jsonb cannot hold (NUL,
a lone surrogate) is not written and its sources stay. Writes go in library batches of at
most ``chunk`` ops (one batch's puts are one query, and PostgreSQL takes 65 535 parameters at
most); a writeback stopped part way returns what its batches before did (recorded in the
mirror), so nothing it wrote is written twice.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from dream_assets.core.near_duplicates.embeddings import EmbeddingsUnavailable
from dream_assets.core.store.kinds import boundary
from dream_assets.core.store.kinds.boundary import (
    item_version,
    required_field,
)
from dream_assets.core.store.kinds.langgraph_db import (
    ARCHIVE_ROOT,
    CHUNK,
    LOCAL,
    PAGE,
    EmbedFunc,
    Undecodable,
    chunks,
    embed_choice,
    library,
    local_embedder,
    mask_dsn,
    merged_key,
    namespace_pages,
    opened,
    parse_namespace,
    resolve_dsn,
    vector_dimension,
)
from dream_assets.core.store.store_archive import SEGMENT

KIND = "langgraph"
CATEGORY_PREFIX = "langgraph/"
# The fields a snapshot keeps of a row (all strings: ``boundary.StoreItem.fields``).
SHAPE, MANAGER_KIND, UPDATED_AT = "shape", "kind", "updated_at"
TOOLS, MANAGER = "tools", "manager"
# A key's UTF-8 bytes at most: its file ``store-archive/<run>/<key>`` is written through a temp
# file ``.<key>.<pid>-<n>.tmp`` (at most 25 bytes more), within a file name's 255 bytes.
MAX_KEY_BYTES = 230


def canonical(value: Any) -> bytes:
    """A value as the bytes its version is the sha256 of (and ``store-archive/`` keeps)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def memory_text(value: Any) -> tuple[str, dict[str, str]] | None:
    """A LangMem memory's text and shape fields, or None for any other value."""
    if not isinstance(value, dict):
        return None
    content = value.get("content")
    if isinstance(content, str):
        return content, {SHAPE: TOOLS}
    if isinstance(value.get("kind"), str) and isinstance(content, dict):
        inner = content.get("content")
        if isinstance(inner, str):
            return inner, {SHAPE: MANAGER, MANAGER_KIND: str(value["kind"])}
    return None


def value_like(text: str, fields: Mapping[str, str]) -> dict[str, Any]:
    """A new value for ``text`` in the shape a source had (the tools' shape by default)."""
    if fields.get(SHAPE) == MANAGER:
        return {"kind": fields.get(MANAGER_KIND) or "Memory", "content": {"content": text}}
    return {"content": text}


def unstorable(value: Any) -> bool:
    """Whether ``value`` holds a text a jsonb value cannot (NUL, a lone surrogate)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend([*item.keys(), *item.values()])
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _nameable(key: str) -> bool:
    return (
        bool(SEGMENT.match(key)) and key not in (".", "..") and len(key.encode()) <= MAX_KEY_BYTES
    )


def _stamp(when: datetime | None) -> str:
    return when.isoformat() if when is not None else ""


class LangGraphStore:
    name = KIND
    chunk = CHUNK  # ops per library ``batch`` while writing (``langgraph_db.CHUNK``)

    def __init__(
        self,
        dsn: str,
        namespace: tuple[str, ...],
        embed: str | None = None,
        index_fields: list[str] | None = None,
        page: int = PAGE,
        chunk: int | None = None,
    ) -> None:
        self.dsn = dsn
        self.namespace = namespace
        self.embed = embed  # None, "local", or an endpoint model's name
        self.index_fields = index_fields
        self.page = page  # rows per query while listing the namespace
        self.chunk = self.chunk if chunk is None else chunk
        if self.chunk < 1:
            raise ValueError(f"a chunk holds at least one op, not {self.chunk}")
        self._endpoint: boundary.EndpointEmbedding | None = None
        self._current: dict[str, tuple[str, str]] | None = None  # ref -> (version, updated_at)

    @classmethod
    def from_config(cls, config: Mapping[str, Any], source: Path) -> LangGraphStore:
        library()  # the extra's one line before anything else
        raw = required_field(config, source, kind=KIND, key="dsn", what="a PostgreSQL DSN")
        namespace = parse_namespace(
            required_field(config, source, kind=KIND, key="namespace", what="its labels"),
            f"{source}: namespace",
        )
        fields = config.get("index_fields")
        if fields is not None and not (
            isinstance(fields, list) and all(isinstance(f, str) for f in fields)
        ):
            raise boundary.StoreConfigError(
                f'{source}: "index_fields" must be a list of field paths'
            )
        return cls(
            resolve_dsn(raw, source), namespace, embed_choice(config.get("embed"), source), fields
        )

    def use_endpoint_embedding(self, embedding: boundary.EndpointEmbedding) -> None:
        """How to embed with an endpoint model (``embed`` naming one); given by the writeback."""
        self._endpoint = embedding

    def describe(self) -> str:
        return f"langgraph store {mask_dsn(self.dsn)} namespace {'/'.join(self.namespace)}"

    @property
    def category(self) -> str:
        return CATEGORY_PREFIX + "/".join(self.namespace)

    @property
    def archive_namespace(self) -> tuple[str, ...]:
        return (ARCHIVE_ROOT, *self.namespace)

    def directories(self) -> tuple[Path, ...]:
        return ()

    def check_target(self) -> None:
        """The database answers and the library's tables are set up (``setup()``, idempotent)."""
        with opened(self.dsn):
            pass

    # -- reading ----------------------------------------------------------------------------
    def pages(self, store: Any) -> Iterator[list[Any]]:
        """The namespace's rows, ``page`` at a time (``namespace_pages``)."""
        return namespace_pages(store, self.namespace, self.page)

    def _rows(self, store: Any) -> list[Any]:
        """Every row of exactly this namespace, by key."""
        return sorted((row for page in self.pages(store) for row in page), key=lambda r: r.key)

    def read(self) -> boundary.StoreRead:
        read = boundary.StoreRead()
        with opened(self.dsn) as store:
            rows = self._rows(store)
        current: dict[str, tuple[str, str]] = {}
        for row in rows:
            version = item_version(canonical(row.value))
            current[row.key] = (version, _stamp(row.updated_at))
            if isinstance(row.value, Undecodable):
                read.unreadable.append(boundary.Unreadable(row.key, row.value.reason))
                continue
            if not _nameable(row.key):
                read.unreadable.append(
                    boundary.Unreadable(row.key, "a key that cannot name a file")
                )
                continue
            found = memory_text(row.value)
            if found is None:
                read.unreadable.append(
                    boundary.Unreadable(row.key, "not a LangMem memory value: left alone")
                )
                continue
            text, fields = found
            if not text.strip():
                read.unreadable.append(boundary.Unreadable(row.key, "an empty memory: left alone"))
                continue
            read.items.append(
                boundary.StoreItem(
                    ref=row.key,
                    version=version,
                    text=text,
                    category=self.category,
                    fields={**fields, UPDATED_AT: _stamp(row.updated_at)},
                    modified_at=row.updated_at,
                )
            )
        self._current = current
        return read

    def current_version(self, ref: str) -> str | None:
        # One listing per instance (the check asks for every item of the snapshot).
        if self._current is None:
            self.read()
        assert self._current is not None
        found = self._current.get(ref)
        return found[0] if found else None

    # -- writing ----------------------------------------------------------------------------
    def _embedder(self, dims: int | None) -> tuple[int, EmbedFunc] | str | None:
        """The embedder a namespace with ``dims``-dimension vectors is written with, or why the
        writeback waits (no ``embed``, no endpoint, another dimension); None without vectors."""
        if dims is None:
            return None
        where = f"namespace {'/'.join(self.namespace)}"
        if self.embed is None:
            return (
                f'{where} has a vector index ({dims} dimensions) and no "embed" in '
                "dream-store.json: the writeback waits"
            )
        if self.embed == LOCAL:
            found, what = local_embedder(), "the local model"
        else:
            what = f"endpoint model {self.embed}"
            if self._endpoint is None:
                return f"{where} has vectors; {what} has no endpoint here: the writeback waits"
            try:
                embed = self._endpoint(self.embed)
                probe = embed(["dream dimension probe"])
            except EmbeddingsUnavailable as exc:
                return f"{where} has vectors; {what} cannot embed ({exc}): the writeback waits"
            if len(probe) != 1 or not probe[0]:
                return f"{where} has vectors; {what} returned no vector: the writeback waits"
            found = (len(probe[0]), embed)
        if found[0] != dims:
            return (
                f"{where} has {dims}-dimension vectors, {what} makes {found[0]}: "
                "the writeback waits"
            )
        return found

    def _writer(self, store: Any, embed: tuple[int, EmbedFunc] | None) -> Any:
        """The store that puts new rows: with the embedder as index config where vectors are."""
        if embed is None:
            return store
        store_class, _ops = library()
        index: dict[str, Any] = {"dims": embed[0], "embed": embed[1]}
        if self.index_fields:
            index["fields"] = self.index_fields
        return store_class(store.conn, index=index)

    def apply(self, plan: boundary.WritePlan, keep: boundary.KeepRemoved) -> boundary.WriteOutcome:
        outcome = boundary.WriteOutcome()
        self._current = None
        with opened(self.dsn) as store:
            embed = self._embedder(vector_dimension(store, self.namespace))
            if isinstance(embed, str):
                outcome.waiting = embed
                return outcome
            writer = self._writer(store, embed)
            try:
                held = self._put_new(writer, plan.new, outcome)
                # The sources of a merge not written stay in the store.
                removals = [r for r in plan.removals if r.ref not in held]
                self._put_back(writer, plan, outcome)
                self._remove(store, removals, keep, outcome)
            except Exception as exc:  # any: one escaping would lose the record of what landed
                # What was done is in ``outcome``, chunk by chunk (recorded in the mirror:
                # nothing is written twice); the rest is retried by the next writeback.
                first = (str(exc).strip().splitlines() or [""])[0]
                outcome.failures.append(
                    f"the writeback stopped part way ({type(exc).__name__}: "
                    f"{mask_dsn(first)}): what it did is recorded, the rest waits for the next"
                )
        return outcome

    def _put_new(
        self, writer: Any, new: list[boundary.NewItem], outcome: boundary.WriteOutcome
    ) -> set[str]:
        """Put the merged rows; returns the source refs of those not written (they stay)."""
        _cls, ops = library()
        puts: list[tuple[str, Any, tuple[str, str]]] = []  # (entry id, op, (ref, version))
        held: set[str] = set()
        for item in new:
            shape = next((f for f in item.source_fields if f.get(SHAPE)), {})
            value = value_like(item.text, shape)
            if unstorable(value):
                outcome.failures.append(
                    f"{item.entry_id}: its text holds a NUL or a lone surrogate, which a jsonb "
                    "value cannot hold: not written, its sources stay in the store"
                )
                held.update(item.source_refs)
                continue
            key = merged_key(self.namespace, item.entry_id)
            put = ops.PutOp(self.namespace, key, value)
            puts.append((item.entry_id, put, (key, item_version(canonical(value)))))
        for chunk in chunks(puts, self.chunk):
            writer.batch([put for _, put, _ in chunk])
            outcome.written.update((entry_id, done) for entry_id, _, done in chunk)
        return held

    def _put_back(
        self, writer: Any, plan: boundary.WritePlan, outcome: boundary.WriteOutcome
    ) -> None:
        for chunk in chunks(plan.put_back, self.chunk):
            self._put_back_chunk(writer, chunk, outcome)

    def _put_back_chunk(
        self, writer: Any, put_back: Sequence[boundary.PutBack], outcome: boundary.WriteOutcome
    ) -> None:
        _cls, ops = library()
        now = writer.batch([ops.GetOp(self.namespace, b.ref, False) for b in put_back])
        puts, done = [], {}
        for back, row in zip(put_back, now, strict=True):
            version = item_version(back.data)
            try:
                value = json.loads(back.data)
            except ValueError:
                value = None
            if not isinstance(value, dict) or unstorable(value):
                outcome.failures.append(f"{back.entry_id}: its kept copy is not a jsonb object")
                continue
            if row is not None and item_version(canonical(row.value)) != version:
                outcome.failures.append(
                    f"{back.entry_id}: key {back.ref} is taken in the store by another value"
                )
                continue
            if row is None:
                puts.append(ops.PutOp(self.namespace, back.ref, value))
            done[back.entry_id] = (back.ref, version)
        if puts:
            writer.batch(puts)
        outcome.put_back.update(done)

    def _still_as_read(
        self, store: Any, removals: Sequence[boundary.Removal], outcome: boundary.WriteOutcome
    ) -> list[Any]:
        """The removals whose row is still what the snapshot read (value and ``updated_at``),
        as (removal, row); the others are reported changed or missing."""
        _cls, ops = library()
        rows = store.batch([ops.GetOp(self.namespace, r.ref, False) for r in removals])
        same = []
        for removal, row in zip(removals, rows, strict=True):
            if row is None:
                outcome.missing.append(removal.ref)
                continue
            read_at = removal.fields.get(UPDATED_AT)
            if item_version(canonical(row.value)) != removal.version or (
                read_at and read_at != _stamp(row.updated_at)
            ):
                outcome.changed.append((removal.ref, "updated in the store since the snapshot"))
                continue
            same.append((removal, row))
        return same

    def _remove(
        self,
        store: Any,
        removals: list[boundary.Removal],
        keep: boundary.KeepRemoved,
        outcome: boundary.WriteOutcome,
    ) -> None:
        """Each chunk kept, archived, re-read and deleted before the next (the window between
        a re-read and its delete stays one chunk's); what was removed recorded chunk by chunk."""
        for chunk in chunks(removals, self.chunk):
            self._remove_chunk(store, chunk, keep, outcome)

    def _remove_chunk(
        self,
        store: Any,
        removals: Sequence[boundary.Removal],
        keep: boundary.KeepRemoved,
        outcome: boundary.WriteOutcome,
    ) -> None:
        _cls, ops = library()
        going = self._still_as_read(store, removals, outcome)
        if not going:
            return
        keep([(removal.ref, canonical(row.value)) for removal, row in going])
        store.batch(
            [ops.PutOp(self.archive_namespace, r.ref, row.value, index=False) for r, row in going]
        )
        # Re-read just before the delete: an agent's update since the first read keeps its row.
        again = {
            removal.ref: row
            for removal, row in zip(
                [r for r, _ in going],
                store.batch([ops.GetOp(self.namespace, r.ref, False) for r, _ in going]),
                strict=True,
            )
        }
        deletes, removed = [], {}
        for removal, row in going:
            now = again.get(removal.ref)
            if now is None:
                outcome.missing.append(removal.ref)
            elif canonical(now.value) != canonical(row.value) or now.updated_at != row.updated_at:
                outcome.changed.append((removal.ref, "updated in the store during the writeback"))
            else:
                deletes.append(ops.PutOp(self.namespace, removal.ref, None))
                removed[removal.ref] = ""
        if deletes:
            store.batch(deletes)
        outcome.removed.update(removed)
