"""ConvNeXt."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

@dataclass
class ModelArgs:
    in_chans: int = 3
    dims: tuple = (16, 32)
    depths: tuple = (2, 3)
    patch: int = 4
    layer_scale: float = 1e-06
    eps: float = 1e-06



class LayerNorm2d(nn.LayerNorm):
    """LayerNorm over the channels of an NCHW tensor."""

    def forward(self, x):
        return super().forward(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)


class ConvNeXtBlock(nn.Module):
    def __init__(self, dim, layer_scale, eps):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=eps)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(layer_scale * torch.ones(dim))

    def forward(self, x):
        y = self.dwconv(x).permute(0, 2, 3, 1)
        y = self.pwconv2(F.gelu(self.pwconv1(self.norm(y))))
        return x + (self.gamma * y).permute(0, 3, 1, 2)


class ConvNeXt(nn.Module):
    def __init__(self, args: ModelArgs = ModelArgs()):
        super().__init__()
        dims, depths = args.dims, args.depths
        self.stem = nn.Sequential(
            nn.Conv2d(args.in_chans, dims[0], kernel_size=args.patch, stride=args.patch),
            LayerNorm2d(dims[0], eps=args.eps),
        )
        self.downsample = nn.ModuleList()
        self.stages = nn.ModuleList()
        for i, (dim, depth) in enumerate(zip(dims, depths)):
            if i > 0:
                self.downsample.append(
                    nn.Sequential(
                        LayerNorm2d(dims[i - 1], eps=args.eps),
                        nn.Conv2d(dims[i - 1], dim, kernel_size=2, stride=2),
                    )
                )
            self.stages.append(
                nn.Sequential(*[ConvNeXtBlock(dim, args.layer_scale, args.eps) for _ in range(depth)])
            )
        self.norm = nn.LayerNorm(dims[-1], eps=args.eps)

    def forward(self, x):
        x = self.stages[0](self.stem(x))
        for down, stage in zip(self.downsample, self.stages[1:]):
            x = stage(down(x))
        return self.norm(x.mean(dim=(2, 3)))
