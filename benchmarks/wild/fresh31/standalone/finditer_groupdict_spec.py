"""re.finditer with named groups: each "<kind><width>x<repeat>" token's groupdict gives the layer kind,
width and repeat count; a token with no repeat ("x" part missing) repeats once."""

import re

import torch.nn as nn

SPEC = "lin24x2 conv16 lin8x3"
PATTERN = re.compile(r"(?P<kind>lin|conv)(?P<width>\d+)(?:x(?P<repeat>\d+))?")

layers = []
cin = 4
for m in PATTERN.finditer(SPEC):
    g = m.groupdict()
    for _ in range(int(g["repeat"] or 1)):
        w = int(g["width"])
        layers.append(nn.Conv1d(cin, w, 1) if g["kind"] == "conv" else nn.Linear(cin, w))
        cin = w
model = nn.Sequential(*layers)
