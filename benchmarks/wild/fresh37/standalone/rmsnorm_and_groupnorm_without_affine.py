# norms without learnable affine: RMSNorm(elementwise_affine=False), GroupNorm(affine=False), InstanceNorm
import torch.nn as nn

model = nn.Sequential(
    nn.Conv1d(16, 64, 5, padding=2),
    nn.GroupNorm(8, 64, affine=False),
    nn.SiLU(),
    nn.Conv1d(64, 64, 5, padding=2),
    nn.InstanceNorm1d(64, affine=True),
    nn.SiLU(),
    nn.AdaptiveAvgPool1d(1),
    nn.Flatten(),
    nn.RMSNorm(64, elementwise_affine=False),
    nn.Linear(64, 64),
    nn.RMSNorm(64),
    nn.Linear(64, 4),
)
