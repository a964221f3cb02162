import torch.nn as nn
from torch.nn.utils.parametrizations import spectral_norm


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = spectral_norm(nn.Conv2d(3, 8, 3))
        self.e = spectral_norm(nn.Embedding(10, 4))
