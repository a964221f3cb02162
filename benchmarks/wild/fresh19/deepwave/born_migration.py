import torch
from deepwave import ScalarBorn

NZ, NX, DX = 40, 50, 4.0

v_smooth = torch.full((NZ, NX), 2000.0)
scatter = torch.zeros(NZ, NX)

model = ScalarBorn(v_smooth, DX, scatter=scatter, scatter_requires_grad=True)
