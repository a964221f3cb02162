"""Claims the code ignores (DRF030 unread-config-key, issue #17): a config key naming an
architecture fact that the code never reads is a finding with the key and its value."""

from __future__ import annotations

import json

import pytest

from driftcheck.drift import compare_sources
from driftcheck.findings import Severity

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
    assert f.values == {"right": 64, "left": 8}  # the code builds full attention: 8 KV heads
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


# ------------------------------------------------------------------ claims judged by the fact
# Each style builds 8 heads and 2 KV heads of width 8 at width 64 (the GQA config below), and
# reads none of the config's key names: the claim is honoured by what the code builds.
GQA_BODY = """
class Attention(nn.Module):
    def __init__(self, width, heads, kv):
        super().__init__()
        hd = width // heads
        self.n_q, self.n_group, self.hd = heads, kv, hd
        self.wq = nn.Linear(width, heads * hd, bias=False)
        self.wk = nn.Linear(width, kv * hd, bias=False)
        self.wv = nn.Linear(width, kv * hd, bias=False)
        self.wo = nn.Linear(heads * hd, width, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, self.n_q, self.hd).transpose(1, 2)
        k = self.wk(x).view(b, t, self.n_group, self.hd).transpose(1, 2)
        v = self.wv(x).view(b, t, self.n_group, self.hd).transpose(1, 2)
        rep = self.n_q // self.n_group
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        a = torch.softmax(q @ k.transpose(-1, -2), -1) @ v
        return self.wo(a.transpose(1, 2).reshape(b, t, -1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Attention(WIDTH, HEADS, KV) for _ in range(DEPTH))

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = x + layer(x)
        return x
"""
HEAD = "import torch\nfrom torch import nn\n"
STYLES = {
    "module constants": "VOCAB, WIDTH, DEPTH, HEADS, KV = 100, 64, 2, 8, 2\n",
    "a dict constant": 'CFG = {"vocab": 100, "d": 64, "depth": 2, "q_heads": 8, "groups": 2}\n'
    'VOCAB, WIDTH, DEPTH = CFG["vocab"], CFG["d"], CFG["depth"]\n'
    'HEADS, KV = CFG["q_heads"], CFG["groups"]\n',
    "a SimpleNamespace": "from types import SimpleNamespace\n"
    "hp = SimpleNamespace(vocab=100, d=64, depth=2, q_heads=8, groups=2)\n"
    "VOCAB, WIDTH, DEPTH, HEADS, KV = hp.vocab, hp.d, hp.depth, hp.q_heads, hp.groups\n",
    "a NamedTuple": "from typing import NamedTuple\n\n\nclass Hyper(NamedTuple):\n"
    "    vocab: int = 100\n    d: int = 64\n    depth: int = 2\n    q_heads: int = 8\n"
    "    groups: int = 2\n\n\nH = Hyper()\n"
    "VOCAB, WIDTH, DEPTH, HEADS, KV = H.vocab, H.d, H.depth, H.q_heads, H.groups\n",
}
GQA = {"model_type": "my_model", "hidden_size": 64, "num_attention_heads": 8,
       "num_key_value_heads": 2, "num_hidden_layers": 2, "vocab_size": 100}  # fmt: skip


def _torch_kv(path) -> int:
    """KV heads the code builds, in torch: the key projection's width over the head width."""
    import runpy

    torch = pytest.importorskip("torch")
    with torch.device("meta"):
        m = runpy.run_path(str(path), run_name="__case__")["Model"]()
    att = m.layers[0]
    return att.wk.out_features // att.hd


@pytest.mark.parametrize("style", list(STYLES))
def test_a_claim_the_code_builds_under_other_names_is_honoured(tmp_path, style):
    code = HEAD + STYLES[style] + GQA_BODY
    (tmp_path / "model.py").write_text(code)
    assert _torch_kv(tmp_path / "model.py") == 2  # ground truth: the code builds the claim
    assert _unread(tmp_path, code, GQA) == []


def test_full_attention_against_a_kv_claim_holds_both_values(tmp_path):
    """The same code built with as many KV heads as heads (full attention): the config's
    2 KV heads are ignored, and the finding holds both values (8 built, 2 claimed)."""
    code = HEAD + STYLES["module constants"].replace(
        "KV = 100, 64, 2, 8, 2", "KV = 100, 64, 2, 8, 8"
    )
    code += GQA_BODY
    (tmp_path / "model.py").write_text(code)
    assert _torch_kv(tmp_path / "model.py") == 8
    (f,) = _unread(tmp_path, code, GQA)
    assert f.values == {"right": 2, "left": 8}


LLAMA_FULL = """import torch
from torch import nn
import torch.nn.functional as F

VOCAB, WIDTH, DEPTH, HEADS, FFN = 128, 64, 2, 8, 128


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = HEADS
        self.q = nn.Linear(WIDTH, WIDTH, bias=False)
        self.k = nn.Linear(WIDTH, WIDTH, bias=False)
        self.v = nn.Linear(WIDTH, WIDTH, bias=False)
        self.o = nn.Linear(WIDTH, WIDTH, bias=False)
        self.gate = nn.Linear(WIDTH, FFN, bias=False)
        self.up = nn.Linear(WIDTH, FFN, bias=False)
        self.down = nn.Linear(FFN, WIDTH, bias=False)
        self.n1, self.n2 = RMSNorm(WIDTH), RMSNorm(WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q, k, v = (p(h).view(b, t, self.n, -1).transpose(1, 2) for p in (self.q, self.k, self.v))
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Block() for _ in range(DEPTH))
        self.norm = RMSNorm(WIDTH)
        self.head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""
LLAMA_GQA = {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "vocab_size": 128,
             "hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2,
             "num_attention_heads": 8, "num_key_value_heads": 2, "rms_norm_eps": 1e-6,
             "tie_word_embeddings": False, "max_position_embeddings": 128}  # fmt: skip


def test_full_attention_against_a_llama_kv_claim_is_one_finding(tmp_path):
    """The issue's case against a known model: the config says 2 KV heads, the code builds
    full attention (8) and never reads num_key_value_heads. One finding, both values; the
    narrower k/v projections it causes are listed under it, not beside it."""
    (tmp_path / "model.py").write_text(LLAMA_FULL)
    (tmp_path / "config.json").write_text(json.dumps(LLAMA_GQA))
    found = compare_sources(str(tmp_path / "model.py"), str(tmp_path / "config.json"))
    real = [f for f in found if f.severity.rank >= 1]
    assert len(real) == 1, [f.message for f in real]
    (f,) = real
    assert f.check_id == "DRF030" and f.values == {"right": 2, "left": 8}
    assert "64 -> 16" in (f.evidence or "")
    torch = pytest.importorskip("torch")
    import runpy

    with torch.device("meta"):
        m = runpy.run_path(str(tmp_path / "model.py"), run_name="__case__")["Model"]()
    assert m.layers[0].k.out_features // (64 // 8) == 8  # torch: 8 KV heads built


def test_kv_heads_read_off_the_key_and_value_widths(tmp_path):
    """The code builds 2 KV heads; the config claims 4, so a fused K/V for the claim would be
    as wide as the queries (2 x 4 x 8 = 64): the separate k and v widths decide, 2 vs 4."""
    code = HEAD + STYLES["a SimpleNamespace"] + GQA_BODY
    (tmp_path / "model.py").write_text(code)
    assert _torch_kv(tmp_path / "model.py") == 2
    (tmp_path / "config.json").write_text(json.dumps({**GQA, "num_key_value_heads": 4}))
    found = compare_sources(str(tmp_path / "model.py"), str(tmp_path / "config.json"))
    # one finding with both values: the KV heads read off the forward's head split (a fact
    # compared, DRF005) or, where no split is read, the claim judged by the widths (DRF030)
    (f,) = [f for f in found if f.severity.rank >= Severity.minor.rank]
    assert f.check_id in ("DRF005", "DRF030")
    assert f.values == {"right": 4, "left": 2}
