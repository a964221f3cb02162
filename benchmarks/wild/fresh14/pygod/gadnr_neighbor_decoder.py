"""GAD-NR: neighbourhood reconstruction with separate degree / feature decoders, wrapped with a feature scaler."""

import torch
import torch.nn as nn
from pygod.nn import GADNRBase


class ScaledGADNR(nn.Module):
    def __init__(self, in_dim, **kw):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(in_dim))
        self.detector = GADNRBase(in_dim=in_dim, **kw)


degrees = torch.tensor([3, 1, 4, 1, 5, 9, 2, 6] * 5)
model = ScaledGADNR(
    in_dim=100,
    hid_dim=32,
    encoder_layers=2,
    deg_dec_layers=3,
    fea_dec_layers=2,
    neighbor_num_list=degrees,
)
