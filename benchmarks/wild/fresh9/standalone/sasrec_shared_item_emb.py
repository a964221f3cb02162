# SASRec: causal self-attention over item sequences, scores by dot product with the item table
from torch import nn


class SASRec(nn.Module):
    def __init__(self, n_items=20000, d=64, max_len=50, blocks=2, heads=1, p=0.2):
        super().__init__()
        self.item_emb = nn.Embedding(n_items + 1, d, padding_idx=0)
        self.pos_emb = nn.Embedding(max_len, d)
        self.attn_ln = nn.ModuleList(nn.LayerNorm(d, eps=1e-8) for _ in range(blocks))
        self.attn = nn.ModuleList(nn.MultiheadAttention(d, heads, dropout=p) for _ in range(blocks))
        self.ffn_ln = nn.ModuleList(nn.LayerNorm(d, eps=1e-8) for _ in range(blocks))
        self.ffn = nn.ModuleList(
            nn.Sequential(nn.Conv1d(d, d, 1), nn.ReLU(), nn.Dropout(p), nn.Conv1d(d, d, 1))
            for _ in range(blocks)
        )
        self.last_ln = nn.LayerNorm(d, eps=1e-8)

    def score(self, h, items):
        return (h * self.item_emb(items)).sum(-1)


model = SASRec()
