# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

REGISTRY = {}


def register(name):
    def deco(cls):
        REGISTRY[name] = cls
        return cls

    return deco


def doubled(cls):
    return type(cls.__name__, (cls,), {"width": cls.width * 2})


@register("small")
class Small:
    width = 8


@register("big")
@doubled
class Big:
    width = 12


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleDict({k: nn.Linear(v.width, v.width) for k, v in REGISTRY.items()})
        self.direct = nn.Linear(Big.width, 1)


model = M()
