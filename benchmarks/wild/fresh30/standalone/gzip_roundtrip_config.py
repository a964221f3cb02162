"""A JSON config compressed with `gzip` and decompressed again before it is read (as a saved run's config
would be); widths and dropout come from it."""

import gzip
import json

import torch.nn as nn

blob = gzip.compress(json.dumps({"widths": [9, 18, 27], "dropout": 0.1}).encode())
cfg = json.loads(gzip.decompress(blob))
w = cfg["widths"]
model = nn.Sequential(
    *[m for a, b in zip(w, w[1:]) for m in (nn.Linear(a, b), nn.Dropout(cfg["dropout"]))]
)
