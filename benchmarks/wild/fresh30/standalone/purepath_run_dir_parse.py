"""Hyperparameters parsed from a checkpoint path with `pathlib.PurePosixPath`: the parent directory name
"w36_d2_h4" gives width, depth and heads; the ".pt" suffix is ignored."""

from pathlib import PurePosixPath

import torch.nn as nn

ckpt = PurePosixPath("runs/sweep/w36_d2_h4/last.pt")
hp = {tok[0]: int(tok[1:]) for tok in ckpt.parent.name.split("_")}
model = nn.TransformerEncoder(
    nn.TransformerEncoderLayer(d_model=hp["w"], nhead=hp["h"], dim_feedforward=2 * hp["w"]),
    num_layers=hp["d"],
)
