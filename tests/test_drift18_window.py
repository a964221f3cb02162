"""Drift between re-implementations and their configs (session 18, issue #17): a sliding
window that lives only as the bound of a hand-built band mask in ``forward``
(``dataflow_window``).

Proven in torch first: the code's own mask function, run in torch, keeps exactly the keys
transformers' ``sliding_window_causal_mask_function`` keeps for the window the comparison
reads (``d < c`` is a window of ``c``, ``d <= c`` one of ``c + 1``), and the code builds
transformers' Mistral parameter count. Then statically: the comparison says nothing on the
clean pair and one finding holding both windows where they differ. T5's relative-position
bucketing (``rel < max_exact`` inside ``torch.where`` between two tensors) is no window.
"""

from __future__ import annotations

import pytest

from driftcheck.drift import load_sides
from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

MISTRAL = dict(
    architectures=["MistralForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    max_position_embeddings=128,
    rms_norm_eps=1e-5,
    tie_word_embeddings=False,
)

# Mistral whose window is only the bound of the band mask ``forward`` builds; ``BAND`` is
# the comparison under test, ``BOUND`` a name the config never uses
CODE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, L, H, KV, HD, FF = 96, 64, 2, 4, 2, 16, 128
SPAN = {span}


def band(t):
    pos = torch.arange(t)
    dist = pos[:, None] - pos[None, :]
    return (dist >= 0) & ({band})


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = nn.RMSNorm(D, eps=1e-5)
        self.q = nn.Linear(D, H * HD, bias=False)
        self.k = nn.Linear(D, KV * HD, bias=False)
        self.v = nn.Linear(D, KV * HD, bias=False)
        self.o = nn.Linear(H * HD, D, bias=False)
        self.n2 = nn.RMSNorm(D, eps=1e-5)
        self.gate = nn.Linear(D, FF, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, H, HD).transpose(1, 2)
        k = self.k(h).view(b, t, KV, HD).transpose(1, 2)
        v = self.v(h).view(b, t, KV, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=band(t), enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-5)
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""


def _hf_band(window: int, t: int) -> torch.Tensor:
    """transformers' own sliding-window causal mask for ``window``, over ``t`` positions."""
    from transformers.masking_utils import sliding_window_causal_mask_function

    return _grid(sliding_window_causal_mask_function(window), t)


def _grid(keep, t: int) -> torch.Tensor:
    """A transformers mask function (of batch, head, query, key indices) over ``t`` x ``t``."""
    i = torch.arange(t)
    z = torch.zeros((), dtype=torch.long)
    return keep(z, z, i[:, None], i[None, :]).expand(t, t)


@pytest.mark.parametrize(("band", "span", "window"), [("dist < SPAN", 24, 24),
                                                     ("dist <= SPAN - 1", 24, 24),
                                                     ("SPAN > dist", 16, 16)])  # fmt: skip
def test_band_mask_window(tmp_path, band, span, window):
    code = write(tmp_path, "mistral_band.py", CODE.format(span=span, band=band))
    # torch: the code's mask is transformers' mask for the window read, and the model is
    # transformers' Mistral by its parameter count
    ns = __import__("runpy").run_path(str(code))
    assert torch.equal(ns["band"](40), _hf_band(window, 40))
    assert not torch.equal(ns["band"](40), _hf_band(window + 1, 40))
    cfg, path = config(tmp_path, "clean", "MistralConfig", sliding_window=window, **MISTRAL)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    # static: the window is a use of the code, the clean pair says nothing
    sides = load_sides(str(code), str(path))
    assert ("slidingWindow", window) in {(u.key, u.value) for u in sides.left.uses}
    assert run(code, path) == []
    # a config with another window: one finding, both values
    _, other = config(tmp_path, "wide", "MistralConfig", sliding_window=2 * window, **MISTRAL)
    one(run(code, other), window, 2 * window)


def test_bidirectional_abs_band(tmp_path):
    """``|i - j| <= c`` handed to ``attn_mask`` directly: the band ModernBERT's sdpa mask
    keeps for ``config.sliding_window = c`` (``sliding_window_bidirectional_overlay``,
    inclusive), whose attention holds the window as ``c + 1`` (the flash convention,
    ``|q - kv| < window``): read as ``c + 1``, the value transformers' own layer holds."""
    from transformers.masking_utils import sliding_window_bidirectional_overlay

    cfg = transformers.ModernBertConfig(
        vocab_size=64, hidden_size=32, intermediate_size=48, num_hidden_layers=2,
        num_attention_heads=2, local_attention=16, global_attn_every_n_layers=2,
        pad_token_id=0, bos_token_id=1, eos_token_id=2, cls_token_id=1, sep_token_id=2,
    )  # fmt: skip
    with torch.device("meta"):
        hf = transformers.ModernBertModel(cfg)
    held = {a.sliding_window for a in hf.modules() if hasattr(a, "Wqkv")} - {None}
    assert cfg.sliding_window == 8 and held == {9}
    i = torch.arange(30)
    mine = (i[:, None] - i[None, :]).abs() <= 8
    assert torch.equal(mine, _grid(sliding_window_bidirectional_overlay(cfg.sliding_window), 30))
    src = CODE.format(span=8, band="dist >= 0").replace(
        "attn_mask=band(t)",
        "attn_mask=(torch.arange(t)[:, None] - torch.arange(t)[None, :]).abs() <= SPAN",
    )
    code = write(tmp_path, "bidir.py", src)
    _, path = config(tmp_path, "c", "MistralConfig", sliding_window=9, **MISTRAL)
    uses = {(u.key, u.value) for u in load_sides(str(code), str(path)).left.uses}
    assert ("slidingWindow", 9) in uses


T5_BUCKETS = """
import math
import torch
import torch.nn as nn

NB, MAXD = 32, 128


def bucket(t):
    ctx = torch.arange(t)[:, None]
    mem = torch.arange(t)[None, :]
    rel = (mem - ctx).abs()
    exact = NB // 2
    small = rel < exact
    large = exact + (torch.log(rel.float() / exact) / math.log(MAXD / exact) * (NB - exact)).long()
    large = torch.min(large, torch.full_like(large, NB - 1))
    return torch.where(small, rel, large)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 32)
        self.bias = nn.Embedding(NB, 4)

    def forward(self, ids):
        t = ids.shape[1]
        return self.emb(ids), self.bias(bucket(t))
"""


def test_relative_buckets_are_no_window(tmp_path):
    """T5's exact-bucket test compares a position distance with a number too, but its
    result picks between two tensors in ``torch.where``: no window is read."""
    code = write(tmp_path, "t5b.py", T5_BUCKETS)
    ns = __import__("runpy").run_path(str(code))
    assert ns["bucket"](8).shape == (8, 8)
    _, path = config(tmp_path, "c", "MistralConfig", sliding_window=16, **MISTRAL)
    sides = load_sides(str(code), str(path))
    assert not [u for u in sides.left.uses if u.key == "slidingWindow"]
