"""Optional fused kernels: importlib.util.find_spec decides which block class a model uses (the fallback here)."""

import importlib.util

import torch.nn as nn

HAS_FUSED = importlib.util.find_spec("fused_layer_norm_cuda_zz") is not None
HAS_JSON = importlib.util.find_spec("json") is not None


class FusedBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, 4 * dim)


class PlainBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.proj = nn.Linear(dim, 2 * dim)
        self.out = nn.Linear(2 * dim, dim)


Block = FusedBlock if HAS_FUSED else PlainBlock
depth = 3 if HAS_JSON else 1
model = nn.Sequential(*[Block(24) for _ in range(depth)])
