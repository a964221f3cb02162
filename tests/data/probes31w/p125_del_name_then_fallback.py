# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTH = 5
del WIDTH


class M(nn.Module):
    def __init__(self):
        super().__init__()
        try:
            w = WIDTH
        except NameError:
            w = 12
        self.a = nn.Linear(w, 2)


model = M()
