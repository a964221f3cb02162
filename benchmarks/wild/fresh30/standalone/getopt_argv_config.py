"""Options parsed with `getopt` from a fixed argument list: a short "-w 20", a long "--depth=3", and a
"--" that stops option parsing (the "-w 99" after it is a positional argument and is ignored)."""

import getopt

import torch.nn as nn

opts, rest = getopt.getopt(["-w", "20", "--depth=3", "--", "-w", "99"], "w:", ["depth="])
cfg = {"width": 8, "depth": 1}
for k, v in opts:
    if k == "-w":
        cfg["width"] = int(v)
    elif k == "--depth":
        cfg["depth"] = int(v)
model = nn.Sequential(*[nn.Linear(cfg["width"], cfg["width"]) for _ in range(cfg["depth"])])
