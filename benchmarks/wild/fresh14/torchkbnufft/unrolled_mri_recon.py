"""An unrolled MRI reconstruction: NUFFT operators plus a small CNN denoiser and a learned step per iteration."""

import torch
import torch.nn as nn
import torchkbnufft as tkbn

IM_SIZE = (64, 64)


class Denoiser(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(2, ch, 3, padding=1),
            nn.ReLU(),
            nn.Conv2d(ch, ch, 3, padding=1),
            nn.ReLU(),
            nn.Conv2d(ch, 2, 3, padding=1),
        )


class UnrolledRecon(nn.Module):
    def __init__(self, n_iter=5, share=False):
        super().__init__()
        self.nufft = tkbn.KbNufft(im_size=IM_SIZE, grid_size=(128, 128))
        self.adjnufft = tkbn.KbNufftAdjoint(im_size=IM_SIZE, grid_size=(128, 128))
        den = Denoiser()
        self.denoisers = nn.ModuleList(
            [den] * n_iter if share else [Denoiser() for _ in range(n_iter)]
        )
        self.steps = nn.Parameter(torch.full((n_iter,), 0.5))


model = UnrolledRecon(n_iter=4, share=True)
