"""Layer sizes parsed from `name: width` lines with `str.partition`; a line without a colon keeps its default."""

import torch.nn as nn

CONFIG = """
embed: 48
hidden
out: 6
"""

sizes = {"embed": 32, "hidden": 64, "out": 2}
for line in CONFIG.strip().splitlines():
    key, sep, value = line.partition(":")
    if sep:
        sizes[key.strip()] = int(value)

model = nn.Sequential(
    nn.Embedding(100, sizes["embed"]),
    nn.Linear(sizes["embed"], sizes["hidden"]),
    nn.Linear(sizes["hidden"], sizes["out"]),
)
