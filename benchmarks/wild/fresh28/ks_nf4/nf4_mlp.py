"""An MLP of NF4 4-bit quantized linear layers (torch-ks-nf4), then a full-precision classifier."""

import torch.nn as nn
from torch_ks_nf4 import NF4Linear

model = nn.Sequential(
    NF4Linear(64, 128), nn.GELU(), NF4Linear(128, 64, bias=False), nn.GELU(), nn.Linear(64, 10)
)
