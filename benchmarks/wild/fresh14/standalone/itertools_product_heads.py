"""A ModuleDict of heads over the product of tasks x resolutions, with zip(strict=True) pairing widths."""

import itertools

import torch.nn as nn

TASKS = {"depth": 1, "normals": 3, "semseg": 19}
RESOLUTIONS = ("s8", "s16", "s32")
WIDTHS = (64, 128, 256)


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        width_of = dict(zip(RESOLUTIONS, WIDTHS, strict=True))
        self.heads = nn.ModuleDict(
            {
                f"{task}_{res}": nn.Sequential(
                    nn.Conv2d(width_of[res], 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, n_out, 1)
                )
                for (task, n_out), res in itertools.product(TASKS.items(), RESOLUTIONS)
                if not (task == "normals" and res == "s32")
            }
        )
        self.fuse = nn.ModuleList(nn.Conv2d(w, 64, 1, bias=False) for w in WIDTHS)


model = Heads()
