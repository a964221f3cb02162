from functools import partial

import torch.nn.functional as F
from cliffordlayers.models.models_2d import CliffordBasicBlock2d, CliffordNet2d

config = dict(g=[1, 1], num_blocks=[1, 1, 1], hidden_channels=8, norm=True, num_groups=2)


def build(in_steps, out_steps, rotation=True, **cfg):
    return CliffordNet2d(
        block=CliffordBasicBlock2d,
        in_channels=in_steps,
        out_channels=out_steps,
        activation=partial(F.gelu, approximate="tanh"),
        rotation=rotation,
        **cfg,
    )


model = build(2, 1, **config)
