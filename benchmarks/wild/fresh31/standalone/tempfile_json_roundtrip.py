"""A config written to a tempfile.TemporaryDirectory and read back (json keys become str, a tuple becomes a
list); the directory is gone after the with block, the config dict survives."""

import json
import pathlib
import tempfile

import torch.nn as nn

with tempfile.TemporaryDirectory() as tmp:
    path = pathlib.Path(tmp) / "cfg.json"
    path.write_text(json.dumps({"widths": (6, 14, 22), 3: "three"}))
    cfg = json.loads(path.read_text())
widths = cfg["widths"] + [int(len(cfg["3"]) * 2)]  # [6, 14, 22, 10]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(widths, widths[1:])])
