"""A 2-D Fourier Neural Operator (Li et al.) the way its research repo writes it: argparse defaults."""

import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_parser():
    p = argparse.ArgumentParser("fno2d")
    p.add_argument("--modes1", type=int, default=6)
    p.add_argument("--modes2", type=int, default=5)
    p.add_argument("--width", type=int, default=20)
    p.add_argument("--n_layers", type=int, default=4)
    p.add_argument("--in_channels", type=int, default=3)  # a(x, y), x, y
    p.add_argument("--proj_hidden", type=int, default=64)
    return p


class SpectralConv2d(nn.Module):
    def __init__(self, in_channels, out_channels, modes1, modes2):
        super().__init__()
        self.modes1, self.modes2 = modes1, modes2
        scale = 1 / (in_channels * out_channels)
        # two corners of the spectrum, complex weights
        self.weights1 = nn.Parameter(
            scale * torch.rand(in_channels, out_channels, modes1, modes2, dtype=torch.cfloat)
        )
        self.weights2 = nn.Parameter(
            scale * torch.rand(in_channels, out_channels, modes1, modes2, dtype=torch.cfloat)
        )

    def forward(self, x):
        x_ft = torch.fft.rfft2(x)
        out = torch.zeros_like(x_ft)
        out[:, :, : self.modes1, : self.modes2] = torch.einsum(
            "bixy,ioxy->boxy", x_ft[:, :, : self.modes1, : self.modes2], self.weights1
        )
        out[:, :, -self.modes1 :, : self.modes2] = torch.einsum(
            "bixy,ioxy->boxy", x_ft[:, :, -self.modes1 :, : self.modes2], self.weights2
        )
        return torch.fft.irfft2(out, s=x.shape[-2:])


class FNO2d(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.fc0 = nn.Linear(args.in_channels, args.width)
        self.spectral = nn.ModuleList(
            [
                SpectralConv2d(args.width, args.width, args.modes1, args.modes2)
                for _ in range(args.n_layers)
            ]
        )
        self.pointwise = nn.ModuleList(
            [nn.Conv2d(args.width, args.width, 1) for _ in range(args.n_layers)]
        )
        self.fc1 = nn.Linear(args.width, args.proj_hidden)
        self.fc2 = nn.Linear(args.proj_hidden, 1)

    def forward(self, x):
        x = self.fc0(x).permute(0, 3, 1, 2)
        for i, (s, w) in enumerate(zip(self.spectral, self.pointwise)):
            x = s(x) + w(x)
            if i < len(self.spectral) - 1:
                x = F.gelu(x)
        return self.fc2(F.gelu(self.fc1(x.permute(0, 2, 3, 1))))


args = get_parser().parse_args(["--width", "16", "--n_layers", "3", "--modes1", "4"])
model = FNO2d(args)
