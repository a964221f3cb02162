"""e3nn: fully_connected_net (wild-code corpus, benchmarks/wild)."""

import torch
from e3nn import nn

model = nn.FullyConnectedNet([8, 16, 16, 4], torch.nn.functional.silu)
