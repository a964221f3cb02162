"""Claims the code ignores (DRF030 unread-config-key, issue #17): a config key naming an
architecture fact that the code never reads is a finding with the key and its value."""

from __future__ import annotations

import json

import pytest

from driftcheck.drift import compare_sources

FULL_ATTENTION = """import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, config):
        super().__init__()
        width = config.hidden_size
        self.heads = config.num_attention_heads
        self.qkv = nn.Linear(width, 3 * width)  # full attention: one K and V head per head
        self.out = nn.Linear(width, width)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return self.out(torch.softmax(q @ k.transpose(-1, -2), -1) @ v)


class Model(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)
        self.layers = nn.ModuleList(Attention(config) for _ in range(config.num_hidden_layers))

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return x
"""
CONFIG = {
    "model_type": "my_model",
    "hidden_size": 64,
    "num_attention_heads": 8,
    "num_key_value_heads": 64,
    "num_hidden_layers": 2,
    "vocab_size": 100,
}


def _unread(tmp_path, code: str, config: dict) -> list:
    (tmp_path / "model.py").write_text(code)
    (tmp_path / "config.json").write_text(json.dumps(config))
    found = compare_sources(str(tmp_path / "model.py"), str(tmp_path / "config.json"))
    return [f for f in found if f.check_id == "DRF030"]


def test_kv_heads_the_code_never_reads(tmp_path):
    (f,) = _unread(tmp_path, FULL_ATTENTION, CONFIG)
    assert f.severity.value == "minor"
    assert "num_key_value_heads = 64" in f.message
    assert f.values == {"right": 64, "left": "not read"}
    assert any(loc.key == "num_key_value_heads" for loc in f.locations)


@pytest.mark.parametrize(
    "extra",
    [
        {"sliding_window": 4096},
        {"rope_scaling": {"rope_type": "linear", "factor": 2.0}},
        {"num_local_experts": 8, "num_experts_per_tok": 2},
    ],
)
def test_every_claim_is_a_finding(tmp_path, extra):
    config = {**CONFIG, **extra}
    keys = {loc.key for f in _unread(tmp_path, FULL_ATTENTION, config) for loc in f.locations}
    assert set(extra) | {"num_key_value_heads"} <= keys


@pytest.mark.parametrize(
    "code",
    [
        # read under its own name, through getattr, or as a dict key
        FULL_ATTENTION.replace(
            "self.heads = config.num_attention_heads",
            "self.heads = config.num_attention_heads\n        self.kv = config.num_key_value_heads",
        ),
        FULL_ATTENTION.replace(
            "self.heads = config.num_attention_heads",
            "self.heads = config.num_attention_heads\n"
            "        self.kv = getattr(config, 'num_key_value_heads', 8)",
        ),
        FULL_ATTENTION.replace(
            "width = config.hidden_size",
            "width = config.hidden_size\n        config['num_key_value_heads']",
        ),
        # read by computed names: not judged
        FULL_ATTENTION.replace(
            "width = config.hidden_size",
            "width = config.hidden_size\n        opts = {k: getattr(config, k) for k in dir(config)}",
        ),
        FULL_ATTENTION.replace(
            "width = config.hidden_size",
            "width = config.hidden_size\n        opts = config.to_dict()",
        ),
    ],
)
def test_read_or_unknown_is_no_finding(tmp_path, code):
    assert _unread(tmp_path, code, CONFIG) == []


def test_unset_claims_are_not_claims(tmp_path):
    config = {**CONFIG, "num_key_value_heads": None, "sliding_window": None}
    config["rope_scaling"] = None
    assert _unread(tmp_path, FULL_ATTENTION, config) == []
    config = {**CONFIG, "sliding_window": 4096, "use_sliding_window": False}
    config.pop("num_key_value_heads")
    assert _unread(tmp_path, FULL_ATTENTION, config) == []


def test_attribute_map_alias_counts_as_read(tmp_path):
    """GPT-2's config maps num_attention_heads to n_head: code reading either name reads it."""
    code = FULL_ATTENTION.replace("config.num_attention_heads", "config.n_head")
    config = {"model_type": "gpt2", "n_embd": 64, "n_head": 8, "n_layer": 2, "vocab_size": 100}
    code = code.replace("config.hidden_size", "config.n_embd").replace(
        "config.num_hidden_layers", "config.n_layer"
    )
    assert _unread(tmp_path, code, config) == []
    # the same code reading the standard name reads the alias too
    code = code.replace("config.n_head", "config.num_attention_heads")
    assert _unread(tmp_path, code, config) == []


def test_transformers_fork_reads_through_its_imports(tmp_path):
    """transformers' own Llama file reads rope and window keys in the modules it imports
    (modeling_rope_utils, masking_utils): a config setting them is no unread claim."""
    from driftcheck.parsers import hf_registry as reg

    src = reg.package_dir() / "models" / "mistral" / "modeling_mistral.py"
    config = {
        "model_type": "mistral", "hidden_size": 64, "intermediate_size": 128,
        "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
        "vocab_size": 100, "sliding_window": 32, "head_dim": 16,
        "rope_parameters": {"rope_type": "linear", "factor": 2.0, "rope_theta": 10000.0},
    }  # fmt: skip
    (tmp_path / "config.json").write_text(json.dumps(config))
    found = compare_sources(str(src), str(tmp_path / "config.json"))
    assert [f for f in found if f.check_id == "DRF030"] == []


def test_full_attention_claim_with_another_head_count_is_the_heads_finding(tmp_path):
    """The config says KV heads = heads (full attention); the code builds full attention with
    a literal head count of its own: the KV-head claim holds, the head count is the finding."""
    code = FULL_ATTENTION.replace("self.heads = config.num_attention_heads", "self.num_heads = 4")
    config = {**CONFIG, "num_key_value_heads": 8}
    (tmp_path / "model.py").write_text(code)
    (tmp_path / "config.json").write_text(json.dumps(config))
    found = compare_sources(str(tmp_path / "model.py"), str(tmp_path / "config.json"))
    assert not [f for f in found if f.check_id == "DRF030" and "num_key_value_heads" in f.message]


NESTED = FULL_ATTENTION.replace("config.hidden_size", "config.text_config.hidden_size").replace(
    "config.num_attention_heads", "config.text_config.num_attention_heads"
)
NESTED_CONFIG = {
    "model_type": "my_vlm",
    "vocab_size": 100,
    "hidden_size": 64,
    "num_hidden_layers": 2,
    "text_config": {"model_type": "my_text", "hidden_size": 64, "num_attention_heads": 8,
                    "num_key_value_heads": 2},
}  # fmt: skip


def test_a_nested_sub_config_claim_the_code_never_reads(tmp_path):
    """text_config says 2 KV heads; the code opens text_config but builds full attention."""
    (f,) = _unread(tmp_path, NESTED, NESTED_CONFIG)
    assert "text_config.num_key_value_heads = 2" in f.message
    assert any(loc.key == "text_config.num_key_value_heads" for loc in f.locations)


def test_a_sub_config_handed_to_an_auto_factory_is_unknown(tmp_path):
    code = NESTED + "\n\ndef build(config):\n    return AutoModel.from_config(config.text_config)\n"
    assert _unread(tmp_path, code, NESTED_CONFIG) == []
