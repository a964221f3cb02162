import torch.nn as nn

try:
    from apex.normalization import FusedLayerNorm as LayerNorm  # not installed: falls back
except ImportError:
    LayerNorm = nn.LayerNorm

try:
    import xformers.ops  # noqa: F401

    HAS_XFORMERS = True
except ImportError:
    HAS_XFORMERS = False


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = LayerNorm(d)
        if HAS_XFORMERS:
            self.qkv = nn.Linear(d, 3 * d, bias=False)
        else:
            self.attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.mlp = nn.Sequential(LayerNorm(d), nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))


model = nn.Sequential(*(Block(64) for _ in range(3)), LayerNorm(64))
