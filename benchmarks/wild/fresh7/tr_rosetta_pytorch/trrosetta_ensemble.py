"""trRosetta predicts with an ensemble of networks; here five small ones."""

import torch.nn as nn
from tr_rosetta_pytorch import trRosettaNetwork

model = nn.ModuleList([trRosettaNetwork(filters=24, kernel=3, num_layers=9) for _ in range(5)])
