import torch
import torch.nn as nn


class GRN(nn.Module):
    """Global response normalization (ConvNeXt V2): gamma and beta shaped (1, 1, 1, C)."""

    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.zeros(1, 1, 1, dim))
        self.beta = nn.Parameter(torch.zeros(1, 1, 1, dim))


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.act = nn.GELU()
        self.grn = GRN(4 * dim)
        self.pwconv2 = nn.Linear(4 * dim, dim)


class LayerNorm2d(nn.LayerNorm):
    pass


class ConvNeXtV2(nn.Module):
    def __init__(self, in_chans=3, num_classes=1000, depths=(2, 2, 6, 2), dims=(40, 80, 160, 320)):
        super().__init__()
        self.downsample_layers = nn.ModuleList()
        self.downsample_layers.append(
            nn.Sequential(nn.Conv2d(in_chans, dims[0], 4, 4), LayerNorm2d(dims[0]))
        )
        for i in range(3):
            self.downsample_layers.append(
                nn.Sequential(LayerNorm2d(dims[i]), nn.Conv2d(dims[i], dims[i + 1], 2, 2))
            )
        self.stages = nn.ModuleList(
            nn.Sequential(*[Block(dims[i]) for _ in range(depths[i])]) for i in range(4)
        )
        self.norm = nn.LayerNorm(dims[-1], eps=1e-6)
        self.head = nn.Linear(dims[-1], num_classes)


model = ConvNeXtV2(num_classes=200)
