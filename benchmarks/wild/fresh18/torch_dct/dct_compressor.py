import torch.nn as nn
import torch_dct as dct


class DCTBottleneck(nn.Module):
    """Keeps the first k DCT coefficients; DCT and IDCT as (frozen-by-default?) linear layers."""

    def __init__(self, n=64, k=16):
        super().__init__()
        self.dct = dct.LinearDCT(n, "dct", norm="ortho")
        self.idct = dct.LinearDCT(n, "idct", norm="ortho")
        self.mix = nn.Linear(k, k)
        self.k = k


model = DCTBottleneck(n=48, k=12)
