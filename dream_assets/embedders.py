"""The embedding backend the options choose, beside the model client (``llm.py``): the one
factory the near-duplicate asset and ``dream clusters`` share (README, "Semantic
near-duplicates"), and the endpoint embedding a langgraph store's writeback uses."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

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
from dream_assets.llm import LLMError, LLMSettings, embed


def embedding_choice(options: DreamOptions) -> str:
    """``lexical``, ``local`` or ``endpoint``: an unset ``embeddings`` with an
    ``embedding_model`` means the endpoint, as ``DREAM_EMBEDDING_MODEL`` alone always did."""
    if options.embeddings:
        return options.embeddings
    return "endpoint" if options.embedding_model else "lexical"


def embedder_from_options(
    options: DreamOptions, settings: LLMSettings, env: Mapping[str, str] = os.environ
) -> Embedder | None:
    """The one place that turns options into an embedding backend (asset and CLI alike).

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
    return EndpointEmbedder(
        lambda texts: embed(settings, texts, name, max_retries=settings.max_retries),
        name,
        options.similarity_threshold,
    )


def endpoint_embedding(settings: LLMSettings) -> EndpointEmbedding:
    """How a langgraph namespace with vectors is embedded with ``embed`` naming a model of the
    configured endpoint (``/embeddings``, the base URL and key of ``DREAM_LLM_*``): the kind
    gets this from the writeback (core knows no model client). Failures are one line."""

    def for_model(name: str) -> EmbedTexts:
        if not (settings.base_url or settings.api_key):
            raise EmbeddingsUnavailable("no DREAM_LLM_BASE_URL (or API key) to reach")

        def embed_texts(texts: Sequence[str]) -> list[list[float]]:
            try:
                return embed(settings, list(texts), name, max_retries=settings.max_retries)
            except LLMError as exc:
                raise EmbeddingsUnavailable(str(exc).splitlines()[0] if str(exc) else name) from exc

        return embed_texts

    return for_model
