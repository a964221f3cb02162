import torch.nn as nn

_base_ = dict(model=dict(type="Net", depth=2, width=8, head=dict(num_classes=10)))


def merge(a, b):
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out


cfg = merge(_base_, dict(model=dict(width=12, head=dict(num_classes=4))))


class Net(nn.Module):
    def __init__(self, depth, width, head, type=None):
        super().__init__()
        self.body = nn.Sequential(*(nn.Linear(width, width) for _ in range(depth)))
        self.head = nn.Linear(width, head["num_classes"])


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Net(**cfg["model"])
