"""BigGAN generator: a class embedding shared by every block's conditional batch norms, hierarchical z."""

import torch
import torch.nn as nn
from torch.nn.utils import spectral_norm


class ConditionalBN(nn.Module):
    def __init__(self, channels, cond_dim):
        super().__init__()
        self.bn = nn.BatchNorm2d(channels, affine=False)
        self.gain = spectral_norm(nn.Linear(cond_dim, channels, bias=False))
        self.bias = spectral_norm(nn.Linear(cond_dim, channels, bias=False))

    def forward(self, x, y):
        return self.bn(x) * (1 + self.gain(y))[:, :, None, None] + self.bias(y)[:, :, None, None]


class GBlock(nn.Module):
    def __init__(self, cin, cout, cond_dim, shared):
        super().__init__()
        self.shared = shared
        self.bn1 = ConditionalBN(cin, cond_dim)
        self.conv1 = spectral_norm(nn.Conv2d(cin, cout, 3, padding=1))
        self.bn2 = ConditionalBN(cout, cond_dim)
        self.conv2 = spectral_norm(nn.Conv2d(cout, cout, 3, padding=1))
        self.conv_sc = spectral_norm(nn.Conv2d(cin, cout, 1))


class Generator(nn.Module):
    def __init__(
        self, dim_z=120, ch=32, n_classes=10, shared_dim=128, resolution=32, arch=(4, 4, 4)
    ):
        super().__init__()
        self.num_slots = len(arch) + 1
        self.z_chunk_size = dim_z // self.num_slots
        self.shared = nn.Embedding(n_classes, shared_dim)
        cond_dim = shared_dim + self.z_chunk_size
        self.linear = spectral_norm(nn.Linear(self.z_chunk_size, 16 * ch * arch[0]))
        chans = [ch * a for a in arch] + [ch]
        self.blocks = nn.ModuleList(
            GBlock(chans[i], chans[i + 1], cond_dim, self.shared) for i in range(len(arch))
        )
        self.output_layer = nn.Sequential(
            nn.BatchNorm2d(chans[-1]),
            nn.ReLU(),
            spectral_norm(nn.Conv2d(chans[-1], 3, 3, padding=1)),
            nn.Tanh(),
        )

    def forward(self, z, y):
        zs = torch.split(z, self.z_chunk_size, 1)
        return zs


model = Generator(dim_z=120, ch=32, n_classes=10, shared_dim=128, arch=(4, 4, 4))
