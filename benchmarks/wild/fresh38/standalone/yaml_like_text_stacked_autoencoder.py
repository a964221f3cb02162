# an autoencoder whose layer sizes come from an indented YAML-like block parsed by hand
import torch.nn as nn

TEXT = """
encoder:
  - 784
  - 256
  - 64
  - 16
tie_decoder: false
"""

sizes, tie = [], None
for line in TEXT.strip().splitlines():
    line = line.strip()
    if line.startswith("- "):
        sizes.append(int(line[2:]))
    elif line.startswith("tie_decoder"):
        tie = line.split(":")[1].strip() == "true"


def mlp(dims):
    out = []
    for a, b in zip(dims, dims[1:]):
        out += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*out[:-1])


enc = mlp(sizes)
dec = enc if tie else mlp(sizes[::-1])
model = nn.ModuleDict({"enc": enc, "dec": dec})
