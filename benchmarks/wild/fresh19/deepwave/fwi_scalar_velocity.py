"""Full-waveform inversion: the velocity model is the learnable parameter of deepwave.Scalar."""

import deepwave
import torch

ny, nx = 60, 80
dx = 5.0
v_init = 1500 + 1000 * torch.linspace(0, 1, ny).unsqueeze(1).repeat(1, nx)

model = deepwave.Scalar(v_init, dx, v_requires_grad=True)

if __name__ == "__main__":
    opt = torch.optim.SGD(model.parameters(), lr=1e9)
    for _step in range(2):
        opt.zero_grad()
