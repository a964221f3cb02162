"""res_mlp_pytorch: backbone with its head swapped for a new task (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from res_mlp_pytorch import ResMLP

model = ResMLP(image_size=32, patch_size=8, dim=48, depth=3, num_classes=1000)
# the last layer of the Sequential is the classifier: replace it for 7 classes
model[-1] = nn.Linear(48, 7)
