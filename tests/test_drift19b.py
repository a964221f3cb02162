"""Drift between re-implementations and their configs (session 19, issue #17, the fresh13
set's dev part): code written in ways the static facts read wrongly.

- a fused q|k|v projection viewed as ``(h + 2 * kv)`` heads and cut apart whole by
  ``split([h, kv, kv], 2)`` on the head axis: the fused axis is no head count, its cuts are
  (Phi-3's layout with the split moved after the view).

Each claim is proven in torch first (the code has transformers' parameter count), then
statically: the clean pair says nothing, and a changed config value gives a finding holding
both values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

PHI3 = dict(
    architectures=["Phi3ForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    max_position_embeddings=128,
    rms_norm_eps=1e-5,
    tie_word_embeddings=False,
    pad_token_id=0,
)

FUSED_HEAD_SPLIT = """
import torch.nn as nn
import torch.nn.functional as F

V, D, L, H, KV, FF = 96, 64, 2, 4, 2, 128


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = D // H
        self.n1 = nn.RMSNorm(D, eps=1e-5)
        self.qkv_proj = nn.Linear(D, (H + 2 * KV) * self.hd, bias=False)
        self.o_proj = nn.Linear(D, D, bias=False)
        self.n2 = nn.RMSNorm(D, eps=1e-5)
        self.gate_up_proj = nn.Linear(D, 2 * FF, bias=False)
        self.down_proj = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.qkv_proj(self.n1(x)).view(b, t, H + 2 * KV, self.hd)
        q, k, v = qkv.split([H, KV, KV], 2)
        o = F.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True,
            enable_gqa=True,
        )
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        gate, up = self.gate_up_proj(self.n2(x)).chunk(2, -1)
        return x + self.down_proj(up * F.silu(gate))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Block() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-5)
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""


def test_fused_head_axis_split(tmp_path):
    code = write(tmp_path, "phi3_split_heads.py", FUSED_HEAD_SPLIT)
    cfg, path = config(
        tmp_path, "clean", "Phi3Config", num_attention_heads=4, num_key_value_heads=2, **PHI3
    )
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []  # 8 fused heads are 4 query heads, not 8
    _, other = config(
        tmp_path, "kv", "Phi3Config", num_attention_heads=4, num_key_value_heads=4, **PHI3
    )
    found = run(code, other)
    kv = [f for f in found if f.values and {f.values.get("left"), f.values.get("right")} == {2, 4}]
    assert kv, [f.message for f in found]


LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    max_position_embeddings=128,
    rms_norm_eps=1e-5,
    tie_word_embeddings=False,
    num_attention_heads=4,
    num_key_value_heads=4,
)

BRANCHED = """
import torch.nn as nn
import torch.nn.functional as F

PRESET = "tiny"
{sizes}


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = nn.RMSNorm(D, eps=1e-5)
        self.q = nn.Linear(D, D, bias=False)
        self.k = nn.Linear(D, D, bias=False)
        self.v = nn.Linear(D, D, bias=False)
        self.o = nn.Linear(D, D, bias=False)
        self.n2 = nn.RMSNorm(D, eps=1e-5)
        self.gate = nn.Linear(D, FF, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, H, -1).transpose(1, 2)
        k = self.k(h).view(b, t, H, -1).transpose(1, 2)
        v = self.v(h).view(b, t, H, -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
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

MATCH = """
match PRESET:
    case "big":
        V, D, L, H, FF = 32000, 1024, 16, 16, 2816
    case "tiny":
        V, D, L, H, FF = 96, 64, 2, 4, 128
    case _:
        raise ValueError(PRESET)
"""

IF_ELSE = """
if PRESET == "big":
    V, D, L, H, FF = 32000, 1024, 16, 16, 2816
elif PRESET == "tiny":
    V, D, L, H, FF = 96, 64, 2, 4, 128
else:
    raise ValueError(PRESET)
"""


@pytest.mark.parametrize("sizes", [MATCH, IF_ELSE], ids=["match", "if_elif"])
def test_module_level_branch(tmp_path, sizes):
    """Sizes bound in a top-level ``match`` / ``if`` whose taken branch is not the first:
    the test decides the branch (the first branch's values were read, a confident wrong
    model, or none at all for ``match``)."""
    code = write(tmp_path, "llama_preset.py", BRANCHED.format(sizes=sizes))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    _, other = config(tmp_path, "vocab", "LlamaConfig", **{**LLAMA, "vocab_size": 128})
    found = run(code, other)
    assert len(found) == 1 and {found[0].values["left"], found[0].values["right"]} == {96, 128}, [
        f.message for f in found
    ]


GROUPBY = """
from itertools import groupby

RUNS = {kind: len(list(run)) for kind, run in groupby("EBBN")}  # embed, 2 blocks, norm
V, D, L, H, FF = 96, 64, RUNS["B"], 4, 128
"""


def test_depth_from_groupby(tmp_path):
    """The layer count read as the length of a run in a layer plan
    (``itertools.groupby``): was unknown (no layer stack, every layer reported)."""
    code = write(tmp_path, "llama_plan.py", BRANCHED.format(sizes=GROUPBY))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    _, other = config(tmp_path, "depth", "LlamaConfig", **{**LLAMA, "num_hidden_layers": 3})
    found = run(code, other)
    assert len(found) == 1 and {found[0].values["left"], found[0].values["right"]} == {2, 3}, [
        f.message for f in found
    ]


BYTES = """
HEADER = bytes([96, 64, 4])  # a C config header
V, D, H = (HEADER[i] for i in range(3))
BLOB = bytes.fromhex("02008000")  # unsigned shorts: layers, MLP width
L, FF = memoryview(BLOB).cast("H").tolist()
"""


def test_sizes_from_bytes(tmp_path):
    """Sizes packed in a byte string: ``bytes([...])`` indexed, and ``bytes.fromhex`` read
    through ``memoryview(...).cast("H")`` (unsigned shorts, little-endian here as on every
    host this runs on): were unknown, every layer reported."""
    code = write(tmp_path, "llama_blob.py", BRANCHED.format(sizes=BYTES))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    _, other = config(tmp_path, "ffn", "LlamaConfig", **{**LLAMA, "intermediate_size": 96})
    found = run(code, other)
    assert len(found) == 1 and {found[0].values["left"], found[0].values["right"]} == {128, 96}, [
        f.message for f in found
    ]


PVT = """
from itertools import pairwise

from torch import nn

WIDTHS = (3, 16, 32)  # input channels, then each stage's width
DEPTHS = (1, 2)
HEADS = (1, 2)
SR_RATIOS = (2, 1)
PATCHES = (7, 3)
STRIDES = (4, 2)
MLP_RATIOS = (4, 4)
IMAGE = 32


class SRAttention(nn.Module):
    def __init__(self, c, heads, sr):
        super().__init__()
        self.heads = heads
        self.query, self.key, self.value, self.proj = (nn.Linear(c, c) for _ in range(4))
        self.sr = nn.Conv2d(c, c, sr, sr) if sr > 1 else None
        self.sr_norm = nn.LayerNorm(c, eps=1e-6) if sr > 1 else None

    def forward(self, x, h, w):
        b, n, c = x.shape
        kv = x
        if self.sr is not None:
            kv = self.sr(x.transpose(1, 2).reshape(b, c, h, w)).flatten(2).transpose(1, 2)
            kv = self.sr_norm(kv)
        hd = c // self.heads
        q = self.query(x).view(b, n, self.heads, hd).transpose(1, 2)
        k = self.key(kv).view(b, -1, self.heads, hd).transpose(1, 2)
        v = self.value(kv).view(b, -1, self.heads, hd).transpose(1, 2)
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        return self.proj(o.transpose(1, 2).reshape(b, n, c))


class Block(nn.Module):
    def __init__(self, c, heads, sr, mlp):
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(c, eps=1e-6), nn.LayerNorm(c, eps=1e-6)
        self.attn = SRAttention(c, heads, sr)
        self.fc1, self.fc2 = nn.Linear(c, mlp * c), nn.Linear(mlp * c, c)
        self.dw = nn.Conv2d(mlp * c, mlp * c, 3, padding=1, groups=mlp * c)

    def forward(self, x, h, w):
        x = x + self.attn(self.norm1(x), h, w)
        y = self.fc1(self.norm2(x))
        b, n, c = y.shape
        y = self.dw(y.transpose(1, 2).reshape(b, c, h, w)).flatten(2).transpose(1, 2)
        return x + self.fc2(nn.functional.gelu(y))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeds, self.embed_norms = nn.ModuleList(), nn.ModuleList()
        self.stages, self.norms = nn.ModuleList(), nn.ModuleList()
        rows = zip(pairwise(WIDTHS), DEPTHS, HEADS, SR_RATIOS, PATCHES, STRIDES, MLP_RATIOS)
        for (c_in, c), depth, heads, sr, patch, stride, mlp in rows:
            self.embeds.append(nn.Conv2d(c_in, c, patch, stride, patch // 2))
            self.embed_norms.append(nn.LayerNorm(c, eps=1e-6))
            self.stages.append(nn.ModuleList(Block(c, heads, sr, mlp) for _ in range(depth)))
            self.norms.append(nn.LayerNorm(c, eps=1e-6))

    def forward(self, pixels):
        x = pixels
        for embed, en, blocks, norm in zip(self.embeds, self.embed_norms, self.stages, self.norms):
            x = embed(x)
            b, c, h, w = x.shape
            x = en(x.flatten(2).transpose(1, 2))
            for blk in blocks:
                x = blk(x, h, w)
            x = norm(x).transpose(1, 2).reshape(b, c, h, w)
        return x
"""

PVT_CFG = dict(
    hidden_sizes=[16, 32],
    depths=[1, 2],
    num_attention_heads=[1, 2],
    sr_ratios=[2, 1],
    patch_sizes=[7, 3],
    strides=[4, 2],
    mlp_ratios=[4, 4],
    num_encoder_blocks=2,
    image_size=32,
)


def test_stage_width_is_what_the_block_adds(tmp_path):
    """A hierarchical network's stage width is the width each block's residual sum adds,
    not its last-declared layer's (a depthwise convolution over the MLP's wide hidden state
    declared after the MLP's output linear read as 4x the stage width); and per-stage head
    counts (1 then 2) are the claim's, in stage order."""
    code = write(tmp_path, "pvt_pairwise.py", PVT)
    cfg, path = config(tmp_path, "clean", "PvtV2Config", **PVT_CFG)
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    _, other = config(tmp_path, "widths", "PvtV2Config", **{**PVT_CFG, "hidden_sizes": [16, 48]})
    found = run(code, other)
    assert any(
        f.values and f.values.get("left") == [16, 32] and f.values.get("right") == [16, 48]
        for f in found
    ), [f.message for f in found]


TORCH_LAYERS = """
import torch
import torch.nn.functional as F
from torch import nn

V, D, L, H, CTX = 96, 64, 2, 4, 32


def gelu_tanh(x):
    return F.gelu(x, approximate="tanh")


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(V, D)
        self.wpe = nn.Embedding(CTX, D)
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(
                D, H, dim_feedforward=4 * D, dropout=0.0, activation=gelu_tanh,
                batch_first=True, norm_first=True,
            )
            for _ in range(L)
        )
        self.ln_f = nn.LayerNorm(D)

    def forward(self, ids):
        t = ids.shape[1]
        x = self.wte(ids) + self.wpe(torch.arange(t))
        causal = nn.Transformer.generate_square_subsequent_mask(t)
        for blk in self.blocks:
            x = blk(x, src_mask=causal, is_causal=True)
        return self.ln_f(x) @ self.wte.weight.T
"""

GPT2 = dict(vocab_size=96, n_embd=64, n_layer=2, n_positions=32, activation_function="gelu_new")


def _install_findings(mode: str, code, cfg) -> list[str]:
    """``driftcheck compare``'s finding lines of minor or above on install ``mode``."""
    from tests.test_no_torch import run_install

    r = run_install(mode, "compare", str(code), str(cfg))
    assert r.returncode in (0, 1), r.stderr
    return sorted(x for x in r.stdout.splitlines() if x.startswith(("minor", "major", "critical")))


def test_torch_layer_with_user_activation_same_on_both_installs(tmp_path):
    """``nn.TransformerEncoderLayer(..., activation=gelu_tanh)``, a function of the user's:
    the torch-free install (no torch source to read the layer from) built an unknown layer
    (every block reported) where the full install read torch's source; both now line the
    layer's parts up with GPT-2's, and a head change is found on both."""
    code = write(tmp_path, "gpt2_torch_layers.py", TORCH_LAYERS)
    cfg, path = config(tmp_path, "clean", "GPT2Config", n_head=4, **GPT2)
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    _, other = config(tmp_path, "heads", "GPT2Config", n_head=8, **GPT2)
    for mode in ("full", "core"):
        assert _install_findings(mode, code, path) == [], mode
        got = _install_findings(mode, code, other)
        assert len(got) == 1 and "numHeads" in got[0] and "4" in got[0] and "8" in got[0], got


T5_NO_HEAD = """
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class T5Dims:
    vocab: int = 256
    d_model: int = 64
    d_ff: int = 0
    heads: int = 4
    d_kv: int = 16
    enc_layers: int = 2
    dec_layers: int = 2
    buckets: int = 32

    def __post_init__(self):
        if not self.d_ff:
            self.d_ff = 4 * self.d_model


DIMS = T5Dims()


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.scale * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class MultiHead(nn.Module):
    def __init__(self, c, relative):
        super().__init__()
        inner = c.heads * c.d_kv
        self.c = c
        self.wq, self.wk = (
            nn.Linear(c.d_model, inner, bias=False),
            nn.Linear(c.d_model, inner, bias=False),
        )
        self.wv, self.wo = (
            nn.Linear(c.d_model, inner, bias=False),
            nn.Linear(inner, c.d_model, bias=False),
        )
        self.bias_table = nn.Embedding(c.buckets, c.heads) if relative else None

    def forward(self, x, mem=None, causal=False):
        c, mem = self.c, x if mem is None else mem
        b, t, s = x.shape[0], x.shape[1], mem.shape[1]
        q = self.wq(x).view(b, t, c.heads, -1).transpose(1, 2)
        k = self.wk(mem).view(b, s, c.heads, -1).transpose(1, 2)
        v = self.wv(mem).view(b, s, c.heads, -1).transpose(1, 2)
        logits = q @ k.transpose(-1, -2)
        if self.bias_table is not None:
            rel = (torch.arange(s)[None] - torch.arange(t)[:, None]).abs().clamp(max=c.buckets - 1)
            logits = logits + self.bias_table(rel).permute(2, 0, 1)
        if causal:
            logits = logits.masked_fill(torch.ones(t, s, dtype=torch.bool).triu(1), float("-inf"))
        return self.wo((logits.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


def ffn(c):
    return nn.Sequential(
        nn.Linear(c.d_model, c.d_ff, bias=False),
        nn.ReLU(),
        nn.Linear(c.d_ff, c.d_model, bias=False),
    )


class EncoderLayer(nn.Module):
    def __init__(self, c, i):
        super().__init__()
        self.n1, self.attn, self.n2, self.ff = (
            Norm(c.d_model),
            MultiHead(c, i == 0),
            Norm(c.d_model),
            ffn(c),
        )

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.ff(self.n2(x))


class DecoderLayer(nn.Module):
    def __init__(self, c, i):
        super().__init__()
        self.n1, self.attn = Norm(c.d_model), MultiHead(c, i == 0)
        self.n2, self.cross = Norm(c.d_model), MultiHead(c, False)
        self.n3, self.ff = Norm(c.d_model), ffn(c)

    def forward(self, y, mem):
        y = y + self.attn(self.n1(y), causal=True)
        y = y + self.cross(self.n2(y), mem)
        return y + self.ff(self.n3(y))


class M(nn.Module):
    def __init__(self, c=DIMS):
        super().__init__()
        self.embed = nn.Embedding(c.vocab, c.d_model)
        self.enc = nn.ModuleList(EncoderLayer(c, i) for i in range(c.enc_layers))
        self.enc_norm = Norm(c.d_model)
        self.dec = nn.ModuleList(DecoderLayer(c, i) for i in range(c.dec_layers))
        self.dec_norm = Norm(c.d_model)

    def forward(self, src, tgt):
        x = self.embed(src)
        for layer in self.enc:
            x = layer(x)
        mem = self.enc_norm(x)
        y = self.embed(tgt)
        for layer in self.dec:
            y = layer(y, mem)
        return self.dec_norm(y)
"""

T5 = dict(
    architectures=["T5Model"],
    vocab_size=256,
    d_model=64,
    d_ff=256,
    num_heads=4,
    d_kv=16,
    num_layers=2,
    num_decoder_layers=2,
    relative_attention_num_buckets=32,
    feed_forward_proj="relu",
)


def test_feed_forward_as_wide_as_vocab_is_no_head(tmp_path):
    """A T5 without an LM head (``T5Model``) whose feed-forward width equals the vocabulary
    (256): a layer's projection, in a list of layers that differ (the first holds the
    relative bias table, so no repeated block stands for them), was read as an untied
    output head (``tieWordEmbeddings`` false against the config's true)."""
    code = write(tmp_path, "t5_no_head.py", T5_NO_HEAD)
    cfg, path = config(tmp_path, "clean", "T5Config", **T5)
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    _, other = config(tmp_path, "ff", "T5Config", **{**T5, "d_ff": 192})
    found = run(code, other)
    assert any(
        f.values and {f.values.get("left"), f.values.get("right")} == {256, 192} for f in found
    ), [f.message for f in found]


FUSED_KV_VIEW = """
import torch.nn.functional as F
from torch import nn

V, D, L, H, KV, FF = 96, 64, 2, 4, {kv}, 128


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = D // H
        self.norm_a, self.norm_f = nn.RMSNorm(D, eps=1e-5), nn.RMSNorm(D, eps=1e-5)
        self.wq = nn.Linear(D, H * self.hd, bias=False)
        self.wkv = nn.Linear(D, 2 * KV * self.hd, bias=False)
        self.wo = nn.Linear(H * self.hd, D, bias=False)
        self.gate = nn.Linear(D, FF, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.norm_a(x)
        q = self.wq(h).view(b, t, H, self.hd).transpose(1, 2)
        k, v = self.wkv(h).view(b, t, 2, KV, self.hd).permute(2, 0, 3, 1, 4)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(o.transpose(1, 2).reshape(b, t, -1))
        h = self.norm_f(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.final_norm = nn.RMSNorm(D, eps=1e-5)
        self.head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.final_norm(x))
"""


def test_fused_kv_viewed_as_parts_heads(tmp_path):
    """A fused k|v projection viewed as ``(2, kv, head_dim)``: each part is a split of
    ``kv`` heads. With one KV head in the code and two in the config, the structural
    differences (the k/v widths, the view) were reported beside the KV heads' claim; now
    the claim holds both counts alone."""
    cfg_kw = {**LLAMA, "num_key_value_heads": 2}
    clean = write(tmp_path, "fused_kv.py", FUSED_KV_VIEW.replace("{kv}", "2"))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", **cfg_kw)
    mine, hf = torch_pair(clean, cfg)
    assert count(mine) == count(hf)
    assert run(clean, path) == []
    planted = write(tmp_path, "fused_kv1.py", FUSED_KV_VIEW.replace("{kv}", "1"))
    found = run(planted, path)
    assert len(found) == 1 and {found[0].values["left"], found[0].values["right"]} == {1, 2}, [
        f.message for f in found
    ]


GROUPED_ROWS = (
    FUSED_KV_VIEW.replace(
        "self.wkv = nn.Linear(D, 2 * KV * self.hd, bias=False)",
        "self.wkv = nn.Linear(D, (H + 2 * KV) * self.hd, bias=False)",
    )
    .replace(
        "q = self.wq(h).view(b, t, H, self.hd).transpose(1, 2)\n"
        "        k, v = self.wkv(h).view(b, t, 2, KV, self.hd).permute(2, 0, 3, 1, 4)",
        "g = self.wkv(h).view(b, t, KV, H // KV + 2, self.hd)\n"
        "        q = g[:, :, :, : H // KV].reshape(b, t, H, self.hd).transpose(1, 2)\n"
        "        k, v = g[:, :, :, -2].transpose(1, 2), g[:, :, :, -1].transpose(1, 2)",
    )
    .replace("self.wq = nn.Linear(D, H * self.hd, bias=False)", "")
)


def test_rows_grouped_per_kv_head_are_no_kv_parts(tmp_path):
    """One fused q|k|v viewed as ``(kv groups, per_group + 2, head_dim)`` and cut on the
    second axis: its first axis is the KV groups, not a stack of k / v parts (read as
    such, 2 groups of 4 rows gave 4 query heads against 4: a guess that happened to hold,
    and 5 against 6 at other sizes)."""
    assert "view(b, t, KV, H // KV + 2" in GROUPED_ROWS and "self.wq" not in GROUPED_ROWS
    src = GROUPED_ROWS.replace("{kv}", "2").replace(
        "V, D, L, H, KV, FF = 96, 64, 2, 4, 2, 128", "V, D, L, H, KV, FF = 96, 96, 2, 6, 2, 128"
    )
    code = write(tmp_path, "grouped_rows.py", src)
    cfg, path = config(
        tmp_path,
        "clean",
        "LlamaConfig",
        **{**LLAMA, "hidden_size": 96, "num_attention_heads": 6, "num_key_value_heads": 2},
    )
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
