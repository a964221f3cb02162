"""Drift between re-implementations and their configs (session 19, issue #17: the twelfth
re-implementation set's development part, second pass). Each rule is proven in torch first, on
code written here (not the corpus's): the code builds transformers' parameter count for the same
config; then the comparison says nothing on the clean pair and one finding holding both values
where one value differs.

- an encoder-decoder whose two stacks are named with the short words ``enc`` / ``dec``: the
  config's ``num_layers`` / ``num_decoder_layers`` count those two stacks, never the longer one
  alone as "the" layers;
- a model in which no layer repeats (two-layer stacks whose first layer holds the relative
  position table, so no two copies are alike): its MLP width is read off the whole model where
  every projection back to the width agrees;
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, holds, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

T5 = dict(
    architectures=["T5ForConditionalGeneration"],
    vocab_size=96,
    d_model=32,
    d_kv=8,
    d_ff=64,
    num_heads=4,
    relative_attention_num_buckets=16,
    layer_norm_epsilon=1e-6,
    feed_forward_proj="relu",
    tie_word_embeddings=True,
)

T5_CODE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, KV, FF, H, BUCKETS = 96, 32, 8, {ff}, 4, 16
N_ENC, N_DEC = {enc}, {dec}


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Attn(nn.Module):
    def __init__(self, rel):
        super().__init__()
        self.q = nn.Linear(D, H * KV, bias=False)
        self.k = nn.Linear(D, H * KV, bias=False)
        self.v = nn.Linear(D, H * KV, bias=False)
        self.o = nn.Linear(H * KV, D, bias=False)
        self.rel = nn.Embedding(BUCKETS, H) if rel else None

    def forward(self, x, mem=None):
        mem = x if mem is None else mem
        b, t, _ = x.shape
        q = self.q(x).view(b, t, H, KV).transpose(1, 2)
        k = self.k(mem).view(b, -1, H, KV).transpose(1, 2)
        v = self.v(mem).view(b, -1, H, KV).transpose(1, 2)
        s = q @ k.transpose(-1, -2)
        if self.rel is not None:
            pos = torch.arange(t)
            rel = (pos[None, :] - pos[:, None]).clamp(0, BUCKETS - 1)
            s = s + self.rel(rel).permute(2, 0, 1)
        return self.o((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


class FF_(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = Norm()
        self.wi = nn.Linear(D, FF, bias=False)
        self.wo = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        return x + self.wo(F.relu(self.wi(self.n(x))))


class Enc(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.n, self.sa, self.ff = Norm(), Attn(i == 0), FF_()

    def forward(self, x):
        return self.ff(x + self.sa(self.n(x)))


class Dec(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.n1, self.sa = Norm(), Attn(i == 0)
        self.n2, self.ca = Norm(), Attn(False)
        self.ff = FF_()

    def forward(self, y, mem):
        y = y + self.sa(self.n1(y))
        return self.ff(y + self.ca(self.n2(y), mem))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(V, D)
        self.enc = nn.ModuleList(Enc(i) for i in range(N_ENC))
        self.enc_norm = Norm()
        self.dec = nn.ModuleList(Dec(i) for i in range(N_DEC))
        self.dec_norm = Norm()
        self.head = nn.Linear(D, V, bias=False)
        self.head.weight = self.embed.weight

    def forward(self, src, tgt):
        x = self.embed(src)
        for blk in self.enc:
            x = blk(x)
        mem = self.enc_norm(x)
        y = self.embed(tgt)
        for blk in self.dec:
            y = blk(y, mem)
        return self.head(self.dec_norm(y) * D**-0.5)
"""


def test_short_encoder_decoder_stack_names(tmp_path):
    """``self.enc`` (3 layers) and ``self.dec`` (2): the config's ``num_layers = 3`` and
    ``num_decoder_layers = 2`` are those stacks. Read as one main stack (the longest), the
    code's 3 layers were compared with the config's decoder depth 2: a drift on a clean pair."""
    code = write(tmp_path, "t5_short.py", T5_CODE.format(enc=3, dec=2, ff=64))
    cfg, path = config(tmp_path, "clean", "T5Config", num_layers=3, num_decoder_layers=2, **T5)
    mine, hf = torch_pair(code, cfg, "AutoModelForSeq2SeqLM")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    # a deeper decoder in the code: one layer-count finding, 3 against the config's 2
    deeper = write(tmp_path, "t5_deeper.py", T5_CODE.format(enc=3, dec=3, ff=64))
    f = one(run(deeper, path), 3, 2)
    assert f.kind == "layer-count"


def test_mlp_width_without_a_repeated_layer(tmp_path):
    """Two encoder and two decoder layers, the first of each holding the bucket table: no
    layer of the code repeats, so there is no main block to read the MLP width off. A wider
    MLP in the code was a handful of unpaired layers; it is one finding, 96 against 64."""
    code = write(tmp_path, "t5_two.py", T5_CODE.format(enc=2, dec=2, ff=64))
    cfg, path = config(tmp_path, "clean", "T5Config", num_layers=2, num_decoder_layers=2, **T5)
    mine, hf = torch_pair(code, cfg, "AutoModelForSeq2SeqLM")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    wider = write(tmp_path, "t5_wider.py", T5_CODE.format(enc=2, dec=2, ff=96))
    one(run(wider, path), 96, 64)


JAMBA = dict(
    architectures=["JambaForCausalLM"],
    vocab_size=128,
    hidden_size=32,
    intermediate_size=48,
    num_attention_heads=4,
    num_key_value_heads=2,
    num_experts=4,
    num_experts_per_tok=2,
    attn_layer_period=2,
    attn_layer_offset=1,
    expert_layer_period=2,
    expert_layer_offset=1,
    mamba_d_state=8,
    mamba_d_conv=4,
    mamba_expand=2,
    mamba_dt_rank=4,
    mamba_proj_bias=False,
    mamba_conv_bias=True,
    tie_word_embeddings=False,
)

JAMBA_CODE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, FF, H, KV, E, K = 128, 32, 48, 4, 2, 4, 2
N_STATE, CONV, INNER, RANK = 8, 4, 64, 4
DEPTH = {depth}


class Norm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Mixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(D, 2 * INNER, bias=False)
        self.conv1d = nn.Conv1d(INNER, INNER, CONV, groups=INNER, padding=CONV - 1)
        self.x_proj = nn.Linear(INNER, RANK + 2 * N_STATE, bias=False)
        self.dt_proj = nn.Linear(RANK, INNER)
        self.A_log = nn.Parameter(torch.zeros(INNER, N_STATE))
        self.D = nn.Parameter(torch.ones(INNER))
        self.out_proj = nn.Linear(INNER, D, bias=False)
        self.dt_norm, self.b_norm, self.c_norm = Norm(RANK), Norm(N_STATE), Norm(N_STATE)

    def forward(self, x):
        t = x.shape[1]
        h, z = self.in_proj(x).chunk(2, -1)
        h = F.silu(self.conv1d(h.transpose(1, 2))[..., :t]).transpose(1, 2)
        dt, b, c = self.x_proj(h).split([RANK, N_STATE, N_STATE], -1)
        dt = F.softplus(self.dt_proj(self.dt_norm(dt)))
        b, c = self.b_norm(b), self.c_norm(c)
        decay = (dt[..., None] * -self.A_log.exp()).exp()
        y = (decay * b[:, :, None] * c[:, :, None]).sum(-1) * h + h * self.D
        return self.out_proj(y * F.silu(z))


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(D, D, bias=False)
        self.k_proj = nn.Linear(D, KV * (D // H), bias=False)
        self.v_proj = nn.Linear(D, KV * (D // H), bias=False)
        self.o_proj = nn.Linear(D, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, H, -1).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV, -1).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, D))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(D, FF, bias=False)
        self.up_proj = nn.Linear(D, FF, bias=False)
        self.down_proj = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Sparse(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(D, E, bias=False)
        self.experts = nn.ModuleList(MLP() for _ in range(E))

    def forward(self, x):
        flat = x.reshape(-1, D)
        w, idx = self.router(flat).softmax(-1).topk(K, -1)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            gate = (w * (idx == e)).sum(-1, keepdim=True)
            out = out + expert(flat) * gate
        return out.view_as(x)


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.input_layernorm = Norm(D)
        self.mixer = Attn() if i % 2 == 1 else Mixer()
        self.pre_ff_layernorm = Norm(D)
        self.feed_forward = Sparse() if i % 2 == 1 else MLP()

    def forward(self, x):
        x = x + self.mixer(self.input_layernorm(x))
        return x + self.feed_forward(self.pre_ff_layernorm(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer(i) for i in range(DEPTH))
        self.final_layernorm = Norm(D)
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.final_layernorm(x))
"""


def test_hybrid_layers_of_two_classes_and_module_list_experts(tmp_path):
    """transformers' Jamba builds one layer per ``range(num_hidden_layers)`` step, a Mamba
    layer and an attention layer in turn: two classes alternating are whole layers there,
    never halves of one (BertGeneration's ``[attention, feed-forward] * layers``), so its
    depth is 4, not 2. The code's experts, an ``nn.ModuleList`` of the class of its dense MLP,
    pair with nothing of transformers' fused expert tensors: they must not take a dense
    MLP's partner (4 copies against 1 read as a layer count)."""
    code = write(tmp_path, "jamba_mine.py", JAMBA_CODE.format(depth=4))
    cfg, path = config(tmp_path, "clean", "JambaConfig", num_hidden_layers=4, **JAMBA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    deeper = write(tmp_path, "jamba_deeper.py", JAMBA_CODE.format(depth=6))
    f = one(run(deeper, path), 6, 4)
    assert f.kind == "layer-count"


SEGFORMER = dict(
    architectures=["SegformerModel"],
    num_encoder_blocks=2,
    sr_ratios=[2, 1],
    hidden_sizes=[16, 32],
    patch_sizes=[7, 3],
    strides=[4, 2],
    num_attention_heads=[1, 2],
    mlp_ratios=[4, 4],
)

SEGFORMER_CODE = """
import torch.nn as nn
import torch.nn.functional as F

WIDTH = [16, 32]
DEPTH = {depths}
HEADS = [1, 2]
SR = [2, 1]
PATCH = [7, 3]
STRIDE = [4, 2]


class Attn(nn.Module):
    def __init__(self, d, heads, sr):
        super().__init__()
        self.heads = heads
        self.query = nn.Linear(d, d)
        self.key = nn.Linear(d, d)
        self.value = nn.Linear(d, d)
        self.out = nn.Linear(d, d)
        self.sr = nn.Conv2d(d, d, sr, sr) if sr > 1 else None
        self.sr_norm = nn.LayerNorm(d) if sr > 1 else None

    def forward(self, x, h, w):
        b, n, d = x.shape
        q = self.query(x).view(b, n, self.heads, -1).transpose(1, 2)
        m = x
        if self.sr is not None:
            m = self.sr(x.transpose(1, 2).reshape(b, d, h, w)).flatten(2).transpose(1, 2)
            m = self.sr_norm(m)
        k = self.key(m).view(b, -1, self.heads, d // self.heads).transpose(1, 2)
        v = self.value(m).view(b, -1, self.heads, d // self.heads).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v)
        return self.out(o.transpose(1, 2).reshape(b, n, d))


class Mlp(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc1 = nn.Linear(d, 4 * d)
        self.dw = nn.Conv2d(4 * d, 4 * d, 3, 1, 1, groups=4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def forward(self, x, h, w):
        x = self.fc1(x)
        b, n, c = x.shape
        x = self.dw(x.transpose(1, 2).reshape(b, c, h, w)).flatten(2).transpose(1, 2)
        return self.fc2(F.gelu(x))


class Layer(nn.Module):
    def __init__(self, d, heads, sr):
        super().__init__()
        self.ln1, self.attn = nn.LayerNorm(d), Attn(d, heads, sr)
        self.ln2, self.mlp = nn.LayerNorm(d), Mlp(d)

    def forward(self, x, h, w):
        x = x + self.attn(self.ln1(x), h, w)
        return x + self.mlp(self.ln2(x), h, w)


class Stage(nn.Module):
    def __init__(self, i):
        super().__init__()
        cin = 3 if i == 0 else WIDTH[i - 1]
        self.patch = nn.Conv2d(cin, WIDTH[i], PATCH[i], STRIDE[i], PATCH[i] // 2)
        self.patch_norm = nn.LayerNorm(WIDTH[i])
        self.layers = nn.ModuleList(Layer(WIDTH[i], HEADS[i], SR[i]) for _ in range(DEPTH[i]))
        self.norm = nn.LayerNorm(WIDTH[i])

    def forward(self, x):
        x = self.patch(x)
        h, w = x.shape[-2:]
        x = self.patch_norm(x.flatten(2).transpose(1, 2))
        for layer in self.layers:
            x = layer(x, h, w)
        return self.norm(x).transpose(1, 2).reshape(x.shape[0], -1, h, w)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList(Stage(i) for i in range(2))

    def forward(self, pixels):
        for stage in self.stages:
            pixels = stage(pixels)
        return pixels
"""


def test_hierarchical_heads_are_per_stage(tmp_path):
    """A two-stage SegFormer with 1 and 2 heads: each side's one head count is read off a
    block of some stage (the code's main block is the second stage's, transformers' first
    stage's splits stand in where its main block has none), so 2 against 1 compared two
    stages. A hierarchical network's heads are per stage: no single head count is compared."""
    code = write(tmp_path, "segformer_mine.py", SEGFORMER_CODE.format(depths=[1, 2]))
    cfg, path = config(tmp_path, "clean", "SegformerConfig", depths=[1, 2], **SEGFORMER)
    mine, hf = torch_pair(code, cfg, "AutoModel")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    deeper = write(tmp_path, "segformer_deeper.py", SEGFORMER_CODE.format(depths=[1, 3]))
    found = run(deeper, path)
    assert len(found) == 1, [f.message for f in found]
    assert found[0].values == {"left": [1, 3], "right": [1, 2]}
    assert "stageDepths" in found[0].message


def test_relative_bias_parameter_is_a_table(tmp_path):
    """T5's relative bias written as a bare ``nn.Parameter(torch.zeros(buckets, heads))``
    named ``bias`` in an attention that holds its own projections, looked up with
    ``self.bias[rel.clamp(...)]`` and tested with ``is not None``: a lookup table by its uses
    (a module's own ``bias`` only where the module is one layer). More buckets in the code
    is then a table of other rows, 32 against the config's 16, not a parameter of no size."""
    raw = (
        T5_CODE.replace(
            "self.rel = nn.Embedding(BUCKETS, H) if rel else None",
            "self.bias = nn.Parameter(torch.zeros(BUCKETS, H)) if rel else None",
        )
        .replace("if self.rel is not None:", "if self.bias is not None:")
        .replace(
            "s = s + self.rel(rel).permute(2, 0, 1)",
            "s = s + self.bias[rel.clamp(max=BUCKETS - 1)].permute(2, 0, 1)",
        )
    )
    assert "self.rel" not in raw
    code = write(tmp_path, "t5_raw.py", raw.format(enc=3, dec=2, ff=64))
    cfg, path = config(tmp_path, "clean", "T5Config", num_layers=3, num_decoder_layers=2, **T5)
    mine, hf = torch_pair(code, cfg, "AutoModelForSeq2SeqLM")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    more32 = raw.format(enc=3, dec=2, ff=64).replace("4, 16\n", "4, 32\n")
    assert more32 != raw.format(enc=3, dec=2, ff=64)
    more = write(tmp_path, "t5_raw32.py", more32)
    found = run(more, path)
    assert any(holds(f, 32, 16) for f in found), [f.message for f in found]


OPT = dict(
    architectures=["OPTForCausalLM"],
    vocab_size=128,
    hidden_size=32,
    ffn_dim=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    word_embed_proj_dim=32,
    do_layer_norm_before=True,
    tie_word_embeddings=True,
)

OPT_CODE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, FF, L, H, CTX = 128, 32, 64, 2, 4, {ctx}


class Positions(nn.Embedding):
    def __init__(self):
        super().__init__(CTX + 2, D)

    def forward(self, mask):
        pos = torch.cumsum(mask, 1) * mask - 1
        return super().forward(pos + 2)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(D)
        self.q, self.k, self.v, self.o = (nn.Linear(D, D) for _ in range(4))
        self.ln2 = nn.LayerNorm(D)
        self.fc1, self.fc2 = nn.Linear(D, FF), nn.Linear(FF, D)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln1(x)
        q, k, v = (p(h).view(b, t, H, -1).transpose(1, 2) for p in (self.q, self.k, self.v))
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, D))
        return x + self.fc2(F.relu(self.fc1(self.ln2(x))))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(V, D)
        self.positions = Positions()
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.LayerNorm(D)
        self.head = nn.Linear(D, V, bias=False)
        self.head.weight = self.tokens.weight

    def forward(self, ids):
        x = self.tokens(ids) + self.positions(torch.ones_like(ids))
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""


def test_position_table_as_an_embedding_subclass_of_any_name(tmp_path):
    """``class Positions(nn.Embedding)`` whose forward looks its own rows up with
    ``super().forward``: the module is its table (fairseq's ``ctx + 2`` rows) whatever its
    class is called. Read as a block of a bare parameter and a lookup, a longer context was two
    unpaired layers; it is one finding, 128 against the config's 64."""
    code = write(tmp_path, "opt_mine.py", OPT_CODE.format(ctx=64))
    cfg, path = config(tmp_path, "clean", "OPTConfig", max_position_embeddings=64, **OPT)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    longer = write(tmp_path, "opt_longer.py", OPT_CODE.format(ctx=128))
    one(run(longer, path), 128, 64)


LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=128,
    intermediate_size=96,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    rms_norm_eps=1e-5,
    tie_word_embeddings=False,
)

LLAMA_CODE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, FF, L, H, KV = 128, {width}, 96, 2, 4, 2
HD = D // H


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1, self.n2 = nn.RMSNorm(D, eps=1e-5), nn.RMSNorm(D, eps=1e-5)
        self.q = nn.Linear(D, H * HD, bias=False)
        self.k = nn.Linear(D, KV * HD, bias=False)
        self.v = nn.Linear(D, KV * HD, bias=False)
        self.o = nn.Linear(H * HD, D, bias=False)
        self.gate = nn.Linear(D, FF, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, H, HD).transpose(1, 2)
        k = self.k(h).view(b, t, KV, HD).transpose(1, 2)
        v = self.v(h).view(b, t, KV, HD).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, H * HD))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-5)
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""


def test_head_width_computed_from_the_width_is_its_consequence(tmp_path):
    """The code computes its head width as ``D // H`` and never reads ``head_dim``; the saved
    config states ``head_dim = 16`` (64 / 4). A wider model in the code (96) has 24-wide heads:
    one root, the width, not a second finding that ``head_dim`` is never read."""
    code = write(tmp_path, "llama_mine.py", LLAMA_CODE.format(width=64))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", hidden_size=64, head_dim=16, **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    wider = write(tmp_path, "llama_wider.py", LLAMA_CODE.format(width=96))
    one(run(wider, path), 96, 64)
