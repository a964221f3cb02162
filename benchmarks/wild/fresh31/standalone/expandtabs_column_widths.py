"""A tab-separated row read after str.expandtabs(8): each cell starts at a character position, and the
widths are the distances between cell starts (8, 8, 16: a 9-character cell pads to the next tab stop)."""

import torch.nn as nn

ROW = "a\tbb\tccccccccc\td"
cells = ROW.expandtabs(8)
starts = [i for i, ch in enumerate(cells) if ch != " " and (i == 0 or cells[i - 1] == " ")]
widths = [b - a for a, b in zip(starts, starts[1:])]  # [8, 8, 16]
layers = []
cin = 3
for w in widths:
    layers += [nn.Conv2d(cin, w, 3), nn.BatchNorm2d(w)]
    cin = w
model = nn.Sequential(*layers)
