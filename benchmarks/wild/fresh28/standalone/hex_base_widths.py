"""Widths written as hex and binary literals in strings: `int(s, 16)`, `int(s, 0)` (prefix decides), and `hex()` round trips."""

import torch.nn as nn

spec = {"embed": "0x30", "hidden": "0b1000000", "out": "12"}
embed = int(spec["embed"], 16)  # 48
hidden = int(spec["hidden"], 0)  # 64
out = int(spec["out"], 16)  # 18, not 12
tag = hex(hidden)  # "0x40"
extra = int(tag[2:]) + 1  # "40" read as decimal: 41

model = nn.Sequential(nn.Linear(embed, hidden), nn.Linear(hidden, out), nn.Linear(out, extra))
