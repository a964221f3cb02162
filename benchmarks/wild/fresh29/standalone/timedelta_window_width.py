"""A sensor model's window width from `datetime.timedelta` arithmetic: `//` of two timedeltas is an int (24), `/` a float; the stride from `total_seconds()`."""

from datetime import timedelta

import torch.nn as nn

span = timedelta(minutes=2)
step = timedelta(seconds=5)
window = span // step  # 24
stride = int(step.total_seconds()) - 2  # 3
model = nn.Sequential(
    nn.Conv1d(3, 8, kernel_size=window // 4, stride=stride),
    nn.Flatten(),
    nn.Linear(8 * int(span / step / 6), 4),
)
