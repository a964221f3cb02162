# research-repo ConvNeXt-style stages: depthwise 7x7, inverted MLP, layer-scale gamma Parameter
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim, ls_init=1e-6):
        super().__init__()
        self.dw = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pw1 = nn.Linear(dim, 4 * dim)
        self.act = nn.GELU()
        self.pw2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(ls_init * torch.ones(dim))


class ConvNeXtTiny(nn.Module):
    def __init__(self, depths=(2, 2, 6, 2), dims=(48, 96, 192, 384), classes=100):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, dims[0], 4, stride=4), nn.GroupNorm(1, dims[0]))
        self.downs = nn.ModuleList(
            [
                nn.Sequential(
                    nn.GroupNorm(1, dims[i]), nn.Conv2d(dims[i], dims[i + 1], 2, stride=2)
                )
                for i in range(3)
            ]
        )
        self.stages = nn.ModuleList(
            [nn.Sequential(*[Block(d) for _ in range(n)]) for n, d in zip(depths, dims)]
        )
        self.head = nn.Sequential(nn.LayerNorm(dims[-1]), nn.Linear(dims[-1], classes))


model = ConvNeXtTiny()
