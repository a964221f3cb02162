"""SRU cells stacked by hand with different widths (the library's SRUCell), as a speech model."""

import torch.nn as nn
from sru import SRUCell

widths = [40, 96, 96, 64]
cells = nn.ModuleList(
    SRUCell(a, b, bidirectional=(i == 0), highway_bias=-2.0, rescale=True)
    for i, (a, b) in enumerate(zip(widths, widths[1:]))
)
# the first cell is bidirectional, so the second sees twice its width: rebuild that one
cells[1] = SRUCell(2 * widths[1], widths[2])
model = nn.Sequential(*cells)
