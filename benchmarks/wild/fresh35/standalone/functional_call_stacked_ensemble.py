import copy

import torch.nn as nn
from torch.func import stack_module_state


def make_member():
    return nn.Sequential(nn.Linear(16, 32), nn.Tanh(), nn.Linear(32, 4))


class VmapEnsemble(nn.Module):
    """Members are stacked into one leading axis; only the stacked tensors are parameters."""

    def __init__(self, n=5):
        super().__init__()
        members = [make_member() for _ in range(n)]
        params, buffers = stack_module_state(members)
        self.names = list(params)
        self.stacked = nn.ParameterList(
            nn.Parameter(params[k].detach().clone()) for k in self.names
        )
        base = copy.deepcopy(members[0]).to("meta")
        object.__setattr__(self, "base", base)  # kept off the module tree


model = VmapEnsemble(n=5)
