"""A `collections.UserList` block list whose `append` stores each block twice (the same module object)."""

from collections import UserList

import torch.nn as nn


class Repeating(UserList):
    def append(self, item):
        super().append(item)
        super().append(item)


blocks = Repeating()
for w in (8, 8):
    blocks.append(nn.Linear(w, w))
blocks.extend([nn.Linear(8, 2)])  # extend is UserList's own: no doubling
model = nn.Sequential(*blocks)
