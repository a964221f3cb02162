"""Widths taken from the lengths of padded strings: `zfill`, `rjust`, `center` never shorten (a longer string keeps its length)."""

import torch.nn as nn

w1 = len("7".zfill(12))  # 12
w2 = len("checkpoint-name".rjust(10))  # 15, longer than 10
w3 = len("ab".center(9, "*"))  # 9
model = nn.Sequential(nn.Linear(w1, w2), nn.Linear(w2, w3))
