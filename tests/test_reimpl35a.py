"""Session 35 (reimplfix35): reimpl recall on dev misses, each construct checked against torch.

A rotary cos / sin table computed in ``__init__`` from ``torch.arange(max_positions)``, its
length a constructor parameter no module keeps: the table's rows bound the positions the
model can read (torch: a longer input fails to broadcast), so the parameter is a
``maxPositionEmbeddings`` use (``interp/exprs.arange_use``)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from driftcheck.drift import drift, load_sides
from driftcheck.parsers.source import parse_source

ROTARY = """
import torch
from torch import nn


def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


class Rotary(nn.Module):
    def __init__(self, dim, {param}, base):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        freqs = torch.outer(torch.arange({bound}).float(), inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos", emb.cos(), persistent=False)
        self.register_buffer("sin", emb.sin(), persistent=False)

    def forward(self, x):
        n = x.shape[-2]
        return x * self.cos[:n] + rotate_half(x) * self.sin[:n]


class Attention(nn.Module):
    def __init__(self, hidden_size, num_heads, {param}):
        super().__init__()
        self.num_heads = num_heads
        self.head_size = hidden_size // num_heads
        self.q_proj = nn.Linear(hidden_size, hidden_size)
        self.k_proj = nn.Linear(hidden_size, hidden_size)
        self.v_proj = nn.Linear(hidden_size, hidden_size)
        self.o_proj = nn.Linear(hidden_size, hidden_size)
        self.rotary = Rotary(self.head_size, {param}, 10000.0)

    def forward(self, x):
        b, t, c = x.shape
        q = self.q_proj(x).view(b, t, self.num_heads, self.head_size).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.num_heads, self.head_size).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.num_heads, self.head_size).transpose(1, 2)
        q, k = self.rotary(q), self.rotary(k)
        y = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, c))


class Model(nn.Module):
    def __init__(self, vocab_size=1000, hidden_size=64, num_heads=4, num_layers=2, {param}={n}):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, hidden_size)
        self.layers = nn.ModuleList(
            Attention(hidden_size, num_heads, {param}) for _ in range(num_layers)
        )
        self.norm = nn.LayerNorm(hidden_size)
        self.head = nn.Linear(hidden_size, vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = x + layer(x)
        return self.head(self.norm(x))
"""


def _write(tmp_path: Path, name: str, param: str, bound: str, n: int) -> Path:
    p = tmp_path / f"{name}.py"
    p.write_text(ROTARY.format(param=param, bound=bound, n=n))
    return p


def _torch_model(path: Path):
    torch = pytest.importorskip("torch")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.modules.pop(path.stem, None)
    return torch, mod.Model()


def _positions_torch_reads(path: Path, n: int) -> tuple[bool, bool]:
    """(n positions run, n + 1 positions run) in torch."""
    torch, m = _torch_model(path)

    def runs(t: int) -> bool:
        try:
            with torch.no_grad():
                m(torch.zeros(1, t, dtype=torch.long))
        except RuntimeError:
            return False
        return True

    return runs(n), runs(n + 1)


def _config(tmp_path: Path, positions: int) -> Path:
    d = tmp_path / "cfg"
    d.mkdir(exist_ok=True)
    cfg = {
        "model_type": "gpt_neox",
        "architectures": ["GPTNeoXForCausalLM"],
        "hidden_size": 64,
        "num_attention_heads": 4,
        "num_hidden_layers": 2,
        "intermediate_size": 256,
        "vocab_size": 1000,
        "max_position_embeddings": positions,
        "rotary_pct": 1.0,
        "use_parallel_residual": True,
    }
    (d / "config.json").write_text(json.dumps(cfg))
    return d / "config.json"


@pytest.mark.parametrize("param", ["max_positions", "max_position_embeddings", "n_ctx"])
def test_rotary_table_rows_are_a_position_use_torch_checked(tmp_path, param):
    """The table of 256 rows: torch runs 256 positions and fails at 257; the analyzer holds
    ``maxPositionEmbeddings`` 256 for it (the parameter's name means the fact)."""
    p = _write(tmp_path, f"rot_{param}", param, param, 256)
    assert _positions_torch_reads(p, 256) == (True, False)
    uses = {(u.key, u.value) for u in parse_source(str(p)).uses}
    assert ("maxPositionEmbeddings", 256) in uses


def test_rotary_table_rows_unnamed_bound_is_no_use(tmp_path):
    """``torch.arange(end)`` (a name meaning no fact) or ``arange(2 * max_positions)``: no use
    (the table may be longer than the trained context, Meta's ``max_seq_len * 2``)."""
    for name, param, bound in (
        ("rot_end", "end", "end"),
        ("rot_twice", "max_positions", "2 * max_positions"),
    ):
        p = _write(tmp_path, name, param, bound, 128)
        rows = 256 if bound.startswith("2") else 128
        assert _positions_torch_reads(p, rows) == (True, False)
        uses = {(u.key, u.value) for u in parse_source(str(p)).uses}
        assert not any(k == "maxPositionEmbeddings" for k, _ in uses), uses


def test_rotary_table_positions_drift_against_config(tmp_path):
    """A planted 256-row table against a config of 128 positions: one finding holding both;
    the clean 128-row table: none."""
    pytest.importorskip("transformers")
    cfg = _config(tmp_path, 128)
    planted = _write(tmp_path, "rot_planted", "max_positions", "max_positions", 256)
    clean = _write(tmp_path, "rot_clean", "max_positions", "max_positions", 128)
    assert _positions_torch_reads(planted, 256) == (True, False)
    assert _positions_torch_reads(clean, 128) == (True, False)
    fs = [
        f
        for f in drift(load_sides(str(planted), str(cfg)), str(planted), str(cfg))
        if f.severity.rank >= 1
    ]
    pos = [f for f in fs if "maxPositionEmbeddings" in f.message]
    assert len(pos) == 1, [f.message for f in fs]
    assert pos[0].values["left"] == 256 and pos[0].values["right"] == 128
    fs = drift(load_sides(str(clean), str(cfg)), str(clean), str(cfg))
    assert not [f for f in fs if "maxPositionEmbeddings" in f.message]


def test_rotary_table_from_a_module_function_torch_checked(tmp_path):
    """The same table made by a module-level helper (``precompute(dim, max_seq_len, base)``)
    the constructor calls: its parameter sizes the rows, torch fails past them."""
    src = ROTARY.format(param="max_seq_len", bound="max_seq_len", n=96)
    helper = (
        "\n\ndef precompute(dim, max_seq_len, base):\n"
        "    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))\n"
        "    freqs = torch.outer(torch.arange(max_seq_len).float(), inv_freq)\n"
        "    return torch.cat((freqs, freqs), dim=-1)\n"
    )
    old = (
        "        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))\n"
        "        freqs = torch.outer(torch.arange(max_seq_len).float(), inv_freq)\n"
        "        emb = torch.cat((freqs, freqs), dim=-1)\n"
    )
    assert old in src
    src = src.replace(old, "        emb = precompute(dim, max_seq_len, base)\n")
    src = src.replace("\n\nclass Rotary", helper + "\n\nclass Rotary", 1)
    p = tmp_path / "rot_helper.py"
    p.write_text(src)
    assert _positions_torch_reads(p, 96) == (True, False)
    uses = {(u.key, u.value) for u in parse_source(str(p)).uses}
    assert ("maxPositionEmbeddings", 96) in uses
