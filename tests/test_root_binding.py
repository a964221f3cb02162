"""How a model class's constructor is bound to a config it is compared with (``analyze.root_args``):
the config fills what the code leaves to its caller (a parameter without a default, or with the
default ``None``); a default value is what the code itself says, so a default that differs from
the config is drift. Truth from torch: the class built as the code's defaults build it."""

from __future__ import annotations

import json
import textwrap

import pytest

torch = pytest.importorskip("torch")

from driftcheck.drift import drift, load_sides  # noqa: E402
from driftcheck.parsers.source import parse_source  # noqa: E402

CODE = textwrap.dedent(
    """
    import torch
    from torch import nn

    class Tiny(nn.Module):
        def __init__(self, vocab_size=1000, hidden_size=None, layers=2):
            super().__init__()
            self.embed = nn.Embedding(vocab_size, hidden_size)
            self.blocks = nn.ModuleList(nn.Linear(hidden_size, hidden_size) for _ in range(layers))
    """
)


def _compare(tmp_path, cfg: dict):
    code = tmp_path / "tiny.py"
    code.write_text(CODE)
    conf = tmp_path / "config.json"
    conf.write_text(json.dumps(cfg))
    sides = load_sides(str(code), str(conf))
    return code, [f for f in drift(sides, str(code), str(conf)) if f.severity.rank]


def test_defaults_are_the_codes_statement(tmp_path):
    cfg = {"model_type": "llama", "vocab_size": 32000, "hidden_size": 16, "num_hidden_layers": 2}
    code, found = _compare(tmp_path, cfg)
    vocab = [f for f in found if "1000" in json.dumps(f.values, default=str)]
    assert vocab and "32000" in json.dumps(vocab[0].values, default=str)
    # what the static graph counts is what torch builds from the defaults plus the config's
    # hidden_size (given for the parameter that defaults to None)
    ns: dict = {}
    exec(compile(CODE, str(code), "exec"), ns)
    want = sum(p.numel() for p in ns["Tiny"](hidden_size=16).parameters())
    g = parse_source(str(code), config=cfg)
    assert g.params_total() == want


def test_matching_defaults_compare_clean(tmp_path):
    cfg = {"model_type": "llama", "vocab_size": 1000, "hidden_size": 16, "num_hidden_layers": 2}
    _, found = _compare(tmp_path, cfg)
    assert [f for f in found if "vocab" in f.message.lower()] == []


def test_a_transformers_model_whose_none_config_fallback_raises_binds_the_given_config(tmp_path):
    # VisionTextDualEncoderModel(config=None, vision_model=None, text_model=None) fills a None
    # config from the two models (and raises without them): with a config given, the config
    # is the model (the code's own fallback is for a caller who passes none)
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.hf import load_config_graph

    vision = transformers.ViTConfig(
        hidden_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=48,
        image_size=32,
        patch_size=8,
    )
    text = transformers.BertConfig(
        hidden_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=48,
        vocab_size=100,
    )
    cfg = transformers.VisionTextDualEncoderConfig.from_vision_text_configs(
        vision, text, projection_dim=16
    )
    path = tmp_path / "config.json"
    cfg.to_json_file(path)
    with torch.device("meta"):
        model = transformers.VisionTextDualEncoderModel(cfg)
    want = sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())
    g = load_config_graph(str(path))
    assert g.params_total() == want
