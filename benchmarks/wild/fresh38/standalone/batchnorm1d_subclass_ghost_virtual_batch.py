# user repo: ghost batch norm as a BatchNorm1d subclass (TabNet style); virtual batch size from math
import math

import torch
import torch.nn as nn


class GhostBatchNorm1d(nn.BatchNorm1d):
    def __init__(self, num_features, virtual_batch_size=128, momentum=0.02):
        super().__init__(num_features, momentum=momentum)
        self.virtual_batch_size = virtual_batch_size

    def forward(self, x):
        chunks = x.chunk(max(1, math.ceil(x.shape[0] / self.virtual_batch_size)), 0)
        return torch.cat([super(GhostBatchNorm1d, self).forward(c) for c in chunks], 0)


n_features = 54
hidden = 2 ** math.ceil(math.log2(n_features * 2))
model = nn.Sequential(
    nn.Linear(n_features, hidden),
    GhostBatchNorm1d(hidden, virtual_batch_size=256),
    nn.ReLU(),
    nn.Linear(hidden, hidden // 2),
    GhostBatchNorm1d(hidden // 2),
    nn.ReLU(),
    nn.Linear(hidden // 2, 7),
)
