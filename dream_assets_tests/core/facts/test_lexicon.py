"""The lexicon the judges read: lemminflect's own lookup, read in one piece (core/facts/lexicon)."""

from __future__ import annotations

from lemminflect import config
from lemminflect.codecs.LemmaLUCodec import LemmaLUCodec

from dream_assets.core.facts.lexicon import english_readings, read_lexicon


def test_read_lexicon_is_the_codecs_dictionary() -> None:
    ours = read_lexicon(config.lemma_lu_fn)
    theirs = LemmaLUCodec.load(config.lemma_lu_fn)
    assert len(ours) > 50_000
    assert ours == theirs


def test_readings_through_the_preloaded_lexicon() -> None:
    assert english_readings("drinks") == {"NOUN": ("drink",), "VERB": ("drink",)}
    assert english_readings("quitting") == {"VERB": ("quit",)}
    assert english_readings("borealis") == {}
