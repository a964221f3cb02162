"""Drift between re-implementations and their configs (session 22, drift22b; issue #17: fresh18's
dev part).

Each test proves its rule in torch first (the code, built on the meta device, has the parameter
count transformers' own model has for the same config), then statically: the clean pair gives no
finding of minor or above and one planted value gives one finding holding both values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

# -- experts after an attention whose heads are wider than the model ---------------------------

QWEN3_MOE = dict(
    architectures=["Qwen3MoeForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    moe_intermediate_size=48,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=32,
    num_experts=4,
    num_experts_per_tok=2,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)

_MOE_HEAD = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, LAYERS, HEADS, KV, HD, EXPERTS, TOPK, EFFN = 96, 64, 2, 4, 2, 32, 4, 2, {effn}


class RMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
"""

_MOE_TAIL = """

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = RMS(WIDTH), RMS(WIDTH)
        self.q = nn.Linear(WIDTH, HEADS * HD, bias=False)
        self.k = nn.Linear(WIDTH, KV * HD, bias=False)
        self.v = nn.Linear(WIDTH, KV * HD, bias=False)
        self.o = nn.Linear(HEADS * HD, WIDTH, bias=False)
        self.q_norm, self.k_norm = RMS(HD), RMS(HD)
        self.router = nn.Linear(WIDTH, EXPERTS, bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(EXPERTS))

    def forward(self, x):
        b, t, _ = x.shape
        y = self.ln1(x)
        q = self.q_norm(self.q(y).view(b, t, HEADS, HD)).transpose(1, 2)
        k = self.k_norm(self.k(y).view(b, t, KV, HD)).transpose(1, 2)
        v = self.v(y).view(b, t, KV, HD).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(o.transpose(1, 2).reshape(b, t, -1))
        y = self.ln2(x)
        w, idx = self.router(y).softmax(-1).topk(TOPK, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(y)
        for e, expert in enumerate(self.experts):
            out = out + (w * (idx == e)).sum(-1, keepdim=True) * expert(y)
        return x + out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, WIDTH)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.norm = RMS(WIDTH)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.norm(x))
"""

EXPERT_LINEARS = """

class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(WIDTH, EFFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, EFFN, bias=False)
        self.down_proj = nn.Linear(EFFN, WIDTH, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
"""

EXPERT_FUSED_GATE_UP = """

class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.w13 = nn.Linear(WIDTH, 2 * EFFN, bias=False)
        self.w2 = nn.Linear(EFFN, WIDTH, bias=False)

    def forward(self, x):
        g, u = self.w13(x).chunk(2, -1)
        return self.w2(F.silu(g) * u)
"""


@pytest.mark.parametrize("expert", [EXPERT_LINEARS, EXPERT_FUSED_GATE_UP], ids=["apart", "fused"])
def test_expert_modules_against_fused_tensors_with_wide_heads(tmp_path, expert):
    """Heads wider than the model (4 x 32 over 64): transformers' Qwen3-MoE holds its experts
    as fused ``[E, 2I, D]`` / ``[E, D, I]`` tensors, so the last *Linear* back to the width in
    its layer is the attention's ``o_proj`` (128 -> 64), and that was read as its MLP width
    against the code's expert ``nn.Linear`` width 48 (fresh18's Qwen3-MoE, a false positive).
    The expert tensors stand after ``o_proj``: they are the MLP that follows attention."""
    cfg, path = config(tmp_path, "cfg", "Qwen3MoeConfig", **QWEN3_MOE)
    code = write(tmp_path, "m.py", _MOE_HEAD.format(effn=48) + expert + _MOE_TAIL)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert tuple(hf.model.layers[0].mlp.experts.down_proj.shape) == (4, 64, 48)
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", _MOE_HEAD.format(effn=64) + expert + _MOE_TAIL)
    one(run(planted, path), 48, 64)


def test_dense_config_width_is_not_the_experts(tmp_path):
    """The rule moves the MLP width to the experts only where expert tensors follow the
    projection: a dense Qwen3 of the same wide heads keeps its MLP's width (128) and a
    planted 192 is still one finding with both values."""
    cfg, path = config(
        tmp_path,
        "cfg",
        "Qwen3Config",
        **{k: v for k, v in QWEN3_MOE.items() if "expert" not in k and k != "architectures"},
        architectures=["Qwen3ForCausalLM"],
    )
    dense = """

class Expert(nn.Module):
    pass
"""
    body = (
        _MOE_HEAD.format(effn="0\nFFN = {ffn}")
        + dense
        + _MOE_TAIL.replace(
            "        self.router = nn.Linear(WIDTH, EXPERTS, bias=False)\n"
            "        self.experts = nn.ModuleList(Expert() for _ in range(EXPERTS))\n",
            "        self.up = nn.Linear(WIDTH, FFN, bias=False)\n"
            "        self.gate = nn.Linear(WIDTH, FFN, bias=False)\n"
            "        self.down = nn.Linear(FFN, WIDTH, bias=False)\n",
        )
    )
    head, tail = body.split("        w, idx = ", 1)
    tail = tail.split("        return x + out", 1)[1]
    body = head + "        return x + self.down(F.silu(self.gate(y)) * self.up(y))" + tail
    code = write(tmp_path, "m.py", body.replace("{ffn}", "128"))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", body.replace("{ffn}", "192"))
    one(run(planted, path), 128, 192)


# -- a causal convolution padded by hand ------------------------------------------------------

LFM2 = dict(
    architectures=["Lfm2ForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=4,  # no attention layer: nothing reads a KV split
    layer_types=["conv", "conv"],
    conv_L_cache=3,
    block_auto_adjust_ff_dim=False,
    norm_eps=1e-5,
    tie_word_embeddings=False,
)

_LFM2 = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, LAYERS, FFN, KERNEL = 96, 64, {layers}, 128, 3


class RMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class ShortConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(WIDTH, 3 * WIDTH, bias=False)
        self.conv = nn.Conv1d(WIDTH, WIDTH, KERNEL, groups=WIDTH, bias=False)
        self.out_proj = nn.Linear(WIDTH, WIDTH, bias=False)
{pad_init}
    def forward(self, x):
        b, c, h = self.in_proj(x).transpose(1, 2).chunk(3, dim=1)
        y = self.conv({pad_call})
        return self.out_proj((c * y).transpose(1, 2))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.operator_norm, self.ffn_norm = RMS(WIDTH), RMS(WIDTH)
        self.conv = ShortConv()
        self.w1 = nn.Linear(WIDTH, FFN, bias=False)
        self.w3 = nn.Linear(WIDTH, FFN, bias=False)
        self.w2 = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        x = x + self.conv(self.operator_norm(x))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.embedding_norm = RMS(WIDTH)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.embedding_norm(x))
"""

FUNCTIONAL = ("", "F.pad(b * h, (KERNEL - 1, 0))")
MODULE = ("        self.pad = nn.ZeroPad1d((KERNEL - 1, 0))\n", "self.pad(b * h)")


@pytest.mark.parametrize("pad", [FUNCTIONAL, MODULE], ids=["F.pad", "ZeroPad1d"])
def test_causal_conv_padded_by_hand(tmp_path, pad):
    """``F.pad(x, (k - 1, 0))`` then ``nn.Conv1d(..., k)`` without padding is transformers'
    ``nn.Conv1d(..., padding=k - 1)`` cut back to the input length (LFM2's short convolution,
    Qwen3.5's gated delta net): the same weights and, in torch, the same outputs. It was
    ``conv1d.padding`` 0 against 2 (fresh18's Qwen3.5 text, a false positive)."""
    cfg, path = config(tmp_path, "cfg", "Lfm2Config", **LFM2)
    code = write(tmp_path, "m.py", _LFM2.format(layers=2, pad_init=pad[0], pad_call=pad[1]))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    # the outputs agree: HF's padded conv cut to the length, the code's padded input
    conv = hf.model.layers[0].conv.conv
    assert conv.padding == (2,)
    with torch.device("cpu"):
        x = torch.randn(1, 64, 7)
        ref = torch.nn.Conv1d(64, 64, 3, groups=64, bias=False, padding=2)
        own = torch.nn.Conv1d(64, 64, 3, groups=64, bias=False)
        own.weight.data.copy_(ref.weight.data)
        assert torch.allclose(ref(x)[..., :7], own(torch.nn.functional.pad(x, (2, 0))))
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", _LFM2.format(layers=3, pad_init=pad[0], pad_call=pad[1]))
    found = run(planted, path)
    assert len(found) == 1 and "2" in found[0].message and "3" in found[0].message


def test_pad_on_the_right_is_not_causal(tmp_path):
    """A pad on the right (the conv sees the future) is not the config's causal conv: it is
    not folded, and the padding difference stays a finding."""
    cfg, path = config(tmp_path, "cfg", "Lfm2Config", **LFM2)
    code = write(
        tmp_path,
        "m.py",
        _LFM2.format(layers=2, pad_init="", pad_call="F.pad(b * h, (0, KERNEL - 1))"),
    )
    assert any("padding" in f.message for f in run(code, path))


# -- a level holding blocks only (two stacks) -------------------------------------------------

HRM = dict(
    architectures=["HrmTextModel"],
    vocab_size=256,
    hidden_size=64,
    num_attention_heads=4,
    head_dim=16,
    intermediate_size=128,
    num_layers_per_stack=2,
    num_hidden_layers=4,
)

_HRM = """
import torch
import torch.nn.functional as F
from torch import nn

S = dict(vocab=256, width=64, heads=4, hd=16, ffn={ffn}, per_stack=2)


def rms(x):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        inner = S["heads"] * S["hd"]
        self.q_proj = nn.Linear(S["width"], inner, bias=False)
        self.k_proj = nn.Linear(S["width"], inner, bias=False)
        self.v_proj = nn.Linear(S["width"], inner, bias=False)
        self.gate_proj = nn.Linear(S["width"], inner, bias=False)
        self.o_proj = nn.Linear(inner, S["width"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, S["heads"], S["hd"]).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, -1)
        return self.o_proj(o * torch.sigmoid(self.gate_proj(x)))


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(S["width"], S["ffn"], bias=False)
        self.up_proj = nn.Linear(S["width"], S["ffn"], bias=False)
        self.down_proj = nn.Linear(S["ffn"], S["width"], bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn, self.mlp = Attn(), Mlp()

    def forward(self, x):
        x = rms(x + self.self_attn(x))
        return rms(x + self.mlp(x))


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(Block() for _ in range(S["per_stack"]))

    def forward(self, z, inj):
        z = z + inj
        for layer in self.layers:
            z = layer(z)
        return z


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.z_L_init = nn.Parameter(torch.zeros(S["width"]))
        self.embed_tokens = nn.Embedding(S["vocab"], S["width"])
{stacks}

    def forward(self, ids):
        x = self.embed_tokens(ids)
        z_h, z_l = x, self.z_L_init.expand_as(x)
        for _ in range(2):
            for _ in range(2):
                z_l = {low}(z_l, z_h + x)
            z_h = {high}(z_h, z_l)
        return z_h
"""

NAMED = dict(
    stacks="        self.L_module = Stack()\n        self.H_module = Stack()",
    low="self.L_module",
    high="self.H_module",
)
LISTED = dict(
    stacks="        self.stacks = nn.ModuleList([Stack(), Stack()])",
    low="self.stacks[0]",
    high="self.stacks[1]",
)


@pytest.mark.parametrize("stacks", [NAMED, LISTED], ids=["named", "listed"])
def test_resized_layers_under_a_level_of_blocks_only(tmp_path, stacks):
    """HRM: a level that holds the two stacks and no layer of its own "holds as many
    parameters each side" (none), which marked the stacks' resized MLP weights (a planted
    width 192 against 128) as one model written two ways: no finding at all (fresh18's HRM,
    two recall misses). Resized weights inside unpaired blocks are not that level's layers."""
    cfg, path = config(tmp_path, "cfg", "HrmTextConfig", **HRM)
    code = write(tmp_path, "m.py", _HRM.format(ffn=128, **stacks))
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", _HRM.format(ffn=192, **stacks))
    one(run(planted, path), 192, 128)


# -- heads of a hybrid stack where only the norms repeat --------------------------------------

_HYBRID = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, FFN, KERNEL, HEADS, KV, HD = 96, 64, 128, 3, 4, {kv}, 16
PLAN = "{plan}"


class RMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class ShortConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(WIDTH, 3 * WIDTH, bias=False)
        self.conv = nn.Conv1d(WIDTH, WIDTH, KERNEL, groups=WIDTH, padding=KERNEL - 1, bias=False)
        self.out_proj = nn.Linear(WIDTH, WIDTH, bias=False)

    def forward(self, x):
        b, c, h = self.in_proj(x).chunk(3, -1)
        y = self.conv((b * h).transpose(1, 2))[..., : x.shape[1]].transpose(1, 2)
        return self.out_proj(c * y)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(WIDTH, HEADS * HD, bias=False)
        self.k = nn.Linear(WIDTH, KV * HD, bias=False)
        self.v = nn.Linear(WIDTH, KV * HD, bias=False)
        self.o = nn.Linear(HEADS * HD, WIDTH, bias=False)
        self.q_norm, self.k_norm = RMS(HD), RMS(HD)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q(x).view(b, t, HEADS, HD)).transpose(1, 2)
        k = self.k_norm(self.k(x).view(b, t, KV, HD)).transpose(1, 2)
        v = self.v(x).view(b, t, KV, HD).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.mixer = ShortConv() if kind == "C" else Attention()
        self.operator_norm, self.ffn_norm = RMS(WIDTH), RMS(WIDTH)
        self.w1 = nn.Linear(WIDTH, FFN, bias=False)
        self.w3 = nn.Linear(WIDTH, FFN, bias=False)
        self.w2 = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        x = x + self.mixer(self.operator_norm(x))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer(k) for k in PLAN)
        self.embedding_norm = RMS(WIDTH)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.embedding_norm(x))
"""


@pytest.mark.parametrize("plan", ["CA", "AC"])
def test_kv_heads_of_a_hybrid_whose_norms_alone_repeat(tmp_path, plan):
    """A conv layer and an attention layer: no two layers alike, only their norm pair
    repeats, and that norm block was taken for the main block, which holds no projection, so
    no heads were read on either side and a planted KV-head count (2 -> 1) went unseen
    (fresh18's LFM3, Lara-mini, Qwen3.5 text: recall misses). The whole model is the body its
    reshapes cut heads in, as where nothing repeats."""
    kinds = {"C": "conv", "A": "full_attention"}
    cfg, path = config(
        tmp_path,
        "cfg",
        "Lfm2Config",
        **{**LFM2, "num_key_value_heads": 2, "layer_types": [kinds[k] for k in plan]},
    )
    code = write(tmp_path, "m.py", _HYBRID.format(kv=2, plan=plan))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", _HYBRID.format(kv=1, plan=plan))
    found = run(planted, path)
    assert len(found) == 1, [f.message for f in found]
    assert "KV heads 1" in found[0].message or one(found, 2, 1)


# -- fused experts of a sparse layer that stands once -----------------------------------------

_DENSE_THEN_SPARSE = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, HEADS, KV, HD, FFN, EXPERTS, TOPK, EFFN = 96, 64, 4, 2, 16, 128, {e}, 2, 48


class RMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Dense(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Sparse(nn.Module):
    def __init__(self):
        super().__init__()
{params}

    def forward(self, x):
        w, idx = F.linear(x, self.router).softmax(-1).topk(TOPK, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e in range(EXPERTS):
            g, u = F.linear(x, self.gate_up[e]).chunk(2, -1)
            y = F.linear(F.silu(g) * u, self.down[e])
            out = out + (w * (idx == e)).sum(-1, keepdim=True) * y
        return out


class Layer(nn.Module):
    def __init__(self, sparse):
        super().__init__()
        self.ln1, self.ln2 = RMS(WIDTH), RMS(WIDTH)
        self.q = nn.Linear(WIDTH, HEADS * HD, bias=False)
        self.k = nn.Linear(WIDTH, KV * HD, bias=False)
        self.v = nn.Linear(WIDTH, KV * HD, bias=False)
        self.o = nn.Linear(HEADS * HD, WIDTH, bias=False)
        self.q_norm, self.k_norm = RMS(HD), RMS(HD)
        self.mlp = Sparse() if sparse else Dense()

    def forward(self, x):
        b, t, _ = x.shape
        y = self.ln1(x)
        q = self.q_norm(self.q(y).view(b, t, HEADS, HD)).transpose(1, 2)
        k = self.k_norm(self.k(y).view(b, t, KV, HD)).transpose(1, 2)
        v = self.v(y).view(b, t, KV, HD).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.mlp(self.ln2(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList([Layer(False), Layer(True)])
        self.norm = RMS(WIDTH)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""

ROUTER_FIRST = """\
        self.router = nn.Parameter(torch.empty(EXPERTS, WIDTH))
        self.gate_up = nn.Parameter(torch.empty(EXPERTS, 2 * EFFN, WIDTH))
        self.down = nn.Parameter(torch.empty(EXPERTS, WIDTH, EFFN))"""
ROUTER_LAST = """\
        self.gate_up = nn.Parameter(torch.empty(EXPERTS, 2 * EFFN, WIDTH))
        self.down = nn.Parameter(torch.empty(EXPERTS, WIDTH, EFFN))
        self.router = nn.Parameter(torch.empty(EXPERTS, WIDTH))"""


@pytest.mark.parametrize("params", [ROUTER_FIRST, ROUTER_LAST], ids=["router-first", "last"])
def test_fused_experts_of_a_lone_sparse_layer(tmp_path, params):
    """A dense layer, then a sparse one: no layer repeats, so the sparse layer's router and
    its fused ``[E, 2I, D]`` / ``[E, D, I]`` tensors stand at the top level, where no block
    was searched for experts; a planted expert count (4 -> 8) gave only shape findings
    without the count (fresh18's Mistral-Large-4 text, Kimi-Linear: recall misses). The
    router next to a run of 3-d tensors of its rows is read as the experts."""
    cfg, path = config(
        tmp_path,
        "cfg",
        "Qwen3MoeConfig",
        **{**QWEN3_MOE, "head_dim": 16, "mlp_only_layers": [0]},
    )
    code = write(tmp_path, "m.py", _DENSE_THEN_SPARSE.format(e=4, params=params))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", _DENSE_THEN_SPARSE.format(e=8, params=params))
    one(run(planted, path), 4, 8)
