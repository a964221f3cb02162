import torch
from botorch.models import MultiTaskGP

X = torch.cat([torch.rand(20, 3), torch.randint(0, 3, (20, 1)).float()], dim=-1).double()
Y = torch.randn(20, 1, dtype=torch.double)
model = MultiTaskGP(X, Y, task_feature=-1, rank=2)
