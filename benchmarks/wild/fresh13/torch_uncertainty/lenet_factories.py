"""Three LeNet variants from torch-uncertainty's factories (plain, packed, BatchEnsemble), in a dict."""

import torch.nn as nn
from torch_uncertainty.models import batchensemble_lenet, lenet, packed_lenet

model = nn.ModuleDict(
    {
        "plain": lenet(in_channels=1, num_classes=10),
        "packed": packed_lenet(in_channels=1, num_classes=10, num_estimators=2, alpha=2),
        "be": batchensemble_lenet(in_channels=1, num_classes=10, num_estimators=3),
    }
)
