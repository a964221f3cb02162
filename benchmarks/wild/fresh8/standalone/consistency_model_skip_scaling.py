"""Consistency training: an online NCSN-style denoiser and its EMA target (a deep copy with
requires_grad off) held together, c_skip / c_out scalings as plain floats, Fourier time features
as a frozen parameter."""

import copy

import torch
import torch.nn as nn


class FourierFeatures(nn.Module):
    def __init__(self, dim, scale=16.0):
        super().__init__()
        self.W = nn.Parameter(torch.randn(dim // 2) * scale, requires_grad=False)


class Block(nn.Module):
    def __init__(self, cin, cout, temb):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.dense = nn.Linear(temb, cout)
        self.norm = nn.GroupNorm(4, cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)


class Denoiser(nn.Module):
    def __init__(self, ch=(32, 64, 128), temb=128):
        super().__init__()
        self.embed = nn.Sequential(FourierFeatures(temb), nn.Linear(temb, temb))
        cins = (1, *ch[:-1])
        self.down = nn.ModuleList(Block(i, o, temb) for i, o in zip(cins, ch))
        self.up = nn.ModuleList(
            Block(o * 2 if k else o, i if i > 1 else ch[0], temb)
            for k, (i, o) in enumerate(zip(cins[::-1], ch[::-1]))
        )
        self.final = nn.Conv2d(ch[0], 1, 1)


class ConsistencyTraining(nn.Module):
    def __init__(self, sigma_data=0.5, sigma_min=0.002):
        super().__init__()
        self.online = Denoiser()
        self.target = copy.deepcopy(self.online)
        self.target.requires_grad_(False)
        self.sigma_data, self.sigma_min = sigma_data, sigma_min


model = ConsistencyTraining()
