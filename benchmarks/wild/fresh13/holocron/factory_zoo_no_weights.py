"""Several holocron factory models (pretrained=False) collected for a benchmark sweep."""

import torch.nn as nn
from holocron import models as hm

NAMES = ["rexnet1_0x", "darknet19", "repvgg_a0"]
model = nn.ModuleDict({n: getattr(hm, n)(pretrained=False, num_classes=10) for n in NAMES})
