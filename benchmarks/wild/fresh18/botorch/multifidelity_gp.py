import torch
from botorch.models import SingleTaskMultiFidelityGP

train_x = torch.rand(16, 4, dtype=torch.double)
train_x[:, -1] = torch.tensor([0.25, 0.5, 1.0, 1.0] * 4, dtype=torch.double)
train_y = train_x[:, :3].norm(dim=-1, keepdim=True)
model = SingleTaskMultiFidelityGP(train_x, train_y, data_fidelities=[3], linear_truncated=False)
