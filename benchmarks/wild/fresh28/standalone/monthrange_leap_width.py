"""A window width from `calendar.monthrange` (February of a leap year has 29 days) and `datetime.date` arithmetic."""

import calendar
import datetime

import torch.nn as nn

days = calendar.monthrange(2024, 2)[1]  # 29
span = (datetime.date(2024, 3, 1) - datetime.date(2024, 1, 1)).days  # 60

model = nn.Sequential(
    nn.Conv1d(3, 16, kernel_size=days),
    nn.Conv1d(16, 8, kernel_size=3),
    nn.Flatten(),
    nn.Linear(8 * (span - days + 1 - 2), 1),
)
