"""A TabTransformer: one embedding table for all categorical columns (offsets as a buffer, one shared
padding row), a shared column-identity embedding of dim_out // 8 concatenated to each token, a LayerNorm
over the continuous features, transformer layers, and an MLP head with hidden sizes as multiples of the
input width."""

import torch
import torch.nn as nn

CATEGORIES = (10, 5, 6, 5, 8)
NUM_CONTINUOUS = 7


class TabTransformer(nn.Module):
    def __init__(
        self,
        categories,
        num_continuous,
        dim=24,
        depth=2,
        heads=4,
        shared_div=8,
        mlp_mult=(4, 2),
        dim_out=1,
    ):
        super().__init__()
        total = sum(categories)
        offsets = torch.tensor([0] + list(categories)).cumsum(0)[:-1]
        self.register_buffer("categories_offset", offsets)
        shared = dim // shared_div
        self.category_embed = nn.Embedding(total + 1, dim - shared)
        self.shared_category_embed = nn.Parameter(torch.zeros(len(categories), shared))
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 2, batch_first=True)
        self.transformer = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(num_continuous)
        input_size = dim * len(categories) + num_continuous
        sizes = [input_size, *(input_size * m for m in mlp_mult), dim_out]
        mlp = []
        for a, b in zip(sizes[:-1], sizes[1:]):
            mlp += [nn.Linear(a, b), nn.ReLU()]
        self.mlp = nn.Sequential(*mlp[:-1])


model = TabTransformer(
    CATEGORIES, NUM_CONTINUOUS, dim=24, depth=2, heads=4, mlp_mult=(2, 1), dim_out=3
)
