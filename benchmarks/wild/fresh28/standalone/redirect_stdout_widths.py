"""A legacy helper prints its widths instead of returning them; the builder captures them with `contextlib.redirect_stdout`."""

import contextlib
import io

import torch.nn as nn


def legacy_plan(base):
    for mult in (1, 2, 2, 4):
        print(base * mult)


buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    legacy_plan(12)
widths = [int(x) for x in buf.getvalue().split()]

model = nn.Sequential(*[nn.Conv2d(a, b, 3, padding=1) for a, b in zip([1] + widths, widths)])
