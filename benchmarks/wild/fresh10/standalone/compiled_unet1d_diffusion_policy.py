"""Diffusion Policy's conditional 1-D U-Net (FiLM from observation + timestep), compiled with
torch.compile as the training script does; the global `model` is the compiled wrapper."""

import torch
from torch import nn


class SinusoidalPosEmb(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim


class Conv1dBlock(nn.Sequential):
    def __init__(self, c_in, c_out, k, groups=8):
        super().__init__(
            nn.Conv1d(c_in, c_out, k, padding=k // 2), nn.GroupNorm(groups, c_out), nn.Mish()
        )


class CondResBlock(nn.Module):
    def __init__(self, c_in, c_out, cond_dim, k=5):
        super().__init__()
        self.blocks = nn.ModuleList([Conv1dBlock(c_in, c_out, k), Conv1dBlock(c_out, c_out, k)])
        self.cond_encoder = nn.Sequential(nn.Mish(), nn.Linear(cond_dim, 2 * c_out))
        self.residual_conv = nn.Conv1d(c_in, c_out, 1) if c_in != c_out else nn.Identity()


class CondUnet1D(nn.Module):
    def __init__(
        self, input_dim=2, global_cond_dim=40, step_dim=128, down_dims=(128, 256, 512), k=5
    ):
        super().__init__()
        self.diffusion_step_encoder = nn.Sequential(
            SinusoidalPosEmb(step_dim),
            nn.Linear(step_dim, step_dim * 4),
            nn.Mish(),
            nn.Linear(step_dim * 4, step_dim),
        )
        cond_dim = step_dim + global_cond_dim
        dims = [input_dim, *down_dims]
        pairs = list(zip(dims[:-1], dims[1:]))
        self.down_modules = nn.ModuleList(
            nn.ModuleList(
                [
                    CondResBlock(a, b, cond_dim, k),
                    CondResBlock(b, b, cond_dim, k),
                    nn.Conv1d(b, b, 3, 2, 1) if i < len(pairs) - 1 else nn.Identity(),
                ]
            )
            for i, (a, b) in enumerate(pairs)
        )
        mid = dims[-1]
        self.mid_modules = nn.ModuleList(
            [CondResBlock(mid, mid, cond_dim, k), CondResBlock(mid, mid, cond_dim, k)]
        )
        self.up_modules = nn.ModuleList(
            nn.ModuleList(
                [
                    CondResBlock(b * 2, a, cond_dim, k),
                    CondResBlock(a, a, cond_dim, k),
                    nn.ConvTranspose1d(a, a, 4, 2, 1) if i < len(pairs) - 2 else nn.Identity(),
                ]
            )
            for i, (a, b) in enumerate(reversed(pairs[1:]))
        )
        self.final_conv = nn.Sequential(
            Conv1dBlock(down_dims[0], down_dims[0], k), nn.Conv1d(down_dims[0], input_dim, 1)
        )


model = torch.compile(CondUnet1D())
