import torch.nn as nn
from invariant_point_attention import IPABlock

model = nn.ModuleList(
    [IPABlock(dim=48, heads=4, pairwise_repr_dim=24, ff_mult=2, post_norm=False) for _ in range(3)]
)
