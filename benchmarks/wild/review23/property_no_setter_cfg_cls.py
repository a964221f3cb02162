import torch.nn as nn


class Cfg:
    def __init__(self, d):
        self._d = d

    @property
    def hidden(self):
        return self._d * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(3)
        try:
            c.hidden = 100
        except AttributeError:
            c._d = 5
        self.l = nn.Linear(c.hidden, 2)
