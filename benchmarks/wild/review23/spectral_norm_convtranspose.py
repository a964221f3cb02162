import torch.nn as nn
from torch.nn.utils import spectral_norm


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.d = spectral_norm(nn.ConvTranspose2d(4, 6, 3))
        self.head = nn.Linear(self.d.weight_orig.shape[1], 2)
