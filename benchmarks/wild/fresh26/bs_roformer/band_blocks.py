"""BS-RoFormer's band split, a rotary transformer and a mask estimator, wired by hand."""

import torch.nn as nn
from bs_roformer.bs_roformer import BandSplit, MaskEstimator, Transformer
from rotary_embedding_torch import RotaryEmbedding

dims = (4, 8, 8, 12)


class BandNet(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.split = BandSplit(dim, dims)
        self.time = Transformer(
            dim=dim,
            depth=2,
            dim_head=8,
            heads=2,
            rotary_embed=RotaryEmbedding(dim=8),
            flash_attn=False,
        )
        self.mask = MaskEstimator(dim, dims, depth=1)


model = BandNet(dim=16)
