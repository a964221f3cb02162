"""An encoder-decoder adapted from a Gemma-2 decoder (T5Gemma-style), own code. The settings are
one nested dict (shared sizes, then per-stack depths); the decoder layer subclasses the encoder
layer and adds cross-attention with its own sandwich norms."""

import torch
import torch.nn.functional as F
from torch import nn

SETTINGS = {
    "shared": {"vocab": 256, "width": 64, "heads": 4, "kv_heads": 2, "head_dim": 16, "ffn": 192},
    "encoder": {"depth": 2},
    "decoder": {"depth": 2},
    "softcap": {"attn": 50.0, "final": 30.0},
}
S = SETTINGS["shared"]


class GemmaNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(n))

    def forward(self, x):
        return (1 + self.weight) * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Attention(nn.Module):
    def __init__(self, causal):
        super().__init__()
        self.causal = causal
        self.q_proj = nn.Linear(S["width"], S["heads"] * S["head_dim"], bias=False)
        self.k_proj = nn.Linear(S["width"], S["kv_heads"] * S["head_dim"], bias=False)
        self.v_proj = nn.Linear(S["width"], S["kv_heads"] * S["head_dim"], bias=False)
        self.o_proj = nn.Linear(S["heads"] * S["head_dim"], S["width"], bias=False)

    def forward(self, x, ctx=None):
        ctx = x if ctx is None else ctx
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, S["heads"], -1).transpose(1, 2)
        k = self.k_proj(ctx).view(b, ctx.shape[1], S["kv_heads"], -1).transpose(1, 2)
        v = self.v_proj(ctx).view(b, ctx.shape[1], S["kv_heads"], -1).transpose(1, 2)
        k = k.repeat_interleave(S["heads"] // S["kv_heads"], 1)
        v = v.repeat_interleave(S["heads"] // S["kv_heads"], 1)
        s = q @ k.transpose(-1, -2) / S["head_dim"] ** 0.5
        cap = SETTINGS["softcap"]["attn"]
        s = cap * torch.tanh(s / cap)
        if self.causal:
            s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        return self.o_proj((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


class GeGLU(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(S["width"], S["ffn"], bias=False)
        self.up_proj = nn.Linear(S["width"], S["ffn"], bias=False)
        self.down_proj = nn.Linear(S["ffn"], S["width"], bias=False)

    def forward(self, x):
        return self.down_proj(F.gelu(self.gate_proj(x), approximate="tanh") * self.up_proj(x))


class EncoderLayer(nn.Module):
    causal = False

    def __init__(self):
        super().__init__()
        self.pre_self_attn_layernorm = GemmaNorm(S["width"])
        self.self_attn = Attention(self.causal)
        self.post_self_attn_layernorm = GemmaNorm(S["width"])
        self.pre_feedforward_layernorm = GemmaNorm(S["width"])
        self.mlp = GeGLU()
        self.post_feedforward_layernorm = GemmaNorm(S["width"])

    def mix(self, x, ctx):
        return x

    def forward(self, x, ctx=None):
        x = x + self.post_self_attn_layernorm(self.self_attn(self.pre_self_attn_layernorm(x)))
        x = self.mix(x, ctx)
        return x + self.post_feedforward_layernorm(self.mlp(self.pre_feedforward_layernorm(x)))


class DecoderLayer(EncoderLayer):
    causal = True

    def __init__(self):
        super().__init__()
        self.pre_cross_attn_layernorm = GemmaNorm(S["width"])
        self.cross_attn = Attention(False)
        self.post_cross_attn_layernorm = GemmaNorm(S["width"])

    def mix(self, x, ctx):
        y = self.cross_attn(self.pre_cross_attn_layernorm(x), ctx)
        return x + self.post_cross_attn_layernorm(y)


class Stack(nn.Module):
    def __init__(self, layer_cls, depth):
        super().__init__()
        self.embed_tokens = nn.Embedding(S["vocab"], S["width"])
        self.layers = nn.ModuleList(layer_cls() for _ in range(depth))
        self.norm = GemmaNorm(S["width"])

    def forward(self, ids, ctx=None):
        x = self.embed_tokens(ids) * S["width"] ** 0.5
        for layer in self.layers:
            x = layer(x, ctx)
        return self.norm(x)


class T5GemmaLike(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Stack(EncoderLayer, SETTINGS["encoder"]["depth"])
        self.decoder = Stack(DecoderLayer, SETTINGS["decoder"]["depth"])

    def forward(self, src, tgt=None):
        tgt = src if tgt is None else tgt
        return self.decoder(tgt, self.encoder(src))
