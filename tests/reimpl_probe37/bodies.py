"""Model bodies of the reimplfix37 probe ports (6 architectures), written for this probe.

Each body is plain torch whose sizes are ``@c.key@`` / ``@self.c.key@`` placeholders (as in
``tests/reimpl_probe36``: a style replaces each with its own read of the size). The bodies use the
attention styles session 36's bodies did not: GQA by ``repeat_interleave`` / ``expand`` /
``einops.repeat``, fused projections cut by ``.split([...])`` / ``.chunk`` / ``.unbind``,
``einsum`` and ``einops.rearrange`` attention, a top-k MoE router over an expert list, partial
rotary (GPT-NeoX's fraction, GPT-J's ``rotary_dim``)."""

from __future__ import annotations

from tests.reimpl_probe36.bodies import Body

HEAD = """import math

import torch
import torch.nn.functional as F
from torch import nn

"""

COMMON = """
class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


def rope_tables(t, dim, theta):
    inv = 1.0 / theta ** (torch.arange(0, dim, 2, dtype=torch.float32) / dim)
    ang = torch.outer(torch.arange(t, dtype=torch.float32), inv)
    ang = torch.cat((ang, ang), dim=-1)
    return ang.cos(), ang.sin()


def rotate(x, cos, sin):
    x1, x2 = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-x2, x1), dim=-1) * sin


def causal(t):
    return torch.ones(t, t, dtype=torch.bool).triu(1)
"""

MISTRAL = (
    COMMON
    + """

class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.hd = @c.hidden@ // @c.heads@
        self.q_proj = nn.Linear(@c.hidden@, @c.heads@ * self.hd, bias=False)
        self.k_proj = nn.Linear(@c.hidden@, @c.kv_heads@ * self.hd, bias=False)
        self.v_proj = nn.Linear(@c.hidden@, @c.kv_heads@ * self.hd, bias=False)
        self.o_proj = nn.Linear(@c.heads@ * self.hd, @c.hidden@, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, @self.c.heads@, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, @self.c.kv_heads@, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, @self.c.kv_heads@, self.hd).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        rep = @self.c.heads@ // @self.c.kv_heads@
        k = k.repeat_interleave(rep, dim=1)
        v = v.repeat_interleave(rep, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class SwiGLU(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.gate_proj = nn.Linear(@c.hidden@, @c.inter@, bias=False)
        self.up_proj = nn.Linear(@c.hidden@, @c.inter@, bias=False)
        self.down_proj = nn.Linear(@c.inter@, @c.hidden@, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.input_layernorm = RMSNorm(@c.hidden@, @c.eps@)
        self.self_attn = Attention(c)
        self.post_attention_layernorm = RMSNorm(@c.hidden@, @c.eps@)
        self.mlp = SwiGLU(c)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class Mistral(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.c = c
        self.embed_tokens = nn.Embedding(@c.vocab@, @c.hidden@)
        self.layers = nn.ModuleList(Block(c) for _ in range(@c.layers@))
        self.norm = RMSNorm(@c.hidden@, @c.eps@)
        self.lm_head = nn.Linear(@c.hidden@, @c.vocab@, bias=False)

    def forward(self, ids):
        hd = @self.c.hidden@ // @self.c.heads@
        cos, sin = rope_tables(ids.shape[1], hd, @self.c.theta@)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
"""
)

QWEN2 = (
    COMMON
    + """

class FusedAttention(nn.Module):
    \"\"\"q, k and v in one biased projection cut by ``split``; GQA by ``expand``; einsum.\"\"\"

    def __init__(self, c):
        super().__init__()
        self.c = c
        self.hd = @c.hidden@ // @c.heads@
        self.sizes = [@c.heads@ * self.hd, @c.kv_heads@ * self.hd, @c.kv_heads@ * self.hd]
        self.qkv = nn.Linear(@c.hidden@, sum(self.sizes), bias=True)
        self.o_proj = nn.Linear(@c.heads@ * self.hd, @c.hidden@, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        nq, nkv, hd = @self.c.heads@, @self.c.kv_heads@, self.hd
        q, k, v = self.qkv(x).split(self.sizes, dim=-1)
        q = rotate(q.view(b, t, nq, hd).transpose(1, 2), cos, sin)
        k = rotate(k.view(b, t, nkv, hd).transpose(1, 2), cos, sin)
        v = v.view(b, t, nkv, hd).transpose(1, 2)
        k = k[:, :, None].expand(b, nkv, nq // nkv, t, hd).reshape(b, nq, t, hd)
        v = v[:, :, None].expand(b, nkv, nq // nkv, t, hd).reshape(b, nq, t, hd)
        s = torch.einsum("bhqd,bhkd->bhqk", q, k) / math.sqrt(hd)
        s = s.masked_fill(causal(t), float("-inf"))
        y = torch.einsum("bhqk,bhkd->bqhd", s.softmax(-1), v)
        return self.o_proj(y.reshape(b, t, nq * hd))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.n1 = RMSNorm(@c.hidden@, @c.eps@)
        self.attn = FusedAttention(c)
        self.n2 = RMSNorm(@c.hidden@, @c.eps@)
        self.gate = nn.Linear(@c.hidden@, @c.inter@, bias=False)
        self.up = nn.Linear(@c.hidden@, @c.inter@, bias=False)
        self.down = nn.Linear(@c.inter@, @c.hidden@, bias=False)

    def forward(self, x, cos, sin):
        x = x + self.attn(self.n1(x), cos, sin)
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Qwen2(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.c = c
        self.tok = nn.Embedding(@c.vocab@, @c.hidden@)
        self.blocks = nn.ModuleList([Block(c) for _ in range(@c.layers@)])
        self.norm = RMSNorm(@c.hidden@, @c.eps@)
        self.head = nn.Linear(@c.hidden@, @c.vocab@, bias=False)

    def forward(self, ids):
        cos, sin = rope_tables(ids.shape[1], @self.c.hidden@ // @self.c.heads@, @self.c.theta@)
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x, cos, sin)
        return self.head(self.norm(x))
"""
)

NEOX = (
    COMMON
    + """

class NeoXAttention(nn.Module):
    \"\"\"One fused qkv laid out per head; einops ``rearrange`` then ``unbind``; partial rotary.\"\"\"

    def __init__(self, c):
        super().__init__()
        self.c = c
        self.query_key_value = nn.Linear(@c.hidden@, 3 * @c.hidden@)
        self.dense = nn.Linear(@c.hidden@, @c.hidden@)

    def forward(self, x, cos, sin):
        b, t, d = x.shape
        qkv = rearrange(self.query_key_value(x), "b t (h three e) -> three b h t e", h=@self.c.heads@, three=3)
        q, k, v = qkv.unbind(0)
        r = cos.shape[-1]
        q = torch.cat((rotate(q[..., :r], cos, sin), q[..., r:]), dim=-1)
        k = torch.cat((rotate(k[..., :r], cos, sin), k[..., r:]), dim=-1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(rearrange(y, "b h t e -> b t (h e)"))


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.post_attention_layernorm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.attention = NeoXAttention(c)
        self.dense_h_to_4h = nn.Linear(@c.hidden@, @c.inter@)
        self.dense_4h_to_h = nn.Linear(@c.inter@, @c.hidden@)

    def forward(self, x, cos, sin):
        a = self.attention(self.input_layernorm(x), cos, sin)
        m = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + a + m


class GPTNeoX(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.c = c
        self.embed_in = nn.Embedding(@c.vocab@, @c.hidden@)
        self.layers = nn.ModuleList([Layer(c) for _ in range(@c.layers@)])
        self.final_layer_norm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.embed_out = nn.Linear(@c.hidden@, @c.vocab@, bias=False)

    def forward(self, ids):
        hd = @self.c.hidden@ // @self.c.heads@
        cos, sin = rope_tables(ids.shape[1], int(hd * @self.c.pct@), @self.c.theta@)
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.embed_out(self.final_layer_norm(x))
"""
)

MIXTRAL = (
    COMMON
    + """

class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.hd = @c.hidden@ // @c.heads@
        self.wq = nn.Linear(@c.hidden@, @c.heads@ * self.hd, bias=False)
        self.wk = nn.Linear(@c.hidden@, @c.kv_heads@ * self.hd, bias=False)
        self.wv = nn.Linear(@c.hidden@, @c.kv_heads@ * self.hd, bias=False)
        self.wo = nn.Linear(@c.heads@ * self.hd, @c.hidden@, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = rotate(self.wq(x).view(b, t, -1, self.hd).transpose(1, 2), cos, sin)
        k = rotate(self.wk(x).view(b, t, -1, self.hd).transpose(1, 2), cos, sin)
        v = self.wv(x).view(b, t, -1, self.hd).transpose(1, 2)
        group = @self.c.heads@ // @self.c.kv_heads@
        k = k.unsqueeze(2).expand(-1, -1, group, -1, -1).flatten(1, 2)
        v = v.unsqueeze(2).expand(-1, -1, group, -1, -1).flatten(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(y.transpose(1, 2).flatten(2))


class Expert(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.w1 = nn.Linear(d, f, bias=False)
        self.w2 = nn.Linear(f, d, bias=False)
        self.w3 = nn.Linear(d, f, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseMoe(nn.Module):
    \"\"\"A top-k softmax router over an expert list; each expert runs on its routed tokens.\"\"\"

    def __init__(self, c):
        super().__init__()
        self.top_k = @c.top_k@
        self.gate = nn.Linear(@c.hidden@, @c.experts@, bias=False)
        self.experts = nn.ModuleList(Expert(@c.hidden@, @c.inter@) for _ in range(@c.experts@))

    def forward(self, x):
        b, t, d = x.shape
        flat = x.reshape(-1, d)
        weights, chosen = torch.topk(self.gate(flat).softmax(-1), self.top_k, dim=-1)
        weights = weights / weights.sum(-1, keepdim=True)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            rows, slot = torch.where(chosen == e)
            if rows.numel():
                out[rows] += weights[rows, slot, None] * expert(flat[rows])
        return out.view(b, t, d)


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.attention_norm = RMSNorm(@c.hidden@, @c.eps@)
        self.attention = Attention(c)
        self.ffn_norm = RMSNorm(@c.hidden@, @c.eps@)
        self.moe = SparseMoe(c)

    def forward(self, x, cos, sin):
        x = x + self.attention(self.attention_norm(x), cos, sin)
        return x + self.moe(self.ffn_norm(x))


class Mixtral(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.c = c
        self.tok_embeddings = nn.Embedding(@c.vocab@, @c.hidden@)
        self.layers = nn.ModuleList([Block(c) for _ in range(@c.layers@)])
        self.norm = RMSNorm(@c.hidden@, @c.eps@)
        self.output = nn.Linear(@c.hidden@, @c.vocab@, bias=False)

    def forward(self, ids):
        cos, sin = rope_tables(ids.shape[1], @self.c.hidden@ // @self.c.heads@, @self.c.theta@)
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.output(self.norm(x))
"""
)

GPTJ = """
def rotate_every_two(x):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).flatten(-2)


def sincos_table(n, dim):
    inv = 1.0 / 10000 ** (torch.arange(0, dim, 2, dtype=torch.float32) / dim)
    ang = torch.einsum("i,j->ij", torch.arange(n, dtype=torch.float32), inv)
    return torch.cat((ang.sin(), ang.cos()), dim=-1)


class GPTJAttention(nn.Module):
    \"\"\"Separate q/k/v without bias, rotary on the first ``rotary_dim`` dims, einsum scores.\"\"\"

    def __init__(self, c):
        super().__init__()
        self.c = c
        self.q_proj = nn.Linear(@c.n_embd@, @c.n_embd@, bias=False)
        self.k_proj = nn.Linear(@c.n_embd@, @c.n_embd@, bias=False)
        self.v_proj = nn.Linear(@c.n_embd@, @c.n_embd@, bias=False)
        self.out_proj = nn.Linear(@c.n_embd@, @c.n_embd@, bias=False)

    def _rot(self, x, sincos):
        r = @self.c.rotary_dim@
        sin, cos = sincos[: x.shape[1], : r // 2].repeat_interleave(2, -1), sincos[: x.shape[1], r // 2 : r].repeat_interleave(2, -1)
        x_rot, x_pass = x[..., :r], x[..., r:]
        x_rot = x_rot * cos[None, :, None] + rotate_every_two(x_rot) * sin[None, :, None]
        return torch.cat((x_rot, x_pass), dim=-1)

    def forward(self, x, sincos):
        b, t, d = x.shape
        h = @self.c.n_head@
        q = self._rot(self.q_proj(x).view(b, t, h, d // h), sincos)
        k = self._rot(self.k_proj(x).view(b, t, h, d // h), sincos)
        v = self.v_proj(x).view(b, t, h, d // h)
        s = torch.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(d // h)
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        y = torch.einsum("bhqk,bkhd->bqhd", s.softmax(-1), v)
        return self.out_proj(y.reshape(b, t, d))


class GPTJBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ln_1 = nn.LayerNorm(@c.n_embd@, eps=@c.eps@)
        self.attn = GPTJAttention(c)
        self.fc_in = nn.Linear(@c.n_embd@, @c.n_inner@)
        self.fc_out = nn.Linear(@c.n_inner@, @c.n_embd@)

    def forward(self, x, sincos):
        h = self.ln_1(x)
        return x + self.attn(h, sincos) + self.fc_out(F.gelu(self.fc_in(h)))


class GPTJ(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.wte = nn.Embedding(@c.vocab@, @c.n_embd@)
        self.h = nn.ModuleList([GPTJBlock(c) for _ in range(@c.n_layer@)])
        self.ln_f = nn.LayerNorm(@c.n_embd@, eps=@c.eps@)
        self.lm_head = nn.Linear(@c.n_embd@, @c.vocab@)
        self.register_buffer("sincos", sincos_table(@c.ctx@, @c.rotary_dim@), persistent=False)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.h:
            x = blk(x, self.sincos)
        return self.lm_head(self.ln_f(x))
"""

PHI3 = (
    COMMON
    + """

class Phi3Attention(nn.Module):
    \"\"\"One fused qkv cut by slicing; heads by einops; GQA by ``einops.repeat``.\"\"\"

    def __init__(self, c):
        super().__init__()
        self.c = c
        self.hd = @c.hidden@ // @c.heads@
        self.n_q = @c.heads@ * self.hd
        self.n_kv = @c.kv_heads@ * self.hd
        self.qkv_proj = nn.Linear(@c.hidden@, self.n_q + 2 * self.n_kv, bias=False)
        self.o_proj = nn.Linear(self.n_q, @c.hidden@, bias=False)

    def forward(self, x, cos, sin):
        qkv = self.qkv_proj(x)
        q = qkv[..., : self.n_q]
        k = qkv[..., self.n_q : self.n_q + self.n_kv]
        v = qkv[..., self.n_q + self.n_kv :]
        q = rotate(rearrange(q, "b t (h d) -> b h t d", d=self.hd), cos, sin)
        k = rotate(rearrange(k, "b t (h d) -> b h t d", d=self.hd), cos, sin)
        v = rearrange(v, "b t (h d) -> b h t d", d=self.hd)
        r = @self.c.heads@ // @self.c.kv_heads@
        k = repeat(k, "b h t d -> b (h r) t d", r=r)
        v = repeat(v, "b h t d -> b (h r) t d", r=r)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(rearrange(y, "b h t d -> b t (h d)"))


class Phi3MLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.gate_up_proj = nn.Linear(@c.hidden@, 2 * @c.inter@, bias=False)
        self.down_proj = nn.Linear(@c.inter@, @c.hidden@, bias=False)

    def forward(self, x):
        gate, up = self.gate_up_proj(x).chunk(2, dim=-1)
        return self.down_proj(up * F.silu(gate))


class Phi3Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.input_layernorm = RMSNorm(@c.hidden@, @c.eps@)
        self.self_attn = Phi3Attention(c)
        self.post_attention_layernorm = RMSNorm(@c.hidden@, @c.eps@)
        self.mlp = Phi3MLP(c)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class Phi3(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.c = c
        self.embed_tokens = nn.Embedding(@c.vocab@, @c.hidden@)
        self.layers = nn.ModuleList([Phi3Layer(c) for _ in range(@c.layers@)])
        self.norm = RMSNorm(@c.hidden@, @c.eps@)
        self.lm_head = nn.Linear(@c.hidden@, @c.vocab@, bias=False)

    def forward(self, ids):
        cos, sin = rope_tables(ids.shape[1], @self.c.hidden@ // @self.c.heads@, @self.c.theta@)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
"""
)

EINOPS = "from einops import rearrange, repeat\n"


def _b(arch, cfg, model, keys, big, plants, code, extra=None, imports="") -> Body:
    head = HEAD.replace("from torch import nn\n", "from torch import nn\n" + imports)
    return Body(arch, cfg, model, keys, big, plants, head + "\n#@CONFIG@\n" + code, extra or {})


_LLAMA_KEYS = {
    "vocab": ("vocab_size", 512),
    "hidden": ("hidden_size", 64),
    "inter": ("intermediate_size", 160),
    "layers": ("num_hidden_layers", 2),
    "heads": ("num_attention_heads", 8),
    "kv_heads": ("num_key_value_heads", 2),
    "eps": ("rms_norm_eps", 1e-5),
    "theta": ("rope_theta", 10000.0),
}
_LLAMA_BIG = {
    "vocab": 32000,
    "hidden": 4096,
    "inter": 14336,
    "layers": 32,
    "heads": 32,
    "kv_heads": 8,
    "eps": 1e-5,
    "theta": 1000000.0,
}
_LLAMA_PLANTS = {
    "vocab": 640,
    "hidden": 96,
    "inter": 192,
    "layers": 3,
    "heads": 4,
    "kv_heads": 4,
    "eps": 1e-6,
    "theta": 500000.0,
}

BODIES: dict[str, Body] = {
    b.arch: b
    for b in (
        _b(
            "mistral",
            "MistralConfig",
            "MistralForCausalLM",
            _LLAMA_KEYS,
            _LLAMA_BIG,
            _LLAMA_PLANTS,
            MISTRAL,
            extra={"sliding_window": None},
        ),
        _b(
            "qwen2",
            "Qwen2Config",
            "Qwen2ForCausalLM",
            _LLAMA_KEYS | {"eps": ("rms_norm_eps", 1e-6), "inter": ("intermediate_size", 176)},
            _LLAMA_BIG
            | {
                "vocab": 151936,
                "hidden": 3584,
                "inter": 18944,
                "heads": 28,
                "kv_heads": 4,
                "layers": 28,
            },
            _LLAMA_PLANTS | {"eps": 1e-5, "inter": 128},
            QWEN2,
        ),
        _b(
            "gpt_neox",
            "GPTNeoXConfig",
            "GPTNeoXForCausalLM",
            {
                "vocab": ("vocab_size", 500),
                "hidden": ("hidden_size", 64),
                "inter": ("intermediate_size", 256),
                "layers": ("num_hidden_layers", 2),
                "heads": ("num_attention_heads", 4),
                "eps": ("layer_norm_eps", 1e-5),
                "pct": ("rotary_pct", 0.25),
                "theta": ("rotary_emb_base", 10000),
            },
            {
                "vocab": 50432,
                "hidden": 6144,
                "inter": 24576,
                "layers": 44,
                "heads": 64,
                "eps": 1e-5,
                "pct": 0.25,
                "theta": 10000,
            },
            {
                "vocab": 600,
                "hidden": 96,
                "inter": 192,
                "layers": 3,
                "heads": 8,
                "eps": 1e-6,
                "pct": 0.5,
            },
            NEOX,
            imports=EINOPS,
        ),
        _b(
            "mixtral",
            "MixtralConfig",
            "MixtralForCausalLM",
            _LLAMA_KEYS
            | {
                "inter": ("intermediate_size", 96),
                "experts": ("num_local_experts", 4),
                "top_k": ("num_experts_per_tok", 2),
            },
            _LLAMA_BIG | {"experts": 8, "top_k": 2},
            _LLAMA_PLANTS | {"inter": 128, "experts": 8, "top_k": 1},
            MIXTRAL,
        ),
        _b(
            "gptj",
            "GPTJConfig",
            "GPTJForCausalLM",
            {
                "vocab": ("vocab_size", 700),
                "ctx": ("n_positions", 128),
                "n_embd": ("n_embd", 64),
                "n_layer": ("n_layer", 2),
                "n_head": ("n_head", 4),
                "n_inner": ("n_inner", 256),
                "rotary_dim": ("rotary_dim", 8),
                "eps": ("layer_norm_epsilon", 1e-5),
            },
            {
                "vocab": 50400,
                "ctx": 2048,
                "n_embd": 4096,
                "n_layer": 28,
                "n_head": 16,
                "n_inner": 16384,
                "rotary_dim": 64,
                "eps": 1e-5,
            },
            {
                "vocab": 800,
                "n_embd": 96,
                "n_layer": 3,
                "n_head": 8,
                "n_inner": 192,
                "rotary_dim": 4,
                "eps": 1e-6,
                "ctx": 256,
            },
            GPTJ,
            extra={"bos_token_id": 0, "eos_token_id": 0},
        ),
        _b(
            "phi3",
            "Phi3Config",
            "Phi3ForCausalLM",
            _LLAMA_KEYS
            | {"kv_heads": ("num_key_value_heads", 4), "inter": ("intermediate_size", 128)},
            _LLAMA_BIG
            | {
                "vocab": 32064,
                "hidden": 3072,
                "inter": 8192,
                "heads": 32,
                "kv_heads": 8,
                "theta": 10000.0,
            },
            _LLAMA_PLANTS | {"kv_heads": 2, "inter": 192},
            PHI3,
            extra={"pad_token_id": 0, "bos_token_id": 1, "eos_token_id": 2},
            imports=EINOPS,
        ),
    )
}
