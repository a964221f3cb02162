"""Heads built over `Task.__members__`, which (unlike iterating the Enum) includes the alias `GENRE`."""

import enum

import torch.nn as nn


class Task(enum.Enum):
    MOOD = 4
    STYLE = 9
    GENRE = 9  # an alias of STYLE


model = nn.ModuleDict(
    {name.lower(): nn.Linear(20, member.value) for name, member in Task.__members__.items()}
)
