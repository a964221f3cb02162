"""Which of five layers carry a bias is a bitmask written with format(mask, "05b")."""

import torch.nn as nn

MASK = 0b10110
bits = format(MASK, "05b")
model = nn.Sequential(*[nn.Linear(20, 20, bias=b == "1") for b in bits])
