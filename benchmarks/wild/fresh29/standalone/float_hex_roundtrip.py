"""A width stored as a hex float string (`float.hex` / `float.fromhex`): '0x1.8p+5' is 48.0."""

import torch.nn as nn

stored = (40.0).hex()  # '0x1.4000000000000p+5'
w1 = int(float.fromhex(stored))
w2 = int(float.fromhex("0x1.8p+5"))
model = nn.Sequential(nn.Linear(w1, w2), nn.LayerNorm(w2))
