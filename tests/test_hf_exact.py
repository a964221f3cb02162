"""Route 2, ``--exact``: transformers on the meta device, mapped to the typed graph."""

from __future__ import annotations

import json

import pytest
import torch
from transformers import (
    AlbertConfig,
    AutoModel,
    BertConfig,
    GPT2Config,
    LlamaConfig,
    T5Config,
    ViTConfig,
)

from driftcheck.cli import main
from driftcheck.parsers.hf import load_config_graph
from driftcheck.parsers.hf_torch import module_graph


def meta_count(model_cls_or_auto, cfg) -> int:
    with torch.device("meta"):
        model = model_cls_or_auto.from_config(cfg)
    return sum(p.numel() for p in model.parameters())


CONFIGS = {
    "bert": BertConfig(),
    "gpt2": GPT2Config(),
    "llama": LlamaConfig(num_hidden_layers=4, num_key_value_heads=8),
    "t5": T5Config(),
    "vit": ViTConfig(),
    "albert": AlbertConfig(),  # one layer group shared across all layers
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_exact_route_counts_like_torch(tmp_path, name):
    cfg = CONFIGS[name]
    path = tmp_path / "config.json"
    cfg.to_json_file(path)
    graph = load_config_graph(str(path), exact=True)
    assert graph.origin.route == "torch-meta" and graph.origin.kind == "config"
    assert graph.params_total() == meta_count(AutoModel, cfg)
    assert graph.facts["modelType"].value == name
    # the expanded graph (repeats written out) counts the same
    assert graph.expand().params_total() == graph.params_total()


def test_published_counts(tmp_path):
    """BertConfig() is bert-base-uncased, GPT2Config() is gpt2: the published base counts."""
    for cfg, want in ((BertConfig(), 109_482_240), (GPT2Config(), 124_439_808)):
        path = tmp_path / f"{cfg.model_type}.json"
        cfg.to_json_file(path)
        assert meta_count(AutoModel, cfg) == want
        assert load_config_graph(str(path), exact=True).params_total() == want


def test_repeats_collapse_and_catalogue_types(tmp_path):
    path = tmp_path / "config.json"
    LlamaConfig(
        num_hidden_layers=5,
        hidden_size=256,
        intermediate_size=512,
        num_attention_heads=4,
        vocab_size=1000,
    ).to_json_file(path)
    graph = load_config_graph(str(path), exact=True)
    layers = [n for n in graph.nodes if n.name and n.name.startswith("layers.")]
    top = [n for n in layers if n.name.count(".") == 1]
    assert [(n.name, n.repeat) for n in top] == [("layers.0", 5)]
    q = graph.node("layers/0/self_attn/q_proj")
    assert q.type == "Linear" and q.params == {
        "in_features": 256,
        "out_features": 256,
        "bias": False,
    }
    assert graph.multiplicity(q) == 5
    emb = graph.node("embed_tokens")
    assert emb.type == "Embedding" and emb.params["num_embeddings"] == 1000


def test_tied_weights_counted_once():
    cfg = GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=100, n_positions=32)
    from transformers import GPT2LMHeadModel

    with torch.device("meta"):
        model = GPT2LMHeadModel(cfg)
    graph = module_graph(model)
    head = graph.node("lm_head")
    # the embedding owns the weight (a catalogue Embedding, or its Parameter node)
    assert head.tied["weight"] in ("transformer/wte.weight", "transformer/wte/weight.weight")
    assert graph.params_total() == sum(p.numel() for p in model.parameters())


def test_entry_from_architectures(tmp_path, capsys):
    path = tmp_path / "config.json"
    cfg = GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=100, n_positions=32)
    cfg.architectures = ["GPT2LMHeadModel"]
    cfg.to_json_file(path)
    graph = load_config_graph(str(path), exact=True, entry="architectures")
    assert graph.name == "GPT2LMHeadModel"
    from transformers import GPT2LMHeadModel

    with torch.device("meta"):
        want = sum(p.numel() for p in GPT2LMHeadModel(cfg).parameters())
    assert graph.params_total() == want


def test_exact_via_cli_json(tmp_path, capsys):
    path = tmp_path / "config.json"
    BertConfig(num_hidden_layers=2).to_json_file(path)
    assert main(["graph", str(path), "--exact", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["params_total"] == meta_count(AutoModel, BertConfig(num_hidden_layers=2))
    assert data["origin"]["route"] == "torch-meta"


def test_cli_entry_picks_the_class(tmp_path, capsys):
    """`driftcheck graph config.json --entry GPT2LMHeadModel` builds that class, both routes."""
    from transformers import GPT2LMHeadModel

    cfg = GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=100, n_positions=32)
    path = tmp_path / "config.json"
    cfg.to_json_file(path)
    with torch.device("meta"):
        want = sum(p.numel() for p in GPT2LMHeadModel(cfg).parameters())
    for extra in ([], ["--exact"]):
        args = ["graph", str(path), "--entry", "GPT2LMHeadModel", "--format", "json", *extra]
        assert main(args) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["params_total"] == want, extra
