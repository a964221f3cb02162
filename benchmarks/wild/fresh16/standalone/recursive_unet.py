"""pix2pix-style U-Net built recursively: each level wraps the inner level as a submodule."""

import torch.nn as nn


class SkipBlock(nn.Module):
    def __init__(self, outer, inner, submodule=None, outermost=False, innermost=False, in_ch=None):
        super().__init__()
        in_ch = outer if in_ch is None else in_ch
        down = [nn.Conv2d(in_ch, inner, 4, 2, 1, bias=False)]
        if not outermost:
            down = [nn.LeakyReLU(0.2)] + down + ([] if innermost else [nn.BatchNorm2d(inner)])
        up_in = inner if innermost else inner * 2
        up = [nn.ReLU(), nn.ConvTranspose2d(up_in, outer, 4, 2, 1, bias=outermost)]
        if outermost:
            up.append(nn.Tanh())
        else:
            up.append(nn.BatchNorm2d(outer))
        middle = [] if submodule is None else [submodule]
        self.model = nn.Sequential(*down, *middle, *up)
        self.outermost = outermost


def build(level, ngf, max_mult=4):
    mult = min(2**level, max_mult)
    if level == 3:
        return SkipBlock(ngf * mult, ngf * mult, innermost=True)
    inner = build(level + 1, ngf, max_mult)
    inner_mult = min(2 ** (level + 1), max_mult)
    return SkipBlock(ngf * mult, ngf * inner_mult, submodule=inner)


def unet(in_ch, out_ch, ngf=8):
    return SkipBlock(out_ch, ngf, submodule=build(0, ngf), outermost=True, in_ch=in_ch)


model = unet(3, 3)
