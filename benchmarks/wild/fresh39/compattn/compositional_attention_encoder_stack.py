# an encoder whose attention is compositional attention (searches x retrievals), pre-norm blocks
import torch.nn as nn
from compositional_attention_pytorch import CompositionalAttention


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.attn = CompositionalAttention(
            dim=dim, dim_head=32, num_searches=4, num_retrievals=2, prenorm=True
        )
        self.ff = nn.Sequential(
            nn.LayerNorm(dim), nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim)
        )


class Encoder(nn.Module):
    def __init__(self, num_tokens=5000, dim=256, depth=4):
        super().__init__()
        self.emb = nn.Embedding(num_tokens, dim)
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)


model = Encoder()
