import torch.nn as nn
from deformable_attention import DeformableAttention3D

cfg = dict(dim=64, dim_head=16, heads=4, downsample_factor=(2, 8, 8), offset_scale=(2, 8, 8),
           offset_kernel_size=(4, 10, 10))

model = nn.ModuleList([DeformableAttention3D(**cfg) for _ in range(2)])
