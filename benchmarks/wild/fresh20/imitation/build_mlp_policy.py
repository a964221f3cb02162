"""Behaviour-cloning heads built with imitation's `build_mlp` helper, one per task."""

import torch.nn as nn
from imitation.util import networks

TASKS = {"reach": 7, "push": 4, "pick": 8}
model = nn.ModuleDict(
    {
        name: networks.build_mlp(
            in_size=23, hid_sizes=[128, 128], out_size=n_out, normalize_input_layer=nn.LayerNorm
        )
        for name, n_out in TASKS.items()
    }
)
