import torch
import torch.nn as nn
import torch.nn.functional as F

MODELS = {}


def register(name):
    def deco(fn):
        MODELS[name] = fn
        return fn

    return deco


class CausalConv1d(nn.Conv1d):
    def __init__(self, in_channels, out_channels, kernel_size, dilation=1, **kwargs):
        self._pad = (kernel_size - 1) * dilation
        super().__init__(in_channels, out_channels, kernel_size, dilation=dilation, **kwargs)

    def forward(self, x):
        return super().forward(F.pad(x, (self._pad, 0)))


class ResidualLayer(nn.Module):
    def __init__(self, res_ch, skip_ch, gate_ch, dilation, cond_ch=0):
        super().__init__()
        self.conv = CausalConv1d(res_ch, 2 * gate_ch, 2, dilation=dilation)
        self.cond = nn.Conv1d(cond_ch, 2 * gate_ch, 1, bias=False) if cond_ch else None
        self.res = nn.Conv1d(gate_ch, res_ch, 1)
        self.skip = nn.Conv1d(gate_ch, skip_ch, 1)

    def forward(self, x, c=None):
        h = self.conv(x)
        if self.cond is not None and c is not None:
            h = h + self.cond(c)
        a, b = h.chunk(2, 1)
        h = torch.tanh(a) * torch.sigmoid(b)
        return x + self.res(h), self.skip(h)


class WaveNet(nn.Module):
    def __init__(self, n_classes=256, res_ch=64, skip_ch=128, gate_ch=64, layers=10, stacks=2,
                 cond_ch=0):
        super().__init__()
        self.inp = CausalConv1d(n_classes, res_ch, 2)
        self.layers = nn.ModuleList(
            ResidualLayer(res_ch, skip_ch, gate_ch, 2 ** (i % layers), cond_ch)
            for i in range(layers * stacks)
        )
        self.out = nn.Sequential(nn.ReLU(), nn.Conv1d(skip_ch, skip_ch, 1), nn.ReLU(),
                                 nn.Conv1d(skip_ch, n_classes, 1))

    def forward(self, x, c=None):
        x = self.inp(x)
        skips = 0
        for layer in self.layers:
            x, s = layer(x, c)
            skips = skips + s
        return self.out(skips)


@register("wavenet_small")
def wavenet_small(**kw):
    return WaveNet(res_ch=32, skip_ch=64, gate_ch=32, layers=8, stacks=2, **kw)


@register("wavenet_vocoder")
def wavenet_vocoder(**kw):
    return WaveNet(res_ch=64, skip_ch=64, gate_ch=64, layers=10, stacks=3, cond_ch=80, **kw)


def build(name, **kw):
    return MODELS[name](**kw)


model = build("wavenet_vocoder", n_classes=256)
