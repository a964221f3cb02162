"""Widths parsed with `re.split` on a capturing group: the separators stay in the result, so the "x" and "-"
tokens must be filtered before the ints are read (the code keeps only the digit tokens)."""

import re

import torch.nn as nn

spec = "64x32-16"
parts = re.split(r"([x-])", spec)  # ['64', 'x', '32', '-', '16']
widths = [int(p) for p in parts if p.isdigit()]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip([8] + widths, widths + [2])])
