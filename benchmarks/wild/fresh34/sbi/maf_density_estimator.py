import torch
from sbi.neural_nets.net_builders import build_maf

theta = torch.randn(200, 3)
x = torch.randn(200, 5)
# p(theta | x): theta is the modelled variable, x the condition
model = build_maf(theta, x, hidden_features=32, num_transforms=3, num_blocks=2)
