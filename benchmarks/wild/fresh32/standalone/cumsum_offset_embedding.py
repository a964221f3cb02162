"""Field offsets by np.cumsum over cardinalities; numpy integers passed straight to nn.Embedding."""

import numpy as np
import torch
import torch.nn as nn

cardinalities = np.array([10, 7, 31, 4])
offsets = np.concatenate([[0], np.cumsum(cardinalities)[:-1]])
total = np.cumsum(cardinalities)[-1]  # np.int64(52)
embed_dim = np.int32(6)

model = nn.Module()
model.table = nn.Embedding(total, embed_dim)
model.register_buffer("offsets", torch.from_numpy(offsets))
model.head = nn.Linear(int(len(cardinalities) * embed_dim), int(offsets[-1]))
