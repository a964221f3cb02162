"""A spec normaliser using `collections.abc.Sequence`: a str is a Sequence too, so "48" becomes two stages of widths 4 and 8."""

from collections.abc import Sequence

import torch.nn as nn


def stages(spec):
    if isinstance(spec, Sequence):
        return [int(s) for s in spec]
    return [int(spec)]


ws = stages("48") + stages(12)  # [4, 8, 12]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip([3] + ws, ws)])
