"""SAINT: column embeddings, then per-layer self-attention over columns and intersample attention over rows."""

import torch
import torch.nn as nn


class SimpleMLP(nn.Sequential):
    def __init__(self, dims):
        super().__init__(nn.Linear(dims[0], dims[1]), nn.ReLU(), nn.Linear(dims[1], dims[2]))


class Attention(nn.Module):
    def __init__(self, dim, heads=8, dim_head=16):
        super().__init__()
        inner = heads * dim_head
        self.heads, self.scale = heads, dim_head**-0.5
        self.to_qkv = nn.Linear(dim, inner * 3, bias=False)
        self.to_out = nn.Linear(inner, dim)


class FeedForward(nn.Module):
    def __init__(self, dim, mult=4):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(dim, dim * mult * 2), nn.GLU(), nn.Linear(dim * mult, dim)
        )


class RowColTransformer(nn.Module):
    def __init__(self, dim, nfeats, depth, heads, dim_head):
        super().__init__()
        self.layers = nn.ModuleList()
        for _ in range(depth):
            self.layers.append(
                nn.ModuleList(
                    [
                        nn.LayerNorm(dim),
                        Attention(dim, heads, dim_head),
                        nn.LayerNorm(dim),
                        FeedForward(dim),
                        # intersample attention sees a whole row (all columns concatenated)
                        nn.LayerNorm(dim * nfeats),
                        Attention(dim * nfeats, heads, 64),
                        nn.LayerNorm(dim * nfeats),
                        FeedForward(dim * nfeats),
                    ]
                )
            )


class SAINT(nn.Module):
    def __init__(self, categories, num_continuous, dim=16, depth=2, heads=4, dim_head=16, y_dim=2):
        super().__init__()
        self.num_categories = len(categories)
        self.num_unique_categories = sum(categories)
        self.num_special_tokens = 0
        self.register_buffer(
            "categories_offset", torch.tensor([0] + list(categories)).cumsum(0)[:-1]
        )
        self.embeds = nn.Embedding(self.num_unique_categories, dim)
        self.simple_MLP = nn.ModuleList([SimpleMLP([1, 100, dim]) for _ in range(num_continuous)])
        nfeats = self.num_categories + num_continuous
        self.transformer = RowColTransformer(dim, nfeats, depth, heads, dim_head)
        self.mlpfory = SimpleMLP([dim, 1000, y_dim])
        self.mask_embeds_cat = nn.Embedding(self.num_categories * 2, dim)
        self.mask_embeds_cont = nn.Embedding(num_continuous * 2, dim)


model = SAINT(
    categories=(1, 3, 5, 2), num_continuous=6, dim=16, depth=2, heads=4, dim_head=16, y_dim=2
)
