# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def f(v):
    try:
        if v:
            raise ValueError
    except ValueError:
        return 3
    else:
        return 4
    finally:
        pass


WIDTHS = [f(True), f(False)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
