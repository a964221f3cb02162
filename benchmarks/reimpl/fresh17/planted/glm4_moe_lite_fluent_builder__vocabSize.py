"""GLM-4-MoE-Lite built by a fluent builder (``ModelBuilder().vocab(..).width(..)...build()``);
MLA attention, one dense layer then routed + shared experts. Forward: no RoPE on the rope slice
(count-proved)."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class ModelBuilder:
    def __init__(self):
        self.spec = {"eps": 1e-5}

    def __getattr__(self, key):
        def setter(value):
            self.spec[key] = value
            return self

        return setter

    def build(self):
        return dict(self.spec)


SPEC = (
    ModelBuilder()
    .vocab(320)
    .width(64)
    .depth(2)
    .heads(4)
    .q_lora(32)
    .kv_lora(32)
    .nope(16)
    .rope(8)
    .value(16)
    .dense_ffn(128)
    .expert_ffn(32)
    .experts(4)
    .top_k(2)
    .build()
)


def lin(i, o):
    return nn.Linear(i, o, bias=False)


class LatentAttention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = s
        h = s["heads"]
        self.q_a_proj = lin(s["width"], s["q_lora"])
        self.q_a_layernorm = nn.RMSNorm(s["q_lora"], eps=s["eps"])
        self.q_b_proj = lin(s["q_lora"], h * (s["nope"] + s["rope"]))
        self.kv_a_proj_with_mqa = lin(s["width"], s["kv_lora"] + s["rope"])
        self.kv_a_layernorm = nn.RMSNorm(s["kv_lora"], eps=s["eps"])
        self.kv_b_proj = lin(s["kv_lora"], h * (s["nope"] + s["value"]))
        self.o_proj = lin(h * s["value"], s["width"])

    def forward(self, x):
        s = self.s
        B, T, _ = x.shape
        q = (
            self.q_b_proj(self.q_a_layernorm(self.q_a_proj(x)))
            .view(B, T, s["heads"], -1)
            .transpose(1, 2)
        )
        c, kr = self.kv_a_proj_with_mqa(x).split([s["kv_lora"], s["rope"]], -1)
        kn, v = (
            self.kv_b_proj(self.kv_a_layernorm(c))
            .view(B, T, s["heads"], -1)
            .transpose(1, 2)
            .split([s["nope"], s["value"]], -1)
        )
        k = torch.cat([kn, kr[:, None].expand(-1, s["heads"], -1, -1)], -1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(o.transpose(1, 2).reshape(B, T, -1))


class GatedMLP(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.gate_proj, self.up_proj, self.down_proj = lin(d, f), lin(d, f), lin(f, d)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class ExpertBank(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.gate_up_proj = nn.Parameter(torch.zeros(s["experts"], 2 * s["expert_ffn"], s["width"]))
        self.down_proj = nn.Parameter(torch.zeros(s["experts"], s["width"], s["expert_ffn"]))


class MoE(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.k = s["top_k"]
        self.gate = lin(s["width"], s["experts"])
        self.experts = ExpertBank(s)
        self.shared_experts = GatedMLP(s["width"], s["expert_ffn"])

    def forward(self, x):
        w, idx = self.gate(x).sigmoid().topk(self.k, -1)
        out = self.shared_experts(x)
        for j in range(self.k):
            g, u = torch.einsum("btd,btfd->btf", x, self.experts.gate_up_proj[idx[..., j]]).chunk(
                2, -1
            )
            out = out + w[..., j, None] * torch.einsum(
                "btf,btdf->btd", F.silu(g) * u, self.experts.down_proj[idx[..., j]]
            )
        return out


class Layer(nn.Module):
    def __init__(self, s, i):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(s["width"], eps=s["eps"])
        self.self_attn = LatentAttention(s)
        self.post_attention_layernorm = nn.RMSNorm(s["width"], eps=s["eps"])
        self.mlp = GatedMLP(s["width"], s["dense_ffn"]) if i == 0 else MoE(s)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Glm4MoeLite(nn.Module):
    def __init__(self, s=SPEC):
        super().__init__()
        self.embed_tokens = nn.Embedding(s["vocab"], s["width"])
        self.layers = nn.ModuleList(Layer(s, i) for i in range(s["depth"]))
        self.norm = nn.RMSNorm(s["width"], eps=s["eps"])

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
