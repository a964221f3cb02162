from dataclasses import asdict, dataclass, field

import torch.nn as nn


@dataclass
class ConvNeXtCfg:
    depths: list = field(default_factory=lambda: [1, 1, 2, 1])
    dim: int = 16
    in_chans: int = 3
    num_classes: int = 10
    dims: list = field(init=False)
    mlp_ratio: int = 4

    def __post_init__(self):
        self.dims = [self.dim * 2**i for i in range(len(self.depths))]


class Block(nn.Module):
    def __init__(self, dim, mlp_ratio):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pwconv1 = nn.Linear(dim, mlp_ratio * dim)
        self.act = nn.GELU()
        self.pwconv2 = nn.Linear(mlp_ratio * dim, dim)
        self.gamma = nn.Parameter(1e-6 * __import__("torch").ones(dim))


class ConvNeXt(nn.Module):
    def __init__(self, depths, dim, in_chans, num_classes, dims, mlp_ratio):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(in_chans, dims[0], 4, 4), nn.GroupNorm(1, dims[0]))
        self.downsample = nn.ModuleList(
            nn.Sequential(nn.GroupNorm(1, dims[i]), nn.Conv2d(dims[i], dims[i + 1], 2, 2))
            for i in range(len(dims) - 1)
        )
        self.stages = nn.ModuleList(
            nn.Sequential(*[Block(dims[i], mlp_ratio) for _ in range(depths[i])])
            for i in range(len(dims))
        )
        self.norm = nn.LayerNorm(dims[-1])
        self.head = nn.Linear(dims[-1], num_classes)


cfg = ConvNeXtCfg(depths=[1, 2, 1], dim=12)
model = ConvNeXt(**asdict(cfg))
