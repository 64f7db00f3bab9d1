"""The embedding backend the options choose, beside the model client (``llm.py``): the one
factory the near-duplicate asset and ``dream clusters`` share (README, "Semantic
near-duplicates"), and the endpoint embedding a langgraph store's writeback uses."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dream_assets.core.near_duplicates.embeddings import (
    Embedder,
    EmbeddingsUnavailable,
    EndpointEmbedder,
    LocalEmbedder,
    check_local_extra,
    default_cache_dir,
    local_model,
)
from dream_assets.core.options import DreamOptions
from dream_assets.core.store.kinds.boundary import EmbedTexts, EndpointEmbedding
from dream_assets.llm import LLMError, LLMSettings, openai_client, slotted, translated_errors
from dream_assets.model_slots import CallSlots


def embedding_choice(options: DreamOptions) -> str:
    """``lexical``, ``local`` or ``endpoint``: an unset ``embeddings`` with an
    ``embedding_model`` means the endpoint, as ``DREAM_EMBEDDING_MODEL`` alone always did."""
    if options.embeddings:
        return options.embeddings
    return "endpoint" if options.embedding_model else "lexical"


# The endpoint's call slots (``model_slots``), looked up only when the endpoint is used.
Slots = Callable[[], CallSlots | None]


def embedder_from_options(
    options: DreamOptions,
    settings: LLMSettings,
    env: Mapping[str, str] = os.environ,
    slots: Slots | None = None,
) -> Embedder | None:
    """The one place that turns options into an embedding backend (asset and CLI alike); an
    endpoint's requests are sent holding one of its ``slots`` when given.

    Raises ``EmbeddingsUnavailable`` with a one-line reason when the choice cannot work here
    (``local`` without the extra, an unknown local model, ``endpoint`` without a model or URL).
    """
    choice = embedding_choice(options)
    if choice == "lexical":
        return None
    if choice == "local":
        model = local_model(options.embedding_model)
        check_local_extra(model)
        return LocalEmbedder(model, default_cache_dir(dict(env)))
    name = options.embedding_model
    reachable = bool(settings.base_url or settings.api_key)
    if not options.embeddings and not reachable:
        return None  # DREAM_EMBEDDING_MODEL alone without an endpoint was always lexical
    if not name:
        raise EmbeddingsUnavailable(
            "embeddings 'endpoint' needs embedding_model (DREAM_EMBEDDING_MODEL)"
        )
    if not reachable:
        raise EmbeddingsUnavailable(
            "embeddings 'endpoint' needs DREAM_LLM_BASE_URL (or an API key) to reach"
        )
    held = slots() if slots is not None else None
    return EndpointEmbedder(
        lambda texts: embed(settings, texts, name, max_retries=settings.max_retries, slots=held),
        name,
        options.similarity_threshold,
    )


def endpoint_embedding(settings: LLMSettings, slots: Slots | None = None) -> EndpointEmbedding:
    """How a langgraph namespace with vectors is embedded with ``embed`` naming a model of the
    configured endpoint (``/embeddings``, the base URL and key of ``DREAM_LLM_*``): the kind
    gets this from the writeback (core knows no model client). Failures are one line."""

    def for_model(name: str) -> EmbedTexts:
        if not (settings.base_url or settings.api_key):
            raise EmbeddingsUnavailable("no DREAM_LLM_BASE_URL (or API key) to reach")

        held = slots() if slots is not None else None

        def embed_texts(texts: Sequence[str]) -> list[list[float]]:
            try:
                return embed(
                    settings, list(texts), name, max_retries=settings.max_retries, slots=held
                )
            except LLMError as exc:
                raise EmbeddingsUnavailable(str(exc).splitlines()[0] if str(exc) else name) from exc

        return embed_texts

    return for_model


def embed(
    settings: LLMSettings,
    texts: list[str],
    model: str,
    *,
    batch_size: int = 64,
    max_retries: int = 0,
    slots: CallSlots | None = None,
) -> list[list[float]]:
    """Embed ``texts`` through the embeddings endpoint, ``batch_size`` inputs per request, each
    sent holding one of the endpoint's ``slots`` when given (``model_slots``)."""
    if batch_size <= 0:
        raise ValueError(f"batch_size must be positive, got {batch_size}")
    if not texts:
        return []
    client = openai_client(settings, max_retries)
    vectors: list[list[float]] = []
    for start in range(0, len(texts), batch_size):
        batch = texts[start : start + batch_size]

        def request(batch: list[str] = batch) -> Any:
            return client.embeddings.create(model=model, input=batch, encoding_format="float")

        with translated_errors(settings):
            response = slotted(slots, None, request)()
        ordered = sorted(response.data, key=lambda item: item.index)
        if len(ordered) != len(batch):
            raise LLMError(
                f"embeddings endpoint returned {len(ordered)} vectors for {len(batch)} inputs"
            )
        vectors.extend([float(x) for x in item.embedding] for item in ordered)
    return vectors
