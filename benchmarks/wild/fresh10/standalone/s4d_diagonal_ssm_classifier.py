"""S4D: diagonal state-space layers (complex A stored as real log / imag parts, C as a real view
of a complex tensor), registered with per-parameter lr hooks via register()."""

import math

import torch
from torch import nn


class S4DKernel(nn.Module):
    def __init__(self, d_model, N=64, dt_min=0.001, dt_max=0.1, lr=None):
        super().__init__()
        H = d_model
        log_dt = torch.rand(H) * (math.log(dt_max) - math.log(dt_min)) + math.log(dt_min)
        C = torch.randn(H, N // 2, dtype=torch.cfloat)
        self.C = nn.Parameter(torch.view_as_real(C))
        self.register("log_dt", log_dt, lr)
        log_A_real = torch.log(0.5 * torch.ones(H, N // 2))
        A_imag = math.pi * torch.arange(N // 2).repeat(H, 1)
        self.register("log_A_real", log_A_real, lr)
        self.register("A_imag", A_imag, lr)

    def register(self, name, tensor, lr=None):
        if lr == 0.0:
            self.register_buffer(name, tensor)
        else:
            self.register_parameter(name, nn.Parameter(tensor))
            optim = {"weight_decay": 0.0}
            if lr is not None:
                optim["lr"] = lr
            getattr(self, name)._optim = optim


class S4D(nn.Module):
    def __init__(self, d_model, d_state=64, dropout=0.0, lr=None):
        super().__init__()
        self.D = nn.Parameter(torch.randn(d_model))
        self.kernel = S4DKernel(d_model, N=d_state, lr=lr)
        self.activation = nn.GELU()
        self.output_linear = nn.Sequential(
            nn.Conv1d(d_model, 2 * d_model, kernel_size=1), nn.GLU(dim=-2)
        )


class S4Model(nn.Module):
    def __init__(self, d_input=3, d_output=10, d_model=128, n_layers=4):
        super().__init__()
        self.encoder = nn.Linear(d_input, d_model)
        # the first layer's dt and A are frozen (lr=0.0): they become buffers
        self.s4_layers = nn.ModuleList(
            S4D(d_model, lr=0.0 if i == 0 else 1e-3) for i in range(n_layers)
        )
        self.norms = nn.ModuleList(nn.LayerNorm(d_model) for _ in range(n_layers))
        self.decoder = nn.Linear(d_model, d_output)


model = S4Model()
