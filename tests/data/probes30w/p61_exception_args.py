# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

SIZES = {"hidden": 24, "'hidden'": 99}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        try:
            {}["hidden"]
        except KeyError as e:
            key = e.args[0]
        self.a = nn.Linear(SIZES[key], 2)
        try:
            w = 8
        except Exception:
            w = 4
        else:
            w *= 2
        finally:
            w += 1
        self.b = nn.Linear(w, 2)


model = M()
