"""A dataclass with a `typing.ClassVar` width: it is not a field, so the constructor keyword of that name is rejected and the fallback builds with the class value."""

from dataclasses import dataclass, fields
from typing import ClassVar

import torch.nn as nn


@dataclass
class Head:
    n_classes: int = 4
    hidden: ClassVar[int] = 40


names = [f.name for f in fields(Head)]  # ['n_classes']
try:
    h = Head(n_classes=3, hidden=8)
except TypeError:
    h = Head(n_classes=3)
model = nn.Sequential(nn.Linear(12, h.hidden), nn.Linear(h.hidden, h.n_classes * len(names)))
