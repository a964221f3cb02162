# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Spec:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)


class Off:
    def __bool__(self):
        return False


class M(nn.Module):
    def __init__(self):
        super().__init__()
        empty = Spec([])
        chosen = empty or Spec([1, 2, 3])
        self.a = nn.Linear(len(chosen), 2)
        flag = Off() and 5
        self.b = nn.Linear(4, 4) if flag else nn.Linear(4, 7)
        w = {"w": 0}.get("w") or 16
        self.c = nn.Linear(w, 2)


model = M()
