"""pix2pix-style U-Net built by recursion: each UnetSkipBlock wraps the next-inner one."""

import torch.nn as nn


class UnetSkipBlock(nn.Module):
    def __init__(
        self,
        outer,
        inner,
        input_nc=None,
        submodule=None,
        outermost=False,
        innermost=False,
        use_dropout=False,
    ):
        super().__init__()
        self.outermost = outermost
        input_nc = outer if input_nc is None else input_nc
        downconv = nn.Conv2d(input_nc, inner, 4, 2, 1, bias=False)
        downnorm = nn.InstanceNorm2d(inner, affine=True)
        upnorm = nn.InstanceNorm2d(outer, affine=True)
        if outermost:
            up = [nn.ReLU(True), nn.ConvTranspose2d(inner * 2, outer, 4, 2, 1), nn.Tanh()]
            model = [downconv, submodule] + up
        elif innermost:
            up = [nn.ReLU(True), nn.ConvTranspose2d(inner, outer, 4, 2, 1, bias=False), upnorm]
            model = [nn.LeakyReLU(0.2, True), downconv] + up
        else:
            up = [nn.ReLU(True), nn.ConvTranspose2d(inner * 2, outer, 4, 2, 1, bias=False), upnorm]
            model = [nn.LeakyReLU(0.2, True), downconv, downnorm, submodule] + up
            if use_dropout:
                model.append(nn.Dropout(0.5))
        self.model = nn.Sequential(*model)


def build(depth, ngf, level=0, use_dropout=True):
    mult = min(2**level, 8)
    inner = min(2 ** (level + 1), 8)
    if level == depth - 1:
        return UnetSkipBlock(ngf * mult, ngf * inner, innermost=True)
    sub = build(depth, ngf, level + 1, use_dropout)
    return UnetSkipBlock(
        ngf * mult, ngf * inner, submodule=sub, use_dropout=use_dropout and level >= 3
    )


class UnetGenerator(nn.Module):
    def __init__(self, input_nc=3, output_nc=2, depth=6, ngf=16):
        super().__init__()
        inner = build(depth, ngf, level=0)
        self.model = UnetSkipBlock(
            output_nc, ngf, input_nc=input_nc, submodule=inner, outermost=True
        )


model = UnetGenerator()
