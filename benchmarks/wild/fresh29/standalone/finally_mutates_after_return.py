"""A builder whose `finally` clause appends to the width list after the `return` value (a copy) was taken."""

import torch.nn as nn

widths = [8, 16]


def snapshot():
    try:
        return list(widths)
    finally:
        widths.append(32)


first = snapshot()  # [8, 16]; widths is now [8, 16, 32]
model = nn.Sequential(
    nn.Linear(first[-1], widths[-1]), nn.Linear(widths[-1], len(first) + len(widths))
)
