"""The static route (the default): config.json -> modeling source -> graph, exact against torch.

A sample of the corpus benchmark (``benchmarks/bench_hf_corpus.py`` runs every model type):
each config comes from its transformers config class, saved as ``save_pretrained`` would, and
the count torch gives for ``AutoModel.from_config`` on the meta device is the oracle.
"""

from __future__ import annotations

import json

import pytest
import torch
from transformers import AutoConfig, AutoModel, BertConfig, GPT2Config, LlamaConfig, T5Config

from driftcheck.parsers.hf import load_config_graph
from tests.conftest import run_cli

SAMPLE = [
    "bert",
    "gpt2",
    "llama",
    "mistral",
    "qwen2",
    "gemma",
    "phi",
    "mixtral",
    "t5",
    "bart",
    "whisper",
    "vit",
    "clip",
    "llava",
    "roberta",
]


def torch_count(cfg, cls=AutoModel) -> int:
    with torch.device("meta"):
        model = cls.from_config(cfg) if cls is AutoModel else cls(cfg)
    return sum(p.numel() for p in model.parameters())


@pytest.mark.parametrize("model_type", SAMPLE)
def test_static_count_equals_torch(tmp_path, model_type):
    cfg = AutoConfig.for_model(model_type)
    path = tmp_path / "config.json"
    cfg.to_json_file(path)
    graph = load_config_graph(str(path))
    assert graph.origin.route == "static", graph.notes
    assert graph.params_total() == torch_count(cfg), graph.notes


def test_minimal_hand_written_config(tmp_path):
    """Only what a person would write: class defaults and __post_init__ fill the rest."""
    path = tmp_path / "config.json"
    small = {"hidden_size": 256, "num_attention_heads": 4, "intermediate_size": 512}
    path.write_text(json.dumps({"model_type": "llama", "num_hidden_layers": 2, **small}))
    want = torch_count(LlamaConfig(num_hidden_layers=2, **small))
    assert load_config_graph(str(path)).params_total() == want


WORKED = [  # docs/hf.md: configs equal to their class defaults and the published checkpoint
    (BertConfig, None, 109_482_240),  # bert-base-uncased, BertModel
    (GPT2Config, None, 124_439_808),  # gpt2, GPT2Model
    (T5Config, None, 60_506_624),  # t5-small, T5Model
    (LlamaConfig, "LlamaForCausalLM", 6_738_415_616),  # llama-7b shape, with its LM head
]


@pytest.mark.parametrize("cfg_cls, entry, published", WORKED)
def test_worked_examples(tmp_path, cfg_cls, entry, published):
    cfg = cfg_cls()
    if entry:
        cfg.architectures = [entry]
    path = tmp_path / "config.json"
    cfg.to_json_file(path)
    import transformers

    cls = getattr(transformers, entry) if entry else AutoModel
    assert torch_count(cfg, cls) == published
    static = load_config_graph(str(path), entry="architectures" if entry else None)
    exact = load_config_graph(str(path), exact=True, entry="architectures" if entry else None)
    assert static.params_total() == exact.params_total() == published


def test_cli_subprocess_json(tmp_path):
    path = tmp_path / "config.json"
    BertConfig().to_json_file(path)
    done = run_cli("graph", str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["params_total"] == 109_482_240
    assert data["origin"] == {
        "kind": "config",
        "path": str(path),
        "detail": data["origin"]["detail"],
        "route": "static",
    }
    assert data["origin"]["detail"].endswith("modeling_bert.py::BertModel")
    # model directory form
    done = run_cli("graph", str(tmp_path), "--format", "json")
    assert done.returncode == 0 and json.loads(done.stdout)["params_total"] == 109_482_240
