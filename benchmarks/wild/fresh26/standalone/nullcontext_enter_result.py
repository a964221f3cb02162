"""contextlib.nullcontext(enter_result=...) hands a ModuleList to the with-block, which fills it."""

import contextlib

import torch.nn as nn


class Stack(nn.Module):
    def __init__(self, widths, frozen):
        super().__init__()
        self.layers = nn.ModuleList()
        ctx = contextlib.nullcontext(self.layers)
        with ctx as layers:
            for a, b in zip(widths, widths[1:]):
                layers.append(nn.Linear(a, b))
        if frozen:
            self.layers[0].requires_grad_(False)


model = Stack(widths=[10, 30, 30, 2], frozen=False)
