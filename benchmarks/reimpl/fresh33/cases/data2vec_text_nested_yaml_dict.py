"""data2vec's text student (Baevski et al. 2022) as a plain encoder: RoBERTa-style positions
that start after the padding id, a fused qkv projection, post-norm layers and a tanh pooler.
The sizes are the nested dict our yaml loader returns."""

import torch
import torch.nn.functional as F
from einops import rearrange
from torch import nn

CFG = {
    "model": {
        "embeddings": {
            "vocab_size": 800,
            "max_positions": 66,
            "token_types": 1,
            "pad_id": 1,
        },
        "encoder": {
            "depth": 2,
            "dim": 64,
            "n_heads": 4,
            "mlp_dim": 160,
            "norm_eps": 1e-5,
        },
    }
}
EMB = CFG["model"]["embeddings"]
ENC = CFG["model"]["encoder"]


class Attention(nn.Module):
    def __init__(self, dim, n_heads, eps):
        super().__init__()
        self.n_heads = n_heads
        self.to_qkv = nn.Linear(dim, 3 * dim)
        self.to_out = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim, eps=eps)

    def forward(self, x, keep):
        q, k, v = rearrange(
            self.to_qkv(x), "b n (three h d) -> three b h n d", three=3, h=self.n_heads
        )
        bias = torch.zeros(keep.shape, dtype=x.dtype).masked_fill(~keep, float("-inf"))
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=bias[:, None, None, :])
        return self.norm(x + self.to_out(rearrange(out, "b h n d -> b n (h d)")))


class Block(nn.Module):
    def __init__(self, dim, n_heads, mlp_dim, eps):
        super().__init__()
        self.attn = Attention(dim, n_heads, eps)
        self.fc1 = nn.Linear(dim, mlp_dim)
        self.fc2 = nn.Linear(mlp_dim, dim)
        self.norm = nn.LayerNorm(dim, eps=eps)

    def forward(self, x, keep):
        x = self.attn(x, keep)
        return self.norm(x + self.fc2(F.gelu(self.fc1(x))))


class Data2VecText(nn.Module):
    def __init__(self):
        super().__init__()
        dim = ENC["dim"]
        self.pad = EMB["pad_id"]
        self.tokens = nn.Embedding(EMB["vocab_size"], dim, padding_idx=self.pad)
        self.positions = nn.Embedding(EMB["max_positions"], dim, padding_idx=self.pad)
        self.types = nn.Embedding(EMB["token_types"], dim)
        self.emb_norm = nn.LayerNorm(dim, eps=ENC["norm_eps"])
        self.blocks = nn.ModuleList(
            Block(dim, ENC["n_heads"], ENC["mlp_dim"], ENC["norm_eps"]) for _ in range(ENC["depth"])
        )
        self.pool = nn.Linear(dim, dim)

    def forward(self, ids):
        keep = ids.ne(self.pad)
        pos = torch.cumsum(keep, dim=1) * keep + self.pad
        x = self.tokens(ids) + self.positions(pos) + self.types(torch.zeros_like(ids))
        x = self.emb_norm(x)
        for block in self.blocks:
            x = block(x, keep)
        return x, torch.tanh(self.pool(x[:, 0]))
