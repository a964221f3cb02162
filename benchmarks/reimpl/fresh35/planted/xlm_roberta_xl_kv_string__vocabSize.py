"""XLM-RoBERTa-XL encoder (pre-LayerNorm sublayers, a final LayerNorm, no embedding norm,
positions counted from the padding index), tanh pooler on the first token.

The sizes come as one ``key=value`` string, as passed on a fairseq-style command line.
"""

import torch
import torch.nn.functional as F
from torch import nn

ARCH = "vocab=800 width=64 layers=2 heads=4 ffn=256 max_positions=130 type_vocab=1 pad=1"
HP = {k: int(v) for k, v in (item.split("=") for item in ARCH.split())}
LN_EPS = 1e-5


class PreLNSelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d = HP["width"]
        self.ln = nn.LayerNorm(d, eps=LN_EPS)
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)

    def forward(self, x, keep):
        b, n, d = x.shape
        h = HP["heads"]
        y = self.ln(x)
        split = lambda t: t.view(b, n, h, d // h).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.q_proj(y)), split(self.k_proj(y)), split(self.v_proj(y))
        ctx = F.scaled_dot_product_attention(q, k, v, attn_mask=keep[:, None, None, :])
        return x + self.out_proj(ctx.transpose(1, 2).reshape(b, n, d))


class PreLNFeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(HP["width"], eps=LN_EPS)
        self.up = nn.Linear(HP["width"], HP["ffn"])
        self.down = nn.Linear(HP["ffn"], HP["width"])

    def forward(self, x):
        return x + self.down(F.gelu(self.up(self.ln(x))))


class XLMRXLLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = PreLNSelfAttention()
        self.ffn = PreLNFeedForward()

    def forward(self, x, keep):
        return self.ffn(self.self_attn(x, keep))


class XLMRobertaXLEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        d = HP["width"]
        self.embed_tokens = nn.Embedding(HP["vocab"], d, padding_idx=HP["pad"])
        self.embed_positions = nn.Embedding(HP["max_positions"], d, padding_idx=HP["pad"])
        self.embed_types = nn.Embedding(HP["type_vocab"], d)
        self.layers = nn.ModuleList([XLMRXLLayer() for _ in range(HP["layers"])])
        self.layer_norm = nn.LayerNorm(d, eps=LN_EPS)
        self.pool = nn.Linear(d, d)

    def forward(self, src_tokens):
        keep = src_tokens.ne(HP["pad"])
        positions = torch.cumsum(keep.long(), dim=1) * keep + HP["pad"]
        x = self.embed_tokens(src_tokens) + self.embed_positions(positions)
        x = x + self.embed_types(torch.zeros_like(src_tokens))
        for layer in self.layers:
            x = layer(x, keep)
        x = self.layer_norm(x)
        return x, torch.tanh(self.pool(x[:, 0]))
