"""A block table trimmed with `dict.popitem()` (removes the most recently inserted key, not the largest)."""

import torch.nn as nn

blocks = {"b0": 16, "b1": 32}
blocks["b3"] = 128
blocks["b2"] = 64
last_name, last_width = blocks.popitem()  # ("b2", 64)

model = nn.ModuleDict({name: nn.Linear(8, w) for name, w in blocks.items()})
model["tail"] = nn.Linear(8, last_width // 8)
