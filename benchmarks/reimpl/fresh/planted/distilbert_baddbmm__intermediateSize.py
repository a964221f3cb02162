"""DistilBERT: no token types, sinusoid-free learned positions, attention by torch.baddbmm on
heads folded into the batch, post-LN sublayers named as in the paper."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiHeadSelfAttention(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.q_lin = nn.Linear(dim, dim)
        self.k_lin = nn.Linear(dim, dim)
        self.v_lin = nn.Linear(dim, dim)
        self.out_lin = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        hd = d // self.n_heads

        def fold(y):
            return y.view(b, t, self.n_heads, hd).transpose(1, 2).reshape(b * self.n_heads, t, hd)

        q, k, v = fold(self.q_lin(x)), fold(self.k_lin(x)), fold(self.v_lin(x))
        zero = torch.zeros(b * self.n_heads, t, t, dtype=x.dtype)
        w = torch.baddbmm(zero, q, k.transpose(1, 2), alpha=hd**-0.5).softmax(-1)
        y = torch.bmm(w, v).view(b, self.n_heads, t, hd).transpose(1, 2).reshape(b, t, d)
        return self.out_lin(y)


class TransformerBlock(nn.Module):
    def __init__(self, dim, n_heads, hidden_dim):
        super().__init__()
        self.attention = MultiHeadSelfAttention(dim, n_heads)
        self.sa_layer_norm = nn.LayerNorm(dim, eps=1e-12)
        self.lin1 = nn.Linear(dim, hidden_dim)
        self.lin2 = nn.Linear(hidden_dim, dim)
        self.output_layer_norm = nn.LayerNorm(dim, eps=1e-12)

    def forward(self, x):
        x = self.sa_layer_norm(x + self.attention(x))
        return self.output_layer_norm(x + self.lin2(F.gelu(self.lin1(x))))


class DistilBert(nn.Module):
    def __init__(self, vocab_size=1000, dim=64, n_layers=2, n_heads=4, hidden_dim=512, max_positions=128):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab_size, dim, padding_idx=0)
        self.position_embeddings = nn.Embedding(max_positions, dim)
        self.embed_norm = nn.LayerNorm(dim, eps=1e-12)
        self.layer = nn.ModuleList([TransformerBlock(dim, n_heads, hidden_dim) for _ in range(n_layers)])

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        x = self.embed_norm(self.word_embeddings(ids) + self.position_embeddings(pos))
        for blk in self.layer:
            x = blk(x)
        return x
