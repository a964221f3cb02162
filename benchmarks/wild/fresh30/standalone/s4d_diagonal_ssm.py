"""An S4D-style diagonal state-space model: per-layer log_dt, A split into real/imag log parts, a complex C
stored as a view_as_real tensor, a D skip, GLU output mixing; an encoder Linear and a decoder Linear."""

import math

import torch
import torch.nn as nn


class S4DKernel(nn.Module):
    def __init__(self, d_model, N=32, dt_min=0.001, dt_max=0.1):
        super().__init__()
        H = d_model
        log_dt = torch.rand(H) * (math.log(dt_max) - math.log(dt_min)) + math.log(dt_min)
        C = torch.randn(H, N // 2, dtype=torch.cfloat)
        self.C = nn.Parameter(torch.view_as_real(C))
        self.register_buffer("log_dt", log_dt)
        self.log_A_real = nn.Parameter(torch.log(0.5 * torch.ones(H, N // 2)))
        self.A_imag = nn.Parameter(math.pi * torch.arange(N // 2).repeat(H, 1).float())


class S4D(nn.Module):
    def __init__(self, d_model, d_state=32):
        super().__init__()
        self.D = nn.Parameter(torch.randn(d_model))
        self.kernel = S4DKernel(d_model, N=d_state)
        self.output_linear = nn.Sequential(
            nn.Conv1d(d_model, 2 * d_model, kernel_size=1), nn.GLU(dim=-2)
        )


class S4Model(nn.Module):
    def __init__(self, d_input, d_output=10, d_model=64, n_layers=3, d_state=32):
        super().__init__()
        self.encoder = nn.Linear(d_input, d_model)
        self.s4_layers = nn.ModuleList(S4D(d_model, d_state) for _ in range(n_layers))
        self.norms = nn.ModuleList(nn.LayerNorm(d_model) for _ in range(n_layers))
        self.decoder = nn.Linear(d_model, d_output)


model = S4Model(d_input=3, d_output=10, d_model=32, n_layers=4, d_state=16)
