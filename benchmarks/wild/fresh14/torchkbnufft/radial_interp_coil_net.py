"""Multi-coil radial reconstruction: interpolation modules per coil count, a coil-combination conv head."""

import torch.nn as nn
from torchkbnufft import KbInterp, KbInterpAdjoint, KbNufftAdjoint


def make_ops(im_size, numpoints=6):
    return nn.ModuleDict(
        {
            "interp": KbInterp(im_size=im_size, numpoints=numpoints),
            "interp_adj": KbInterpAdjoint(im_size=im_size, numpoints=numpoints),
            "adj": KbNufftAdjoint(im_size=im_size, numpoints=numpoints),
        }
    )


class CoilNet(nn.Module):
    def __init__(self, n_coils=8, im_size=(96, 96)):
        super().__init__()
        self.ops = make_ops(im_size)
        self.combine = nn.Conv2d(2 * n_coils, 2, kernel_size=1)
        self.refine = nn.Sequential(
            *(nn.Sequential(nn.Conv2d(2, 2, 3, padding=1), nn.PReLU(2)) for _ in range(3))
        )


model = CoilNet(n_coils=12)
