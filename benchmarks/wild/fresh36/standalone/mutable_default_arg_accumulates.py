# the classic mutable default argument: every call appends to the same list, so the second
# head is built from a longer hidden list than the first
import torch.nn as nn


def make_head(in_dim, out_dim, hidden=[]):  # noqa: B006
    hidden.append(64)
    dims = [in_dim, *hidden, out_dim]
    layers = []
    for a, b in zip(dims, dims[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers[:-1])


class TwoHeads(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls = make_head(128, 10)  # hidden == [64]
        self.reg = make_head(128, 4)  # hidden == [64, 64]
        self.aux = make_head(128, 1)  # hidden == [64, 64, 64]


model = TwoHeads()
