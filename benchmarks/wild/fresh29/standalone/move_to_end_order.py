"""An OrderedDict stage table reordered with `move_to_end` (and `last=False`): the chain widths follow the new order."""

from collections import OrderedDict

import torch.nn as nn

stages = OrderedDict([("stem", 6), ("mid", 14), ("wide", 30), ("out", 2)])
stages.move_to_end("mid")  # stem, wide, out, mid
stages.move_to_end("wide", last=False)  # wide, stem, out, mid
ws = list(stages.values())  # [30, 6, 2, 14]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(ws, ws[1:])])
