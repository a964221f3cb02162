# layer table kept as CSV text in the repo, read with csv.DictReader
import csv
import io

import torch.nn as nn

TABLE = """name,kind,out,kernel,stride
stem,conv,32,5,2
b1,conv,64,3,1
b2,conv,64,3,2
b3,dwconv,64,3,1
b4,conv,128,1,1
"""

layers, c = nn.Sequential(), 1
for row in csv.DictReader(io.StringIO(TABLE)):
    out, k, s = int(row["out"]), int(row["kernel"]), int(row["stride"])
    groups = c if row["kind"] == "dwconv" else 1
    layers.add_module(
        row["name"], nn.Conv2d(c, out, k, s, k // 2, groups=groups, bias=row["kind"] != "dwconv")
    )
    layers.add_module(row["name"] + "_act", nn.ReLU())
    c = out
model = nn.Sequential(layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c, 12))
