"""A fast sample of the transformers corpus: the static graph's params_total equals torch's.

Torch's side is computed here, on the meta device, from each model type's default config
(``benchmarks/corpus.py``'s oracle); the static side parses the modeling file without
importing it. The full corpus runs in ``benchmarks/bench_source_corpus.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import oracle  # noqa: E402
from driftcheck.parsers.source import parse_source  # noqa: E402

SAMPLE = [
    "bert",
    "gpt2",
    "llama",
    "mistral",
    "qwen2",
    "t5",
    "vit",
    "clip",
    "bart",
    "qwen2_moe",
    "gemma2",
    "whisper",
    "roberta",
    "phi3",
    "mixtral",
]


@pytest.mark.parametrize("model_type", SAMPLE)
def test_corpus_sample_matches_torch(model_type):
    rec = oracle(model_type)
    assert rec["params"] is not None, rec.get("error")
    g = parse_source(rec["modeling_file"], entry=rec["model_class"], config=rec["config"])
    assert g.params_total() == rec["params"], (model_type, g.params_total(), g.notes[:5])
    assert g.origin.kind == "source"
    # the layer stack is a fact, with where it was read
    layers = g.facts.get("numLayers")
    if layers is not None:
        assert layers.loc is not None and layers.loc.line
