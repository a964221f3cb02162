"""Drift between re-implementations and their configs (session 20b, issue #17: fresh15's dev part).

Each test proves its rule in torch first (the code, built on the meta device, has the parameter
count transformers' own model has for the same config), then statically: the clean pair gives no
finding of minor or above and one planted value gives one finding holding both values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)

STAMPED = """
import torch
import torch.nn.functional as F
from torch import nn


def with_sizes(**sizes):
    def stamp(cls):
        for k, v in sizes.items():
            setattr(cls, k.upper(), v)
        return cls

    return stamp


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Block(nn.Module):
    def __init__(self, m):
        super().__init__()
        hd = m.WIDTH // m.HEADS
        self.q = nn.Linear(m.WIDTH, m.HEADS * hd, bias=False)
        self.k = nn.Linear(m.WIDTH, m.KV_HEADS * hd, bias=False)
        self.v = nn.Linear(m.WIDTH, m.KV_HEADS * hd, bias=False)
        self.o = nn.Linear(m.HEADS * hd, m.WIDTH, bias=False)
        self.gate = nn.Linear(m.WIDTH, m.FFN, bias=False)
        self.up = nn.Linear(m.WIDTH, m.FFN, bias=False)
        self.down = nn.Linear(m.FFN, m.WIDTH, bias=False)
        self.n1, self.n2 = Norm(m.WIDTH), Norm(m.WIDTH)
        self.hd = hd

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k(h).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v(h).view(b, t, -1, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


@with_sizes(vocab=96, width=64, layers=2, heads=4, kv_heads=2, ffn={ffn})
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(self.VOCAB, self.WIDTH)
        self.blocks = nn.ModuleList(Block(type(self)) for _ in range(self.LAYERS))
        self.norm = Norm(self.WIDTH)
        self.head = nn.Linear(self.WIDTH, self.VOCAB, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x))
"""


def test_class_decorator_stamping_sizes(tmp_path):
    """A class decorator of the user's code that stamps sizes onto the class (``setattr(cls,
    k.upper(), v)`` in a loop) runs at the ``class`` statement: ``self.VOCAB`` reads 96. It was
    not run, so every size was unknown and the layers an ``Unknown`` (a missing-layer and an
    extra-layer finding on a clean pair); a planted FFN width is one finding, 128 against 160."""
    code = write(tmp_path, "stamped.py", STAMPED.format(ffn=128))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    wide = write(tmp_path, "wide.py", STAMPED.format(ffn=160))
    one(run(wide, path), 128, 160)


ENVIRON = """
import os

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = int(os.environ.get("MY_VOCAB", "96"))
DIM = int(os.environ.get("MY_DIM", "64"))
N_LAYERS = int(os.environ.get("MY_LAYERS", "2"))
FFN = 128


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(DIM, DIM, bias=False)
        self.k_proj = nn.Linear(DIM, DIM // 2, bias=False)
        self.v_proj = nn.Linear(DIM, DIM // 2, bias=False)
        self.o_proj = nn.Linear(DIM, DIM, bias=False)
        self.gate_proj = nn.Linear(DIM, FFN, bias=False)
        self.up_proj = nn.Linear(DIM, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, DIM, bias=False)
        self.n1 = nn.RMSNorm(DIM, eps=1e-6)
        self.n2 = nn.RMSNorm(DIM, eps=1e-6)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q_proj(h).view(b, t, 4, 16).transpose(1, 2)
        k = self.k_proj(h).view(b, t, 2, 16).transpose(1, 2)
        v = self.v_proj(h).view(b, t, 2, 16).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(y.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList(Block() for _ in range(N_LAYERS))
        self.norm = nn.RMSNorm(DIM, eps=1e-6)
        self.lm_head = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""


def test_unreadable_layers_are_an_unknown_not_a_drift(tmp_path):
    """Sizes read from the user's environment (``int(os.environ.get("MY_LAYERS", "2"))``)
    stay unknown statically (the variable is the user's to set), so the layer list is an
    ``Unknown`` node. It was reported as a missing layer (``Unknown``) beside an extra one
    (the config's 2 decoder layers): a major drift on a clean pair. What the other side has in
    the unread part's place is not judged: one info finding names the part, nothing above.
    With the sizes written as constants, a planted depth is one finding as before."""
    code = write(tmp_path, "environ.py", ENVIRON)
    cfg, path = config(tmp_path, "clean", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)  # the clean environment: the defaults
    assert count(mine) == count(hf)
    assert run(code, path) == []
    from driftcheck.drift import drift, load_sides

    infos = [f for f in drift(load_sides(str(code), str(path)), str(code), str(path))]
    assert [f.kind for f in infos] == ["incomplete"], [f.message for f in infos]
    line = (
        code.read_text()
        .splitlines()
        .index("        self.layers = nn.ModuleList(Block() for _ in range(N_LAYERS))")
    )
    assert infos[0].locations and infos[0].locations[0].line == line + 1
    # the same code with readable sizes: a planted depth is still one finding, 2 against 3
    fixed = ENVIRON.replace('int(os.environ.get("MY_LAYERS", "2"))', "3")
    fixed = fixed.replace('int(os.environ.get("MY_VOCAB", "96"))', "96")
    fixed = fixed.replace('int(os.environ.get("MY_DIM", "64"))', "64")
    one(run(write(tmp_path, "deep.py", fixed), path), 2, 3)


REGISTRY = """
import torch
import torch.nn.functional as F
from torch import nn

BLOCKS = {{}}


def register(name):
    def deco(cls):
        BLOCKS[name] = cls
        return cls

    return deco


@register("norm")
class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


@register("silu")
class SiLU(nn.Module):
    def forward(self, x):
        return F.silu(x)


@register("mlp")
class MLP(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)
        self.act = BLOCKS["silu"]()

    def forward(self, x):
        return self.down_proj(self.act(self.gate_proj(x)) * self.up_proj(x))


@register("attn")
class Attention(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.q_proj = nn.Linear(d, d, bias=False)
        self.k_proj = nn.Linear(d, d // 2, bias=False)
        self.v_proj = nn.Linear(d, d // 2, bias=False)
        self.o_proj = nn.Linear(d, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, 4, 16).transpose(1, 2)
        k = self.k_proj(x).view(b, t, 2, 16).transpose(1, 2)
        v = self.v_proj(x).view(b, t, 2, 16).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = BLOCKS["attn"](64)
        self.mlp = BLOCKS["mlp"](64, {ffn})
        self.n1, self.n2 = BLOCKS["norm"](64), BLOCKS["norm"](64)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.mlp(self.n2(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(96, 64)
        self.layers = nn.ModuleList(Layer() for _ in range(2))
        self.norm = BLOCKS["norm"](64)
        self.head = nn.Linear(64, 96, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""


def test_blocks_read_from_a_registry_by_classes_are_no_roots(tmp_path):
    """Blocks registered by ``@register(name)`` into a module table that the layers read
    directly (``BLOCKS["attn"](64)`` in ``Layer.__init__``, no ``build(name)`` helper) are
    parts of the model: the root is the one class nothing builds (with more than
    ``sides.MAX_ROOTS`` such blocks it was "several candidate root classes", no comparison
    at all). A planted FFN width is one finding."""
    code = write(tmp_path, "registry.py", REGISTRY.format(ffn=128))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    one(run(write(tmp_path, "wide.py", REGISTRY.format(ffn=160)), path), 128, 160)


EINSUM_MOE = """
import torch
from torch import nn

D, H, G, HD, E, F, V, L = 64, 4, 2, 16, 4, {ffn}, 96, 2


def rms(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.wq = nn.Parameter(torch.empty(D, H, HD))
        self.wk = nn.Parameter(torch.empty(D, G, HD))
        self.wv = nn.Parameter(torch.empty(D, G, HD))
        self.wo = nn.Parameter(torch.empty(H, HD, D))
        self.q_norm = nn.Parameter(torch.ones(HD))
        self.k_norm = nn.Parameter(torch.ones(HD))
        self.router = nn.Parameter(torch.empty(D, E))
        self.w_in = nn.Parameter(torch.empty(E, D, 2, F))
        self.w_out = nn.Parameter(torch.empty(E, F, D))
        self.ln_attn = nn.Parameter(torch.ones(D))
        self.ln_ffn = nn.Parameter(torch.ones(D))

    def forward(self, x):
        y = rms(x, self.ln_attn)
        q = rms(torch.einsum("btd,dhk->bthk", y, self.wq), self.q_norm)
        k = rms(torch.einsum("btd,dgk->btgk", y, self.wk), self.k_norm)
        v = torch.einsum("btd,dgk->btgk", y, self.wv)
        k, v = k.repeat_interleave(H // G, 2), v.repeat_interleave(H // G, 2)
        s = torch.einsum("bqhk,bshk->bhqs", q, k) / HD**0.5
        mask = torch.ones(s.shape[-2:], dtype=torch.bool).tril()
        o = torch.einsum("bhqs,bshk->bqhk", s.masked_fill(~mask, float("-inf")).softmax(-1), v)
        x = x + torch.einsum("bthk,hkd->btd", o, self.wo)
        y = rms(x, self.ln_ffn)
        p = torch.einsum("btd,de->bte", y, self.router).softmax(-1)
        top, idx = torch.topk(p, 2, dim=-1)
        p = torch.zeros_like(p).scatter(-1, idx, top / top.sum(-1, keepdim=True))
        gu = torch.einsum("btd,edcf->btecf", y, self.w_in)
        act = torch.nn.functional.silu(gu[..., 0, :]) * gu[..., 1, :]
        return x + torch.einsum("bte,btef,efd->btd", p, act, self.w_out)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Parameter(torch.empty(V, D))
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.Parameter(torch.ones(D))

    def forward(self, ids):
        x = self.embed[ids]
        for layer in self.layers:
            x = layer(x)
        return rms(x, self.norm)
"""

QWEN3_MOE = dict(
    architectures=["Qwen3MoeModel"],
    vocab_size=96,
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    num_experts=4,
    num_experts_per_tok=2,
    moe_intermediate_size=32,
    intermediate_size=128,
    rms_norm_eps=1e-6,
)


def test_einsum_experts_beside_per_head_attention(tmp_path):
    """Einsum experts ``w_in [E, D, 2, I]`` (gate and up on an axis of their own) beside a
    per-head attention output ``wo [H, head_dim, D]`` with as many heads as experts (4): the
    experts' width is I = 32, as transformers' ``gate_up_proj [E, 2I, D]`` says. ``wo`` was
    read as the experts' down projection (``[4, 16, 64]``, width 16: a major
    ``intermediateSize`` drift on a clean pair) and ``w_in`` was not read at all."""
    code = write(tmp_path, "einsum_moe.py", EINSUM_MOE.format(ffn=32))
    cfg, path = config(tmp_path, "clean", "Qwen3MoeConfig", **QWEN3_MOE)
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    assert run(code, path) == []


PACKED_MOE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

# vocab // 8, width, layers, heads, kv heads, ffn // 2, experts, expert ffn, dense layers
PACKED = bytearray([32, 64, 2, 4, 2, FFN_HALF, 4, 32, 1])
VOCAB = PACKED[0] * 8
WIDTH, LAYERS, HEADS, KV_HEADS = PACKED[1], PACKED[2], PACKED[3], PACKED[4]
FFN, EXPERTS, EXPERT_FFN, DENSE = PACKED[5] * 2, PACKED[6], PACKED[7], PACKED[8]


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class SwiGLU(nn.Module):
    def __init__(self, f):
        super().__init__()
        self.gate_proj = nn.Linear(WIDTH, f, bias=False)
        self.up_proj = nn.Linear(WIDTH, f, bias=False)
        self.down_proj = nn.Linear(f, WIDTH, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Experts(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(WIDTH, EXPERTS, bias=False)
        for i in range(EXPERTS):
            setattr(self, f"expert_{i}", SwiGLU(EXPERT_FFN))
        self.shared_expert = SwiGLU(EXPERT_FFN)

    def forward(self, x):
        p = torch.sigmoid(self.gate(x))
        top, idx = torch.topk(p, 2, dim=-1)
        p = torch.zeros_like(p).scatter(-1, idx, top)
        y = sum(p[..., i : i + 1] * getattr(self, f"expert_{i}")(x) for i in range(EXPERTS))
        return y + self.shared_expert(x)


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        hd = WIDTH // HEADS
        self.hd = hd
        self.q = nn.Linear(WIDTH, HEADS * hd)
        self.k = nn.Linear(WIDTH, KV_HEADS * hd)
        self.v = nn.Linear(WIDTH, KV_HEADS * hd)
        self.o = nn.Linear(HEADS * hd, WIDTH, bias=False)
        self.ln_in, self.ln_post = RMSNorm(WIDTH), RMSNorm(WIDTH)
        self.ffn = SwiGLU(FFN) if i < DENSE else Experts()

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln_in(x)
        q = self.q(h).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k(h).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v(h).view(b, t, -1, self.hd).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, -1))
        return x + self.ffn(self.ln_post(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(VOCAB, WIDTH)
        for i in range(LAYERS):
            setattr(self, f"layer{i}", Layer(i))
        self.final_norm = RMSNorm(WIDTH)

    def forward(self, ids):
        x = self.tokens(ids)
        for i in range(LAYERS):
            x = getattr(self, f"layer{i}")(x)
        return self.final_norm(x)
"""

GLM4V_MOE_TEXT = dict(
    architectures=["Glm4vMoeTextModel"],
    vocab_size=256,
    hidden_size=64,
    intermediate_size=128,
    moe_intermediate_size=32,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    n_routed_experts=4,
    n_shared_experts=1,
    first_k_dense_replace=1,
    num_experts_per_tok=2,
    n_group=1,
    topk_group=1,
    attention_bias=True,
    rms_norm_eps=1e-5,
)


def test_bytearray_sizes_and_layers_set_one_by_one(tmp_path):
    """Sizes packed in a ``bytearray`` and read back by index (``PACKED[0] * 8``) are known
    (``bytearray`` was not modelled: every size unknown, no layer read, 1 layer against 2);
    with the layers set one by one (``setattr(self, f"layer{i}", ...)``) no stack repeats and
    the largest run is the MoE layer's experts (4 routed and the shared one, beside a 4-way
    router): their width (32) is the experts', not the model's MLP width (it was reported
    against the config's ``intermediate_size`` 128). A planted dense width is one finding."""
    code = write(tmp_path, "packed.py", PACKED_MOE.replace("FFN_HALF", "64"))
    cfg, path = config(tmp_path, "clean", "Glm4vMoeTextConfig", **GLM4V_MOE_TEXT)
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    wide = write(tmp_path, "wide.py", PACKED_MOE.replace("FFN_HALF", "96"))
    one(run(wide, path), 128, 192)


def test_shared_expert_named_shared_reads_the_claim(tmp_path):
    """A shared expert named ``self.shared`` (no "expert" in the name) reads the config's
    ``n_shared_experts = 1`` claim: no ``unread-config-key`` finding (the stem was
    ``shared_expert`` only); the same code with no shared expert at all is still one."""
    src = PACKED_MOE.replace("FFN_HALF", "64").replace("shared_expert", "shared")
    code = write(tmp_path, "shared.py", src)
    cfg, path = config(tmp_path, "clean", "Glm4vMoeTextConfig", **GLM4V_MOE_TEXT)
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    none = src.replace("        self.shared = SwiGLU(EXPERT_FFN)\n", "")
    none = none.replace("return y + self.shared(x)", "return y")
    found = run(write(tmp_path, "none.py", none), path)
    assert any(f.kind == "unread-config-key" and "n_shared_experts" in f.message for f in found)


PAPER_ARGS = """
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class ExaoneMoeArgs:
    vocab_size: int = 256
    d_model: int = 64
    n_layers: int = 2
    n_heads: int = 4
    n_kv_heads: int = 2
    d_ff: int = D_FF
    n_experts: int = 4
    d_expert: int = 32
    n_dense: int = 1
    top_k: int = 2  # router
    sliding_window: int = 4096
    eps: float = 1e-5
    sparse: list = field(default_factory=list)

    def __post_init__(self):
        self.sparse = [i >= self.n_dense for i in range(self.n_layers)]


def rms(x, w, eps):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)


class Attn(nn.Module):
    def __init__(self, a):
        super().__init__()
        hd = a.d_model // a.n_heads
        self.a, self.hd = a, hd
        self.wq = nn.Linear(a.d_model, a.n_heads * hd, bias=False)
        self.wk = nn.Linear(a.d_model, a.n_kv_heads * hd, bias=False)
        self.wv = nn.Linear(a.d_model, a.n_kv_heads * hd, bias=False)
        self.wo = nn.Linear(a.n_heads * hd, a.d_model, bias=False)
        self.q_scale = nn.Parameter(torch.ones(hd))
        self.k_scale = nn.Parameter(torch.ones(hd))

    def forward(self, x):
        b, t, _ = x.shape
        q = rms(self.wq(x).view(b, t, -1, self.hd), self.q_scale, self.a.eps).transpose(1, 2)
        k = rms(self.wk(x).view(b, t, -1, self.hd), self.k_scale, self.a.eps).transpose(1, 2)
        v = self.wv(x).view(b, t, -1, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, -1))


class FFN(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.w1, self.w3 = nn.Linear(d, f, bias=False), nn.Linear(d, f, bias=False)
        self.w2 = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseFFN(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.router = nn.Linear(a.d_model, a.n_experts, bias=False)
        self.w13 = nn.Parameter(torch.empty(a.n_experts, 2 * a.d_expert, a.d_model))
        self.w2 = nn.Parameter(torch.empty(a.n_experts, a.d_model, a.d_expert))
        self.shared = FFN(a.d_model, a.d_expert)

    def forward(self, x):
        p = self.router(x).softmax(-1)
        g, u = torch.einsum("btd,efd->btef", x, self.w13).chunk(2, -1)
        y = torch.einsum("btef,edf->bted", F.silu(g) * u, self.w2)
        return (p.unsqueeze(-1) * y).sum(-2) + self.shared(x)


class Block(nn.Module):
    def __init__(self, a, sparse):
        super().__init__()
        self.a = a
        self.attn = Attn(a)
        self.ffn = SparseFFN(a) if sparse else FFN(a.d_model, a.d_ff)
        self.attn_norm = nn.Parameter(torch.ones(a.d_model))
        self.ffn_norm = nn.Parameter(torch.ones(a.d_model))

    def forward(self, x):
        x = x + self.attn(rms(x, self.attn_norm, self.a.eps))
        return x + self.ffn(rms(x, self.ffn_norm, self.a.eps))


class M(nn.Module):
    def __init__(self, args: ExaoneMoeArgs = ExaoneMoeArgs()):  # noqa: B008
        super().__init__()
        self.args = args
        self.tok = nn.Embedding(args.vocab_size, args.d_model)
        self.blocks = nn.ModuleList(Block(args, s) for s in args.sparse)
        self.norm = nn.Parameter(torch.ones(args.d_model))
        self.out = nn.Linear(args.d_model, args.vocab_size, bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.out(rms(x, self.norm, self.args.eps))
"""

EXAONE_MOE = dict(
    architectures=["ExaoneMoeForCausalLM"],
    vocab_size=256,
    hidden_size=64,
    intermediate_size=128,
    moe_intermediate_size=32,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    num_experts=4,
    num_experts_per_tok=2,
    num_shared_experts=1,
    first_k_dense_replace=1,
    rms_norm_eps=1e-5,
    tie_word_embeddings=False,
)


def test_shared_expert_width_built_unnamed(tmp_path):
    """transformers builds EXAONE-MoE's shared expert with its MLP class and
    ``intermediate_size=moe_intermediate_size * num_shared_experts`` (32), so its code holds
    two MLP widths under ``intermediate_size`` (128 dense, 32 shared); the user's code holds
    ``d_ff = 128`` by name and builds the shared expert ``FFN(d_model, d_expert)`` with the
    32 unnamed. The sets differ by naming only: the structure builds a 64 -> 32 -> 64 MLP (it
    was a major ``intermediateSize`` 128 against 32 on a clean pair). A planted ``d_ff`` is
    one finding, 128 against 160."""
    code = write(tmp_path, "paper.py", PAPER_ARGS.replace("D_FF", "128"))
    cfg, path = config(tmp_path, "clean", "ExaoneMoeConfig", **EXAONE_MOE)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    one(run(write(tmp_path, "wide.py", PAPER_ARGS.replace("D_FF", "160")), path), 128, 160)


def test_a_one_row_parameter_is_no_router(tmp_path):
    """The expert-run rule (``derive._expert_run``) looks for a router only where no layer
    stack repeats, and only a ``Linear`` to 2 or more scores: a ``[1, D]`` mask token beside
    a stack of 2 layers (DINOv2's, 2 - 1 = 1 "expert") once hid the stack's MLP width."""
    from driftcheck.drift import load_sides
    from driftcheck.graph.match import canonicalise
    from driftcheck.graph.match.derive import derive

    src = STAMPED.format(ffn=128).replace(
        "        self.norm = Norm(self.WIDTH)\n",
        "        self.norm = Norm(self.WIDTH)\n"
        "        self.mask_token = nn.Parameter(torch.zeros(1, self.WIDTH))\n",
    )
    code = write(tmp_path, "masked.py", src)
    _, path = config(tmp_path, "clean", "LlamaConfig", **LLAMA)
    sides = load_sides(str(code), str(path))
    items, _ = canonicalise(sides.left, sides.right)
    assert derive(items)["intermediateSize"].value == 128
