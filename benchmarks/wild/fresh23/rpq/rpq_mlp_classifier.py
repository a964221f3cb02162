"""A tabular MLP compressed with reverse-product-quantized (RPQ) linear layers."""

from rpq.nn import RPQLinear
from torch import nn

model = nn.Sequential(
    nn.Linear(20, 64),
    nn.ReLU(),
    RPQLinear(64, 64, num_codebooks=8, nbits=4, split="column"),
    nn.ReLU(),
    RPQLinear(64, 32, num_codebooks=4, nbits=6, split="row"),
    nn.ReLU(),
    nn.Linear(32, 5),
)
