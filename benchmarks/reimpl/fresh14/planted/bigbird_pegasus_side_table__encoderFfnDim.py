"""BigBird-Pegasus run with full attention (our sequences are short): one table gives each side
(encoder, decoder) its depth and FFN width, and the two stacks are a ``ModuleDict`` built from
it; learned positions, a LayerNorm on each side's embeddings, one shared token table."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D_MODEL, HEADS, MAX_POS = 320, 64, 4, 96
SIDES = {"encoder": {"depth": 2, "ffn": 192}, "decoder": {"depth": 2, "ffn": 160}}


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q, self.k, self.v, self.o = (nn.Linear(D_MODEL, D_MODEL, bias=False) for _ in range(4))

    def forward(self, x, ctx, causal=False):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, HEADS, -1).transpose(1, 2)
        k = self.k(ctx).view(b, ctx.shape[1], HEADS, -1).transpose(1, 2)
        v = self.v(ctx).view(b, ctx.shape[1], HEADS, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, ffn, cross):
        super().__init__()
        self.self_attn = Attention()
        self.self_attn_layer_norm = nn.LayerNorm(D_MODEL)
        self.cross = cross
        if cross:
            self.encoder_attn = Attention()
            self.encoder_attn_layer_norm = nn.LayerNorm(D_MODEL)
        self.fc1, self.fc2 = nn.Linear(D_MODEL, ffn), nn.Linear(ffn, D_MODEL)
        self.final_layer_norm = nn.LayerNorm(D_MODEL)

    def forward(self, x, mem=None):
        h = self.self_attn_layer_norm(x)
        x = x + self.self_attn(h, h, causal=self.cross)
        if self.cross:
            x = x + self.encoder_attn(self.encoder_attn_layer_norm(x), mem)
        return x + self.fc2(F.gelu(self.fc1(self.final_layer_norm(x))))


class BigBirdPegasus(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(VOCAB, D_MODEL)
        self.stacks = nn.ModuleDict(
            {
                side: nn.ModuleList(
                    Layer(spec["ffn"], side == "decoder") for _ in range(spec["depth"])
                )
                for side, spec in SIDES.items()
            }
        )
        self.positions = nn.ModuleDict({side: nn.Embedding(MAX_POS, D_MODEL) for side in SIDES})
        self.emb_norms = nn.ModuleDict({side: nn.LayerNorm(D_MODEL) for side in SIDES})

    def embed(self, side, ids):
        x = self.shared(ids) * D_MODEL**0.5 + self.positions[side](torch.arange(ids.shape[1]))
        return self.emb_norms[side](x)

    def forward(self, src, tgt=None):
        tgt = src[:, :4] if tgt is None else tgt
        mem = self.embed("encoder", src)
        for layer in self.stacks["encoder"]:
            mem = layer(mem)
        x = self.embed("decoder", tgt)
        for layer in self.stacks["decoder"]:
            x = layer(x, mem)
        return x
