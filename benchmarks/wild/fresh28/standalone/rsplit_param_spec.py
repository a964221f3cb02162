"""Layer widths from dotted keys split with `rsplit('.', 1)` and `split('=', maxsplit=1)` (a value containing '=' stays whole)."""

import torch.nn as nn

lines = ["enc.block.0.width=24", "enc.block.1.width=40", "dec.block.0.width=16", "dec.note=a=b"]
widths = {}
for line in lines:
    key, value = line.split("=", maxsplit=1)
    owner, attr = key.rsplit(".", 1)
    if attr == "width":
        widths[owner] = int(value)

model = nn.ModuleDict({owner.replace(".", "_"): nn.Linear(8, w) for owner, w in widths.items()})
