"""A YAML-like config in an indented triple-quoted string, cleaned with `textwrap.dedent` and parsed by hand (comments skipped)."""

import textwrap

import torch.nn as nn

CONFIG = """
    # encoder
    in_dim: 18
    hidden: 36   # widened once
    # hidden: 99
    out_dim: 4
"""

cfg = {}
for line in textwrap.dedent(CONFIG).splitlines():
    line = line.split("#", 1)[0].strip()
    if line:
        k, v = line.split(":")
        cfg[k.strip()] = int(v)

model = nn.Sequential(
    nn.Linear(cfg["in_dim"], cfg["hidden"]), nn.Tanh(), nn.Linear(cfg["hidden"], cfg["out_dim"])
)
