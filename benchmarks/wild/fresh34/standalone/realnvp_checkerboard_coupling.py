import torch
import torch.nn as nn


class ResNetST(nn.Module):
    """s and t from one trunk: output 2 * in_ch channels"""

    def __init__(self, in_ch, mid, n_blocks):
        super().__init__()
        self.inp = nn.Conv2d(in_ch, mid, 3, padding=1)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.BatchNorm2d(mid), nn.ReLU(), nn.Conv2d(mid, mid, 3, padding=1))
            for _ in range(n_blocks)
        )
        self.out = nn.Conv2d(mid, 2 * in_ch, 3, padding=1)
        self.rescale = nn.Parameter(torch.ones(in_ch, 1, 1))


class Coupling(nn.Module):
    def __init__(self, in_ch, mid, n_blocks, mask_type):
        super().__init__()
        self.mask_type = mask_type
        # channel-wise couplings transform half the channels from the other half
        c = in_ch // 2 if mask_type == "channel" else in_ch
        self.st = ResNetST(c, mid, n_blocks)


class RealNVP(nn.Module):
    def __init__(self, in_ch=3, mid=64, n_blocks=2, n_scales=2):
        super().__init__()
        scales, c = [], in_ch
        for s in range(n_scales):
            last = s == n_scales - 1
            layers = [Coupling(c, mid, n_blocks, "checker") for _ in range(4 if last else 3)]
            if not last:
                layers += [Coupling(4 * c, mid, n_blocks, "channel") for _ in range(3)]
                c = 2 * c  # squeeze x4 then factor out half
            scales.append(nn.ModuleList(layers))
        self.scales = nn.ModuleList(scales)


model = RealNVP(in_ch=3, mid=16, n_blocks=1, n_scales=3)
