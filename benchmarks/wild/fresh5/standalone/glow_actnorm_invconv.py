"""Glow (multi-scale): ActNorm with data-dependent init flags, invertible 1x1 convolutions in
the LU-decomposed form (P, sign(s) as buffers; L, U, log|s| learned), affine couplings whose
last conv is zero-initialised with a learned per-channel scale, squeeze and split per level."""

import numpy as np
import scipy.linalg
import torch
import torch.nn as nn


class ActNorm(nn.Module):
    def __init__(self, in_channel):
        super().__init__()
        self.loc = nn.Parameter(torch.zeros(1, in_channel, 1, 1))
        self.scale = nn.Parameter(torch.ones(1, in_channel, 1, 1))
        self.register_buffer("initialized", torch.tensor(0, dtype=torch.uint8))


class InvConv2dLU(nn.Module):
    def __init__(self, in_channel):
        super().__init__()
        weight = np.random.randn(in_channel, in_channel)
        q, _ = scipy.linalg.qr(weight)
        w_p, w_l, w_u = scipy.linalg.lu(q.astype(np.float32))
        w_s = np.diag(w_u)
        w_u = np.triu(w_u, 1)
        u_mask = np.triu(np.ones_like(w_u), 1)
        l_mask = u_mask.T
        self.register_buffer("w_p", torch.from_numpy(w_p.copy()))
        self.register_buffer("u_mask", torch.from_numpy(u_mask.copy()))
        self.register_buffer("l_mask", torch.from_numpy(l_mask.copy()))
        self.register_buffer("s_sign", torch.sign(torch.from_numpy(w_s.copy())))
        self.register_buffer("l_eye", torch.eye(l_mask.shape[0]))
        self.w_l = nn.Parameter(torch.from_numpy(w_l.copy()))
        self.w_s = nn.Parameter(torch.log(torch.abs(torch.from_numpy(w_s.copy()))))
        self.w_u = nn.Parameter(torch.from_numpy(w_u.copy()))


class ZeroConv2d(nn.Module):
    def __init__(self, in_channel, out_channel):
        super().__init__()
        self.conv = nn.Conv2d(in_channel, out_channel, 3, padding=0)
        self.conv.weight.data.zero_()
        self.conv.bias.data.zero_()
        self.scale = nn.Parameter(torch.zeros(1, out_channel, 1, 1))


class AffineCoupling(nn.Module):
    def __init__(self, in_channel, filter_size=512):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(in_channel // 2, filter_size, 3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(filter_size, filter_size, 1),
            nn.ReLU(inplace=True),
            ZeroConv2d(filter_size, in_channel),
        )


class Flow(nn.Module):
    def __init__(self, in_channel, filter_size):
        super().__init__()
        self.actnorm = ActNorm(in_channel)
        self.invconv = InvConv2dLU(in_channel)
        self.coupling = AffineCoupling(in_channel, filter_size)


class Block(nn.Module):
    def __init__(self, in_channel, n_flow, split=True, filter_size=512):
        super().__init__()
        squeeze_dim = in_channel * 4
        self.flows = nn.ModuleList([Flow(squeeze_dim, filter_size) for _ in range(n_flow)])
        self.split = split
        self.prior = ZeroConv2d(in_channel * 2, in_channel * 4) if split else ZeroConv2d(in_channel * 4, in_channel * 8)


class Glow(nn.Module):
    def __init__(self, in_channel, n_flow, n_block, filter_size=512):
        super().__init__()
        self.blocks = nn.ModuleList()
        n_channel = in_channel
        for i in range(n_block - 1):
            self.blocks.append(Block(n_channel, n_flow, split=True, filter_size=filter_size))
            n_channel *= 2
        self.blocks.append(Block(n_channel, n_flow, split=False, filter_size=filter_size))


model = Glow(in_channel=3, n_flow=4, n_block=3, filter_size=64)
