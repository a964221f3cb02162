"""Glow: multi-scale flow levels of (ActNorm, LU-decomposed invertible 1x1 conv, affine coupling); the channel count squeezes x4 and splits in half per level."""

import numpy as np
import scipy.linalg
import torch
from torch import nn


class ActNorm(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.loc = nn.Parameter(torch.zeros(1, c, 1, 1))
        self.log_scale = nn.Parameter(torch.zeros(1, c, 1, 1))
        self.register_buffer("initialized", torch.tensor(0, dtype=torch.uint8))


class InvConvLU(nn.Module):
    def __init__(self, c):
        super().__init__()
        w = np.linalg.qr(np.random.RandomState(0).randn(c, c))[0]
        p, lower, upper = scipy.linalg.lu(w)
        s = np.diag(upper)
        self.register_buffer("w_p", torch.from_numpy(p.copy()).float())
        self.register_buffer("u_mask", torch.from_numpy(np.triu(np.ones_like(upper), 1)).float())
        self.register_buffer("s_sign", torch.sign(torch.from_numpy(s.copy())).float())
        self.w_l = nn.Parameter(torch.from_numpy(lower.copy()).float())
        self.w_s = nn.Parameter(torch.log(torch.abs(torch.from_numpy(s.copy()))).float())
        self.w_u = nn.Parameter(torch.from_numpy(upper.copy()).float())


class Coupling(nn.Module):
    def __init__(self, c, hidden):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(c // 2, hidden, 3, padding=1),
            nn.ReLU(),
            nn.Conv2d(hidden, hidden, 1),
            nn.ReLU(),
            nn.Conv2d(hidden, c, 3, padding=1),
        )
        self.scale = nn.Parameter(torch.zeros(1, c, 1, 1))


class Glow(nn.Module):
    def __init__(self, in_channels=3, hidden=64, n_flows=4, n_levels=3):
        super().__init__()
        self.levels = nn.ModuleList()
        c = in_channels
        for level in range(n_levels):
            c *= 4
            flows = nn.ModuleList()
            for _ in range(n_flows):
                flows.append(nn.ModuleList([ActNorm(c), InvConvLU(c), Coupling(c, hidden)]))
            self.levels.append(flows)
            if level < n_levels - 1:
                c //= 2


model = Glow(in_channels=3, hidden=32, n_flows=3, n_levels=3)
