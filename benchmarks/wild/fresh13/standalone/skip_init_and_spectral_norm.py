"""torch.nn.utils.skip_init construction, old-style spectral_norm and the new parametrization."""

import torch.nn as nn
from torch.nn.utils import skip_init, spectral_norm
from torch.nn.utils.parametrizations import spectral_norm as sn_param


class Critic(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.c1 = spectral_norm(nn.Conv2d(3, ch, 4, 2, 1))
        self.c2 = sn_param(nn.Conv2d(ch, ch * 2, 4, 2, 1))
        self.fc = skip_init(nn.Linear, ch * 2 * 4 * 4, 1)


model = Critic(ch=32)
