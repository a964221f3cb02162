import torch.nn as nn
from kan_gpt.efficient_kan.model import KANLinear


class Head(nn.Module):
    def __init__(self, d_in=12, d_hidden=24, n_out=3):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(d_in, d_hidden), nn.LayerNorm(d_hidden))
        self.kan = KANLinear(
            d_hidden, n_out, grid_size=4, spline_order=2, enable_standalone_scale_spline=False
        )


model = Head(d_in=10, d_hidden=20, n_out=5)
