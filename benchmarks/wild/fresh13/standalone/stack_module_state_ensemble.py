"""An ensemble whose members' weights are stacked with torch.func.stack_module_state into one ParameterDict."""

import copy

import torch.nn as nn
from torch.func import stack_module_state


def member():
    return nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))


class StackedEnsemble(nn.Module):
    def __init__(self, n=5):
        super().__init__()
        members = [member() for _ in range(n)]
        params, buffers = stack_module_state(members)
        self.params = nn.ParameterDict({k.replace(".", "_"): p for k, p in params.items()})
        # a stateless template on the meta device is kept outside the module tree
        self.__dict__["template"] = copy.deepcopy(members[0]).to("meta")


model = StackedEnsemble(n=5)
