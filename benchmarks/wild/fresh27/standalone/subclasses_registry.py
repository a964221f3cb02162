"""One branch per subclass of a base block, found with `Branch.__subclasses__()` (direct subclasses only)."""

import torch.nn as nn


class Branch(nn.Module):
    width = 0


class Narrow(Branch):
    width = 8


class Wide(Branch):
    width = 32


class WideDeep(Wide):
    width = 100  # a grandchild: not a direct subclass, so never built


class MultiBranch(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.branches = nn.ModuleDict(
            {cls.__name__: nn.Linear(dim, cls.width) for cls in Branch.__subclasses__()}
        )


model = MultiBranch(dim=12)
