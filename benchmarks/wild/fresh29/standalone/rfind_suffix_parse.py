"""A run name parsed from the right with `rfind`: the width is the number after the last "_w", not the first."""

import torch.nn as nn

run = "exp_w8_resnet_w40_d3"
i = run.rfind("_w")
width = int(run[i + 2 :].split("_")[0])  # 40
depth = int(run[run.rfind("_d") + 2 :])  # 3
model = nn.Sequential(*[nn.Linear(width, width) for _ in range(depth)])
