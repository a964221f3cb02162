"""str.swapcase flips every letter's case: "Conv" -> "cONV" misses the table (the default Linear),
"conv" -> "CONV" builds the kernel-3 conv and "CONV" -> "conv" the 1x1 conv that doubles the channels."""

import torch.nn as nn

BUILDERS = {"CONV": lambda c: nn.Conv1d(c, c, 3), "conv": lambda c: nn.Conv1d(c, 2 * c, 1)}
layers = []
for name in ["Conv", "conv", "CONV"]:
    key = name.swapcase()
    layers.append(BUILDERS.get(key, lambda c: nn.Linear(c, c))(6))
model = nn.ModuleList(layers)
