"""A TOML config: [[encoder.blocks]] array of tables, an inline table, dotted keys and a later table overriding nothing it did not name."""

import tomllib
from torch import nn

CONFIG = """
name = "toml-net"
head.out = 6
head.bias = false

[encoder]
in_dim = 10
act = { kind = "GELU" }

[[encoder.blocks]]
width = 32
repeat = 2

[[encoder.blocks]]
width = 48

[[encoder.blocks]]
width = 16
repeat = 3
"""

cfg = tomllib.loads(CONFIG)
enc = cfg["encoder"]
layers, d = [], enc["in_dim"]
for block in enc["blocks"]:
    for _ in range(block.get("repeat", 1)):
        layers += [nn.Linear(d, block["width"]), getattr(nn, enc["act"]["kind"])()]
        d = block["width"]
layers.append(nn.Linear(d, cfg["head"]["out"], bias=cfg["head"]["bias"]))
model = nn.Sequential(*layers)
