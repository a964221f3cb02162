"""Session 35 (unknown35): an unknown must never be a finding.

A small Qwen2-style reimplementation, clean against a config built from transformers'
``Qwen2Config`` (torch is the ground truth: the code's model and transformers' own model built
from that config hold the same weight shapes). Each module global of the code is then made
unknown, the way the alias check (interp/aliasing.py) makes one, through the debug switch
``DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS``; and once through a real alias (a table changed at import
through another name). Compare must then say nothing of minor or above: an unknown size, layer
count, block or class is an honest unknown (info naming it), never drift. A planted drift (the
MLP width, the layer count) is still found with no unknown around (the test can fail).
"""

from __future__ import annotations

import ast
import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

from driftcheck.drift import compare_sources

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

CODE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

D = 32
HEADS, KV = 4, 2
FF = 64
DEPTH = 2
VOCAB = 96
EPS = 1e-6
TABLE = {"ff": 64}
ALIAS_LINES


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        hd = D // HEADS
        self.q_proj = nn.Linear(D, HEADS * hd, bias=True)
        self.k_proj = nn.Linear(D, KV * hd, bias=True)
        self.v_proj = nn.Linear(D, KV * hd, bias=True)
        self.o_proj = nn.Linear(HEADS * hd, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, -1).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV, -1).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, -1).transpose(1, 2)
        k = k.repeat_interleave(HEADS // KV, dim=1)
        v = v.repeat_interleave(HEADS // KV, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(D, FF_READ, bias=False)
        self.up_proj = nn.Linear(D, FF_READ, bias=False)
        self.down_proj = nn.Linear(FF_READ, D, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(D, eps=EPS)
        self.self_attn = Attention()
        self.post_attention_layernorm = nn.RMSNorm(D, eps=EPS)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList([Layer() for _ in range(DEPTH)])
        self.norm = nn.RMSNorm(D, eps=EPS)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
"""

# a table changed at import through another name: the alias check reads TABLE as unknown
ALIASED = 'ALSO = TABLE\nALSO["ff"] = 64'


def _config_dict() -> dict:
    cfg = transformers.Qwen2Config(
        vocab_size=96,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=64,
        rms_norm_eps=1e-6,
        tie_word_embeddings=False,
    )
    d = cfg.to_dict()
    d["architectures"] = ["Qwen2Model"]
    return d


def _write(tmp_path: Path, ff_read: str = "FF", alias: str = "", **sub: str) -> tuple[Path, Path]:
    code = CODE.replace("FF_READ", ff_read).replace("ALIAS_LINES", alias)
    for name, value in sub.items():
        code = code.replace(f"\n{name} = ", f"\n{name} = {value}  # was: ", 1)
    path = tmp_path / "qwen2_unknown35.py"
    path.write_text(code)
    config = tmp_path / "config.json"
    config.write_text(json.dumps(_config_dict()))
    return path, config


def _shapes_code(path: Path) -> Counter:
    spec = importlib.util.spec_from_file_location(f"u35_{path.stat().st_mtime_ns}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with torch.device("meta"):
        m = mod.Qwen2()
    return Counter(tuple(p.shape) for p in m.parameters())


def _shapes_hf() -> Counter:
    cfg = transformers.Qwen2Config(**{k: v for k, v in _config_dict().items()})
    with torch.device("meta"):
        m = transformers.Qwen2Model(cfg)
    return Counter(tuple(p.shape) for p in m.parameters())


def _loud(code: Path, config: Path) -> list[tuple[str, str, str]]:
    return [
        (f.kind, f.severity.value, f.message)
        for f in compare_sources(str(code), str(config))
        if f.severity.rank >= 1
    ]


def _module_names(path: Path) -> list[str]:
    out = []
    for st in ast.parse(path.read_text()).body:
        if isinstance(st, (ast.ClassDef, ast.FunctionDef)):
            out.append(st.name)
        elif isinstance(st, ast.Assign):
            for t in st.targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name) and n.id not in out:
                        out.append(n.id)
        elif isinstance(st, (ast.Import, ast.ImportFrom)):
            out += [a.asname or a.name.split(".")[0] for a in st.names]
    return list(dict.fromkeys(out))


@pytest.fixture
def no_cache(monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    monkeypatch.setenv("DRIFTCHECK_MEMO", "0")
    return monkeypatch


def test_clean_pair_is_clean_in_torch_and_compare(tmp_path, no_cache):
    code, config = _write(tmp_path)
    assert _shapes_code(code) == _shapes_hf()
    assert _loud(code, config) == []


@pytest.mark.parametrize(
    "name",
    ["D", "FF", "DEPTH", "VOCAB", "HEADS", "Attention", "MLP", "Layer", "Qwen2", "torch", "nn"],
)
def test_injected_unknown_global_is_no_finding(tmp_path, no_cache, name):
    code, config = _write(tmp_path)
    assert name in _module_names(code)
    assert _shapes_code(code) == _shapes_hf()  # the pair is clean: any finding is wrong
    no_cache.setenv("DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS", f"{code.name}:{name}")
    try:
        loud = _loud(code, config)
    except Exception as e:  # an honest refusal (the root class unknown) is no finding
        from driftcheck.errors import DriftcheckError

        assert isinstance(e, DriftcheckError), e
        assert name in str(e)
        return
    assert loud == []


def test_aliased_table_width_is_no_finding(tmp_path, no_cache):
    code, config = _write(tmp_path, ff_read='TABLE["ff"]', alias=ALIASED)
    assert _shapes_code(code) == _shapes_hf()
    assert _loud(code, config) == []
    # the unknown is said, with its construct: info naming the layer of unknown size
    infos = [f for f in compare_sources(str(code), str(config)) if f.severity.rank == 0]
    assert infos and any(f.evidence and "unknown" in f.evidence for f in infos)


@pytest.mark.parametrize(("name", "value"), [("FF", "96"), ("DEPTH", "3"), ("KV", "4")])
def test_planted_drift_still_found(tmp_path, no_cache, name, value):
    code, config = _write(tmp_path, **{name: value} if name != "KV" else {})
    if name == "KV":
        code.write_text(code.read_text().replace("HEADS, KV = 4, 2", "HEADS, KV = 4, 4"))
    assert _shapes_code(code) != _shapes_hf()  # torch: the weights differ
    assert _loud(code, config), "a real drift must stay a finding"
