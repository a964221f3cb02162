import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3)
        self.b = nn.Linear(4, 4)
        self.c = nn.Linear(5, 5)
        del self._modules["a"]
        self._modules.pop("b")
        self._parameters["w"] = None
