"""SNGAN projection discriminator (Miyato & Koyama) with spectral norm through parametrizations."""

from torch import nn
from torch.nn.utils.parametrizations import spectral_norm


def SNConv(*a, **k):
    return spectral_norm(nn.Conv2d(*a, **k))


class DBlock(nn.Module):
    def __init__(self, c_in, c_out, downsample=True, first=False):
        super().__init__()
        self.c1 = SNConv(c_in, c_out, 3, padding=1)
        self.c2 = SNConv(c_out, c_out, 3, padding=1)
        self.sc = SNConv(c_in, c_out, 1) if (c_in != c_out or downsample) else None
        self.downsample = downsample
        self.first = first


class ProjectionDiscriminator(nn.Module):
    def __init__(self, ch=64, num_classes=10):
        super().__init__()
        self.blocks = nn.Sequential(
            DBlock(3, ch, first=True),
            DBlock(ch, ch * 2),
            DBlock(ch * 2, ch * 4),
            DBlock(ch * 4, ch * 4, downsample=False),
        )
        self.linear = spectral_norm(nn.Linear(ch * 4, 1))
        self.embed = spectral_norm(nn.Embedding(num_classes, ch * 4))


model = ProjectionDiscriminator()
