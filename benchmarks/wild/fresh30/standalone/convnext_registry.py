"""A ConvNeXt-style backbone registered under a name by a decorator: a stem conv of stride 4, depthwise 7x7
blocks with inverted-bottleneck Linears and layer scale, downsampling layers between stages."""

import torch
import torch.nn as nn

MODELS = {}


def register(name):
    def deco(fn):
        MODELS[name] = fn
        return fn

    return deco


class LayerNorm2d(nn.LayerNorm):
    pass


class CNBlock(nn.Module):
    def __init__(self, dim, ls_init=1e-6):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.act = nn.GELU()
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(ls_init * torch.ones(dim))


class ConvNeXt(nn.Module):
    def __init__(self, in_chans=3, num_classes=100, depths=(1, 1, 2, 1), dims=(16, 32, 64, 128)):
        super().__init__()
        self.downsample = nn.ModuleList()
        self.downsample.append(
            nn.Sequential(nn.Conv2d(in_chans, dims[0], 4, stride=4), LayerNorm2d(dims[0]))
        )
        for i in range(3):
            self.downsample.append(
                nn.Sequential(LayerNorm2d(dims[i]), nn.Conv2d(dims[i], dims[i + 1], 2, stride=2))
            )
        self.stages = nn.ModuleList(
            nn.Sequential(*[CNBlock(dims[i]) for _ in range(depths[i])]) for i in range(4)
        )
        self.norm = nn.LayerNorm(dims[-1], eps=1e-6)
        self.head = nn.Linear(dims[-1], num_classes)


@register("convnext_atto")
def convnext_atto(**kw):
    return ConvNeXt(depths=(2, 2, 6, 2), dims=(40, 80, 160, 320), **kw)


@register("convnext_pico_tiny")
def convnext_pico_tiny(**kw):
    return ConvNeXt(depths=(1, 1, 2, 1), dims=(16, 32, 64, 128), **kw)


model = MODELS["convnext_pico_tiny"](num_classes=10)
