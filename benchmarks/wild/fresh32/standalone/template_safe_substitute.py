"""string.Template: safe_substitute leaves an unknown $name in place, so the parsed name has one more field."""

from string import Template

import torch.nn as nn

t = Template("enc_${width}_${depth}_$tag")
full = t.substitute(width=32, depth=3, tag="x")
partial = t.safe_substitute(width=16, depth=2)  # "enc_16_2_$tag"

model = nn.ModuleDict()
for name in (full, partial):
    parts = name.split("_")
    width, depth = int(parts[1]), int(parts[2])
    extra = 1 if parts[3].startswith("$") else 0
    model[name.replace("$", "d")] = nn.Sequential(
        *[nn.Linear(width, width) for _ in range(depth + extra)]
    )
