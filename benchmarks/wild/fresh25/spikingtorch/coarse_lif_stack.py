"""Three Linear + CoarseLIF stages with shrinking widths, and a SpikingDecay readout."""

import torch.nn as nn
from spikingtorch.layers import CoarseLIF, SpikingDecay

dims = [40, 32, 24, 16]
layers = []
for i, (a, b) in enumerate(zip(dims, dims[1:])):
    layers += [nn.Linear(a, b), CoarseLIF(tau=4 + 2 * i)]
layers += [nn.Linear(dims[-1], 3), SpikingDecay(tau=5)]
model = nn.Sequential(*layers)
