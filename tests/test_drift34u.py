"""Session 34 (unknown34): an unknown norm epsilon is no drift finding.

Found by ``benchmarks/bench_unknown_inject.py`` (``DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS``: a module
global read as unknown, the way interp/aliasing.py's alias check makes it): a clean pair whose
``nn.LayerNorm(w, eps=EPS)`` reads an unknown ``EPS`` got ``minor norm-eps: normEps is 1e-05``
-- the catalogue's default that binding fills in for a parameter the graph leaves unresolved,
read by derive's ``_from_roles`` as the value the code states. The pair is our own (a small
BERT-style encoder); torch is the ground truth that it is clean (its norms hold the config's
eps) and that a planted eps is a real drift (the finding stays).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from driftcheck.drift import compare_sources

torch = pytest.importorskip("torch")

CODE = """
import torch
import torch.nn as nn

EPS = 1e-12
TABLE = {"eps": 1e-12}
CFG = {"vocab": 96, "width": 32, "heads": 4, "ff": 64, "layers": 2, "pos": 64}


class Layer(nn.Module):
    def __init__(self, w, ff):
        super().__init__()
        self.query = nn.Linear(w, w)
        self.key = nn.Linear(w, w)
        self.value = nn.Linear(w, w)
        self.attn_out = nn.Linear(w, w)
        self.attn_norm = nn.LayerNorm(w, eps=EPS_READ)
        self.intermediate = nn.Linear(w, ff)
        self.output = nn.Linear(ff, w)
        self.out_norm = nn.LayerNorm(w, eps=EPS_READ)

    def forward(self, x):
        b, t, w = x.shape
        h = CFG["heads"]
        q = self.query(x).view(b, t, h, -1).transpose(1, 2)
        k = self.key(x).view(b, t, h, -1).transpose(1, 2)
        v = self.value(x).view(b, t, h, -1).transpose(1, 2)
        a = torch.nn.functional.scaled_dot_product_attention(q, k, v)
        x = self.attn_norm(x + self.attn_out(a.transpose(1, 2).reshape(b, t, w)))
        return self.out_norm(x + self.output(torch.nn.functional.gelu(self.intermediate(x))))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        w = CFG["width"]
        self.word_embeddings = nn.Embedding(CFG["vocab"], w)
        self.position_embeddings = nn.Embedding(CFG["pos"], w)
        self.token_type_embeddings = nn.Embedding(2, w)
        self.LayerNorm = nn.LayerNorm(w, eps=EPS_READ)
        self.layers = nn.ModuleList([Layer(w, CFG["ff"]) for _ in range(CFG["layers"])])
        self.pooler = nn.Linear(w, w)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.LayerNorm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
"""

CONFIG = {
    "model_type": "bert",
    "architectures": ["BertModel"],
    "vocab_size": 96,
    "hidden_size": 32,
    "num_attention_heads": 4,
    "intermediate_size": 64,
    "num_hidden_layers": 2,
    "max_position_embeddings": 64,
    "type_vocab_size": 2,
    "layer_norm_eps": 1e-12,
    "hidden_act": "gelu",
}

# the global the norms read: EPS plain, or a table the alias check reads as unknown (changed
# at import through another name: interp/aliasing.py)
READS = {"plain": "EPS", "table": 'TABLE["eps"]'}
ALIASED = 'ALSO = TABLE\nALSO["eps"] = 1e-12\n'


def _write(tmp_path: Path, read: str, extra: str = "", eps: str = "1e-12") -> tuple[Path, Path]:
    code = CODE.replace("EPS_READ", read).replace("EPS = 1e-12", f"EPS = {eps}")
    code = code.replace("CFG = {", extra + "CFG = {", 1)
    path = tmp_path / "model.py"
    path.write_text(code)
    config = tmp_path / "config.json"
    config.write_text(json.dumps(CONFIG))
    return path, config


def _torch_eps(path: Path) -> set[float]:
    spec = importlib.util.spec_from_file_location("drift34u_model", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    m = mod.Encoder()
    return {x.eps for x in m.modules() if isinstance(x, torch.nn.LayerNorm)}


def _loud(code: Path, config: Path) -> list:
    return [
        (f.kind, f.severity.value, f.message)
        for f in compare_sources(str(code), str(config))
        if f.severity.rank >= 1
    ]


@pytest.mark.parametrize("read", sorted(READS))
def test_clean_pair_is_clean(tmp_path: Path, read: str) -> None:
    code, config = _write(tmp_path, READS[read])
    assert _torch_eps(code) == {CONFIG["layer_norm_eps"]}
    assert _loud(code, config) == []


def test_injected_unknown_eps_is_no_finding(tmp_path: Path, monkeypatch) -> None:
    code, config = _write(tmp_path, "EPS")
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    monkeypatch.setenv("DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS", "model.py:EPS")
    assert _loud(code, config) == []


def test_alias_unknown_eps_is_no_finding(tmp_path: Path, monkeypatch) -> None:
    code, config = _write(tmp_path, READS["table"], extra=ALIASED)
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    assert _torch_eps(code) == {CONFIG["layer_norm_eps"]}
    assert _loud(code, config) == []


def test_planted_eps_still_found(tmp_path: Path) -> None:
    code, config = _write(tmp_path, "EPS", eps="1e-05")
    assert _torch_eps(code) == {1e-05}
    loud = _loud(code, config)
    assert any("1e-05" in m and "1e-12" in m for _, _, m in loud), loud


def test_switch_names_only_its_file(tmp_path: Path, monkeypatch) -> None:
    """``other.py:EPS`` leaves model.py's EPS known: a planted eps is still found."""
    code, config = _write(tmp_path, "EPS", eps="1e-05")
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    monkeypatch.setenv("DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS", "other.py:EPS")
    assert any("1e-05" in m for _, _, m in _loud(code, config))
    monkeypatch.setenv("DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS", "model.py:EPS")
    assert not any("1e-05" in m for _, _, m in _loud(code, config))


# --- a torch composite of unknown width against its parts written out (code vs code) ---
# Found by the harness on a clean pair: ``nn.TransformerEncoderLayer(d, h,
# dim_feedforward=FF)`` with ``FF`` unknown was bound with torch's default 2048 (``major shape:
# weight.size is 2048``), and with ``d`` unknown its place was a missing layer here and extra
# layers there. Now: the unknown param is left out (canon._resolved) and a leaf of unknown size
# facing unpaired layers is an ``info incomplete`` (diff._gap).

COMPOSITE = """
import torch.nn as nn

SIZES
W, FF = READ


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(96, W)
        self.layers = nn.ModuleList(
            [nn.TransformerEncoderLayer(W, 4, dim_feedforward=FF, batch_first=True)
             for _ in range(2)]
        )
        self.head = nn.Linear(W, 96)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(x)
"""

WRITTEN_OUT = """
import torch.nn as nn
import torch.nn.functional as F


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(32, 4, batch_first=True)
        self.linear1 = nn.Linear(32, 64)
        self.linear2 = nn.Linear(64, 32)
        self.norm1 = nn.LayerNorm(32)
        self.norm2 = nn.LayerNorm(32)

    def forward(self, x):
        x = self.norm1(x + self.self_attn(x, x, x)[0])
        return self.norm2(x + self.linear2(F.relu(self.linear1(x))))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(96, 32)
        self.layers = nn.ModuleList([Layer() for _ in range(2)])
        self.head = nn.Linear(32, 96)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(x)
"""

ALIAS_TABLE = 'T = {"w": 32, "ff": 64}\nALSO = T\nALSO["ff"] = 64\nALSO["w"] = 32'


def _composite_pair(tmp_path: Path, read: str, sizes: str = "") -> tuple[Path, Path]:
    left = tmp_path / "left.py"
    left.write_text(COMPOSITE.replace("SIZES", sizes).replace("READ", read))
    right = tmp_path / "right.py"
    right.write_text(WRITTEN_OUT)
    return left, right


def _torch_params(path: Path) -> int:
    spec = importlib.util.spec_from_file_location(f"drift34u_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return sum(p.numel() for p in mod.Net().parameters())


@pytest.mark.parametrize(
    "read", ['32, T["ff"]', 'T["w"], 64', 'T["w"], T["ff"]'], ids=["ff", "width", "both"]
)
def test_composite_of_unknown_size_is_no_finding(tmp_path: Path, read: str) -> None:
    left, right = _composite_pair(tmp_path, read, ALIAS_TABLE)
    assert _torch_params(left) == _torch_params(right)  # torch: the pair is clean
    found = compare_sources(str(left), str(right))
    assert [f for f in found if f.severity.rank >= 1] == [], [f.message for f in found]
    assert any(f.kind == "incomplete" for f in found)  # the unknown is said, not dropped


def test_composite_known_sizes(tmp_path: Path) -> None:
    left, right = _composite_pair(tmp_path, "32, 64")
    assert _torch_params(left) == _torch_params(right)
    assert compare_sources(str(left), str(right)) == []
    planted, _ = _composite_pair(tmp_path, "32, 128")
    assert _torch_params(planted) != _torch_params(right)
    loud = _loud(planted, right)
    assert any("128" in m and "64" in m for _, _, m in loud), loud


def test_composite_injected_unknown(tmp_path: Path, monkeypatch) -> None:
    left, right = _composite_pair(tmp_path, "32, 64")
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    for name in ("W", "FF"):
        monkeypatch.setenv("DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS", f"left.py:{name}")
        assert _loud(left, right) == [], name
