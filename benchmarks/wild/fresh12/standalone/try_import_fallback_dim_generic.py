"""Optional fast kernels with a try/except ImportError fallback (apex is not installed, so the torch
layer is used), and dimension-generic layers looked up with getattr(nn, f"Conv{dims}d")."""

import torch.nn as nn

try:
    from apex.normalization import FusedLayerNorm as LayerNorm
except ImportError:
    LayerNorm = nn.LayerNorm

try:
    import flash_attn  # noqa: F401

    HAS_FLASH = True
except ImportError:
    HAS_FLASH = False


def conv(dims, *args, **kwargs):
    return getattr(nn, f"Conv{dims}d")(*args, **kwargs)


def norm(dims, c):
    return getattr(nn, f"BatchNorm{dims}d")(c)


class Encoder(nn.Module):
    def __init__(self, dims, cin, widths, dim_token):
        super().__init__()
        layers = []
        for w in widths:
            layers += [conv(dims, cin, w, 3, stride=2, padding=1), norm(dims, w), nn.GELU()]
            cin = w
        self.net = nn.Sequential(*layers)
        self.to_token = nn.Linear(cin, dim_token)
        self.ln = LayerNorm(dim_token)
        self.attn_proj = nn.Linear(dim_token, dim_token * (3 if HAS_FLASH else 4))


model = nn.ModuleList(
    [Encoder(1, 2, (16, 32), 64), Encoder(2, 3, (16, 32, 64), 64), Encoder(3, 1, (8, 16), 64)]
)
