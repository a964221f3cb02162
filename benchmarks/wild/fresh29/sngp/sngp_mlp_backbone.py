"""An SNGP head (sngp) on a small MLP backbone with 48 output features and 128 inducing points."""

import torch.nn as nn
from sngp import SNGP

backbone = nn.Sequential(nn.Linear(8, 48), nn.ReLU(), nn.Linear(48, 48))
model = SNGP(out_features=3, backbone=backbone, backbone_output_features=48, num_inducing=128)
