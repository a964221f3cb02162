"""Submodule names built with str.format_map; two specs format to the same name, so the later module replaces the earlier."""

import torch.nn as nn


class Net(nn.Module):
    def __init__(self, specs):
        super().__init__()
        for spec in specs:
            name = "{kind}_{width}".format_map(spec)
            self.add_module(name, nn.Linear(spec["inp"], spec["width"]))


model = Net(
    [
        {"kind": "proj", "width": 32, "inp": 16},
        {"kind": "gate", "width": 32, "inp": 32},
        {"kind": "proj", "width": 32, "inp": 64},
        {"kind": "out", "width": 4, "inp": 32},
    ]
)
