"""Layers produced by a generator function that yields (name, module) pairs; widths double each stage."""

import torch.nn as nn


def conv_stages(in_ch, base, n_stages, blocks_per_stage=2):
    ch = in_ch
    for s in range(n_stages):
        out = base << s
        for b in range(blocks_per_stage):
            stride = 2 if (b == 0 and s > 0) else 1
            yield f"s{s}b{b}_conv", nn.Conv2d(ch, out, 3, stride=stride, padding=1, bias=False)
            yield f"s{s}b{b}_bn", nn.BatchNorm2d(out)
            yield f"s{s}b{b}_act", nn.SiLU()
            ch = out
    yield "pool", nn.AdaptiveAvgPool2d(1)
    yield "flat", nn.Flatten()
    yield "fc", nn.Linear(ch, 100)


class GenNet(nn.Sequential):
    def __init__(self, **kw):
        super().__init__()
        for name, mod in conv_stages(**kw):
            self.add_module(name, mod)


model = GenNet(in_ch=3, base=24, n_stages=4, blocks_per_stage=2)
