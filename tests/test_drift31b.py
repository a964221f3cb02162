"""Drift between re-implementations and their configs (session 31, reimplfix31b: the dev misses
of the blind set fresh28). Each rule is shown on code written here (not the set's): torch builds
the code and transformers' model for the same config and counts both; the comparison says
nothing on the clean pair and one finding holding both values where one value differs.

- a module constant of any name (``RMS_EPS``, not a name the fact vocabulary knows) added to a
  mean under a square root in ``forward`` (``rsqrt(x.pow(2).mean(-1, keepdim=True) + RMS_EPS)``)
  is the norm's epsilon by what torch computes with it (a positive float below 1 only);
- the width a head split cuts is followed back through elementwise arithmetic (``BROADCASTS``):
  a q/k norm over the whole projection between ``k_proj`` and ``view(b, t, -1, hd)`` (OLMo 2's,
  OLMoE's) keeps the projection's width by broadcasting (a ``(W,)`` weight times ``x`` is ``W``
  wide, or torch raises), so the key/value heads are read off the split as without the norm.
"""

from __future__ import annotations

import runpy

import pytest

from tests.drift_support import config as _config
from tests.drift_support import count as _count
from tests.drift_support import hf_model as _hf
from tests.drift_support import one_sided as _one
from tests.drift_support import run as _run
from tests.drift_support import write as _write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

OLMO2_CFG = dict(
    vocab_size=256, hidden_size=64, num_attention_heads=4, num_key_value_heads=2,
    intermediate_size=128, num_hidden_layers=2, rms_norm_eps=1e-6, tie_word_embeddings=False,
    max_position_embeddings=128, architectures=["Olmo2ForCausalLM"],
)  # fmt: skip

OLMO2 = """import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D, HEADS, FF, LAYERS = 256, 64, 4, 128, 2
HD = D // HEADS
RMS_EPS = {eps}


class AttnSizes:
    def __init__(self, n_kv_heads=2):
        self.n_kv_heads = n_kv_heads


class Sizes:
    def __init__(self, attn=None):
        self.attn = attn or AttnSizes()


SIZES = Sizes(attn=AttnSizes(n_kv_heads={kv}))
ROPE_BASE = 10000.0


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + RMS_EPS))


def rope(x, cos, sin):
    h = x.shape[-1] // 2
    return x * cos + torch.cat([-x[..., h:], x[..., :h]], -1) * sin


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(D, HEADS * HD, bias=False)
        self.k_proj = nn.Linear(D, SIZES.attn.n_kv_heads * HD, bias=False)
        self.v_proj = nn.Linear(D, SIZES.attn.n_kv_heads * HD, bias=False)
        self.o_proj = nn.Linear(HEADS * HD, D, bias=False)
        self.q_norm = RMSNorm(HEADS * HD)
        self.k_norm = RMSNorm(SIZES.attn.n_kv_heads * HD)
        self.gate_proj = nn.Linear(D, FF, bias=False)
        self.up_proj = nn.Linear(D, FF, bias=False)
        self.down_proj = nn.Linear(FF, D, bias=False)
        self.post_attention_layernorm = RMSNorm(D)
        self.post_feedforward_layernorm = RMSNorm(D)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x)).view(b, t, -1, HD).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).view(b, t, -1, HD).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, HD).transpose(1, 2)
        q, k = rope(q, cos, sin), rope(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.post_attention_layernorm(self.o_proj(y.transpose(1, 2).reshape(b, t, -1)))
        h = self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        return x + self.post_feedforward_layernorm(h)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(Block() for _ in range(LAYERS))
        self.norm = RMSNorm(D)
        self.lm_head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        inv = 1.0 / ROPE_BASE ** (torch.arange(0, HD, 2).float() / HD)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        f = torch.cat([f, f], -1)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, f.cos(), f.sin())
        return self.lm_head(self.norm(x))
"""


def _olmo2(tmp_path, name: str, kv: int = 2, eps: float = 1e-6):
    # the KV heads sit in a sub-config (``SIZES.attn.n_kv_heads``), which no fact name
    # reads: the structure says how many there are
    return _write(tmp_path, name, OLMO2.format(kv=kv, eps=eps))


def _build(code, name="__d31b__"):
    return runpy.run_path(str(code), run_name=name)["Model"]()


def _olmo2_weights(mine, hf) -> dict:
    """transformers' OLMo 2 weights under the code's names (the same layout, ``model.``
    dropped), so both compute with one set of weights."""
    hs = hf.state_dict()
    out = {}
    for k in mine.state_dict():
        src = k if k.startswith("lm_head") else f"model.{k}"
        src = src.replace(".q_proj", ".self_attn.q_proj").replace(".k_proj", ".self_attn.k_proj")
        src = src.replace(".v_proj", ".self_attn.v_proj").replace(".o_proj", ".self_attn.o_proj")
        src = src.replace(".q_norm", ".self_attn.q_norm").replace(".k_norm", ".self_attn.k_norm")
        for p in ("gate_proj", "up_proj", "down_proj"):
            src = src.replace(f".{p}", f".mlp.{p}")
        out[k] = hs[src]
    return out


def test_olmo2_port_is_transformers_model(tmp_path):
    """Torch: the port computes what transformers' Olmo2ForCausalLM computes for the config
    (its weights mapped by name): the code's sizes and epsilon are the config's."""
    cfg, path = _config(tmp_path, "cfg", "Olmo2Config", **OLMO2_CFG)
    code = _olmo2(tmp_path, "olmo2.py")
    mine = _build(code)
    hf = transformers.AutoModelForCausalLM.from_config(cfg).eval()
    assert _count(mine) == _count(hf)
    mine.load_state_dict(_olmo2_weights(mine, hf))
    ids = torch.arange(12)[None] % 256
    with torch.no_grad():
        assert (mine(ids) - hf(ids).logits).abs().max() < 1e-4
    assert _run(code, path) == []


def test_any_named_constant_under_a_root_is_the_norms_eps(tmp_path):
    """``RMS_EPS`` (a name the fact vocabulary does not hold) added to the mean of squares
    under ``rsqrt``: torch's own ``nn.RMSNorm(eps=RMS_EPS)`` computes the same, and 1e-6 ->
    1e-1 changes the logits with the same weights; statically one norm-eps finding."""
    _cfg, path = _config(tmp_path, "cfg", "Olmo2Config", **OLMO2_CFG)
    clean = _olmo2(tmp_path, "clean.py")
    planted = _olmo2(tmp_path, "eps.py", eps=0.1)
    g = torch.Generator().manual_seed(0)
    x = torch.randn(2, 5, 64, generator=g)
    ns = runpy.run_path(str(planted), run_name="__d31b__")
    norm = ns["RMSNorm"](64)
    ref = torch.nn.RMSNorm(64, eps=0.1)
    with torch.no_grad():
        norm.weight.copy_(torch.randn(64, generator=g))
        ref.weight.copy_(norm.weight)
        assert (norm(x) - ref(x)).abs().max() < 1e-5
    mine, other = _build(clean), _build(planted)
    other.load_state_dict(mine.state_dict())
    ids = torch.arange(8)[None]
    with torch.no_grad():
        assert (mine(ids) - other(ids)).abs().max() > 1e-4
    f = _one(_run(planted, path), 0.1, 1e-6)
    assert f.attribute == "model.normEps"


def test_a_constant_not_under_a_root_or_not_below_one_is_no_eps(tmp_path):
    """The rule reads what torch computes, not names: a constant added to the mean outside
    any square root (a shift) or one of 1 or more is not taken as the epsilon (no finding
    claims a norm epsilon of 2.0 or of the shift)."""
    _cfg, path = _config(tmp_path, "cfg", "Olmo2Config", **OLMO2_CFG)
    big = _olmo2(tmp_path, "big.py", eps=2.0)
    assert not any(f.attribute == "model.normEps" for f in _run(big, path))
    shift = OLMO2.format(kv=2, eps=1e-6).replace(
        "return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + RMS_EPS))",
        "return self.weight * (x - (x.mean(-1, keepdim=True) + SHIFT)) * torch.rsqrt("
        "x.pow(2).mean(-1, keepdim=True) + 1e-6)",
    )
    shift = shift.replace("ROPE_BASE = 10000.0", "ROPE_BASE = 10000.0\nSHIFT = 0.25")
    code = _write(tmp_path, "shift.py", shift)
    _build(code)  # torch runs it
    found = _run(code, path)
    assert not any(0.25 in (f.values or {}).values() for f in found), [f.message for f in found]


def test_kv_heads_read_through_a_norm_before_the_split(tmp_path):
    """OLMo 2 / OLMoE norm the whole key projection before ``view(b, t, -1, hd)``. Torch:
    two KV heads make ``k_proj`` 32 wide and the config's model has the same count; four make
    it 64 wide (the norm 64 too). Statically: the clean pair nothing, four KV heads one
    finding, 4 against the config's 2."""
    cfg, path = _config(tmp_path, "cfg", "Olmo2Config", **OLMO2_CFG)
    planted = _olmo2(tmp_path, "kv.py", kv=4)
    with torch.device("meta"):
        mine = _build(planted)
        hf = _hf(cfg, "AutoModelForCausalLM")
    assert tuple(hf.model.layers[0].self_attn.k_proj.weight.shape) == (32, 64)
    assert tuple(hf.model.layers[0].self_attn.k_norm.weight.shape) == (32,)
    assert tuple(mine.layers[0].k_proj.weight.shape) == (64, 64)
    assert tuple(mine.layers[0].k_norm.weight.shape) == (64,)
    ids = torch.arange(6)[None]
    assert tuple(_build(planted)(ids).shape) == (1, 6, 256)  # the split runs: 4 heads of 16
    f = _one(_run(planted, path), 4, 2)
    assert f.attribute.endswith("numKvHeads")


def test_broadcast_width_is_torchs(tmp_path):
    """What ``_last_width`` assumes, checked in torch: a ``(W,)`` weight times ``x`` is ``W``
    wide whatever ``x``'s last axis of 1 or ``W``, and another width raises; the graph reads
    the width off the weight and the projection together."""
    w = torch.ones(64)
    assert (w * torch.ones(2, 3, 64)).shape[-1] == 64
    assert (w * torch.ones(2, 3, 1)).shape[-1] == 64
    with pytest.raises(RuntimeError):
        _ = w * torch.ones(2, 3, 32)
    from driftcheck.graph.match.canon import BROADCASTS, SPLIT_PASSES

    assert BROADCASTS == {"Add", "Sub", "Mul", "Div"}
    assert not BROADCASTS & SPLIT_PASSES
