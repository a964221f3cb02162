"""An architecture string scraped from HTML: html.unescape turns &times; and &#120; into the separators parsed."""

import html

import torch.nn as nn

RAW = "conv 3&rarr;16 (5&times;5); conv 16&rarr;32 (3&#120;3); fc 32&#x2192;10"
text = html.unescape(RAW)

layers = []
for part in text.split(";"):
    kind, rest = part.strip().split(" ", 1)
    io, _, k = rest.partition(" ")
    a, b = (int(v) for v in io.split("\u2192"))
    if kind == "conv":
        kh, kw = (int(v) for v in k.strip("()").replace("\u00d7", "x").split("x"))
        layers.append(nn.Conv2d(a, b, (kh, kw)))
    else:
        layers.append(nn.Linear(a, b))
model = nn.Sequential(*layers)
