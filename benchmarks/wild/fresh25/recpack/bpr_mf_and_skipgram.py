"""A BPR matrix factorisation and a prod2vec skip-gram side by side in one container."""

import torch.nn as nn
from recpack.algorithms.bprmf import MFModule
from recpack.algorithms.p2v import SkipGram

model = nn.ModuleList(
    [
        MFModule(num_users=120, num_items=80, num_components=16),
        SkipGram(vocab_size=80, num_components=16),
    ]
)
