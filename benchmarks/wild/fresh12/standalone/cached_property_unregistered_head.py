"""`functools.cached_property` stores its value straight in the instance __dict__, bypassing
nn.Module.__setattr__: the lazily created head is never registered, so its weights are not the model's.
A class-level module attribute is not registered either."""

from functools import cached_property

import torch.nn as nn


class Backbone(nn.Module):
    shared_debug_probe = nn.Linear(512, 512)

    def __init__(self, width=64, classes=9):
        super().__init__()
        self.width = width
        self.classes = classes
        self.body = nn.Sequential(
            nn.Conv1d(4, width, 7, padding=3),
            nn.ReLU(),
            nn.Conv1d(width, width, 5, padding=2),
            nn.AdaptiveMaxPool1d(1),
        )

    @cached_property
    def head(self):
        return nn.Linear(self.width, self.classes)


model = Backbone(width=40)
_ = model.head
