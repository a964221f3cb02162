"""EDSR (super-resolution): MeanShift is a 1x1 Conv2d whose weight and bias are set from the
RGB mean and frozen (they stay parameters), residual blocks scaled by res_scale, a pixel-shuffle
upsampler built by a loop over log2(scale)."""

import math

import torch
import torch.nn as nn


def default_conv(in_channels, out_channels, kernel_size, bias=True):
    return nn.Conv2d(in_channels, out_channels, kernel_size, padding=(kernel_size // 2), bias=bias)


class MeanShift(nn.Conv2d):
    def __init__(self, rgb_range, rgb_mean=(0.4488, 0.4371, 0.4040), rgb_std=(1.0, 1.0, 1.0), sign=-1):
        super().__init__(3, 3, kernel_size=1)
        std = torch.Tensor(rgb_std)
        self.weight.data = torch.eye(3).view(3, 3, 1, 1) / std.view(3, 1, 1, 1)
        self.bias.data = sign * rgb_range * torch.Tensor(rgb_mean) / std
        for p in self.parameters():
            p.requires_grad = False


class ResBlock(nn.Module):
    def __init__(self, conv, n_feats, kernel_size, bias=True, act=nn.ReLU(True), res_scale=1):
        super().__init__()
        m = []
        for i in range(2):
            m.append(conv(n_feats, n_feats, kernel_size, bias=bias))
            if i == 0:
                m.append(act)
        self.body = nn.Sequential(*m)
        self.res_scale = res_scale


class Upsampler(nn.Sequential):
    def __init__(self, conv, scale, n_feats):
        m = []
        if (scale & (scale - 1)) == 0:
            for _ in range(int(math.log(scale, 2))):
                m.append(conv(n_feats, 4 * n_feats, 3))
                m.append(nn.PixelShuffle(2))
        elif scale == 3:
            m.append(conv(n_feats, 9 * n_feats, 3))
            m.append(nn.PixelShuffle(3))
        super().__init__(*m)


class EDSR(nn.Module):
    def __init__(self, args, conv=default_conv):
        super().__init__()
        n_resblocks, n_feats, kernel_size, scale = args["n_resblocks"], args["n_feats"], 3, args["scale"]
        self.sub_mean = MeanShift(args["rgb_range"])
        self.add_mean = MeanShift(args["rgb_range"], sign=1)
        self.head = nn.Sequential(conv(args["n_colors"], n_feats, kernel_size))
        body = [ResBlock(conv, n_feats, kernel_size, act=nn.ReLU(True), res_scale=args["res_scale"]) for _ in range(n_resblocks)]
        body.append(conv(n_feats, n_feats, kernel_size))
        self.body = nn.Sequential(*body)
        self.tail = nn.Sequential(Upsampler(conv, scale, n_feats), conv(n_feats, args["n_colors"], kernel_size))


model = EDSR({"n_resblocks": 8, "n_feats": 32, "scale": 4, "rgb_range": 255, "n_colors": 3, "res_scale": 0.1})
