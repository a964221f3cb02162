"""Block factories made in a loop: a plain closure sees the loop's last width, a default argument binds each one."""

import functools

import torch.nn as nn

widths = [8, 16, 32]
late = [lambda: nn.Linear(w, w) for w in widths]  # noqa: B023 (every factory sees w == 32)
bound = [lambda w=w: nn.Linear(w, w) for w in widths]
partials = [functools.partial(nn.Linear, w, w // 2) for w in widths]

model = nn.ModuleDict(
    {
        "late": nn.ModuleList([f() for f in late]),
        "bound": nn.ModuleList([f() for f in bound]),
        "partial": nn.ModuleList([f(bias=False) for f in partials]),
    }
)
