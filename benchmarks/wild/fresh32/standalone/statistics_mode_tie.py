"""statistics.mode returns the first of tied values; multimode returns all of them in first-seen order."""

import statistics

import torch.nn as nn

votes = [48, 32, 32, 48, 64]
width = statistics.mode(votes)  # 48 (first seen among the ties)
all_modes = statistics.multimode(votes)  # [48, 32]
kernel = statistics.mode(["3", "5", "5"])

model = nn.Sequential(
    nn.Conv1d(4, width, int(kernel)),
    *[nn.Conv1d(width, width, 1) for _ in all_modes],
    nn.Conv1d(width, all_modes[-1], 1),
)
