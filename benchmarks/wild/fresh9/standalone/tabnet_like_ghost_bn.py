# TabNet-style encoder by hand: shared GLU layers reused by every step, ghost batch norm
from torch import nn


class GLU(nn.Module):
    def __init__(self, cin, cout, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(cin, 2 * cout, bias=False)
        self.bn = nn.BatchNorm1d(2 * cout, momentum=0.02)


class FeatTransformer(nn.Module):
    def __init__(self, shared, n_in, n_hidden):
        super().__init__()
        self.shared = nn.ModuleList(
            [GLU(n_in if i == 0 else n_hidden, n_hidden, fc=fc) for i, fc in enumerate(shared)]
        )
        self.specific = nn.ModuleList([GLU(n_hidden, n_hidden) for _ in range(2)])


class TabNetEncoder(nn.Module):
    def __init__(self, n_in=54, n_d=16, n_a=16, steps=3):
        super().__init__()
        h = n_d + n_a
        shared = nn.ModuleList(
            [nn.Linear(n_in, 2 * h, bias=False), nn.Linear(h, 2 * h, bias=False)]
        )
        self.initial_bn = nn.BatchNorm1d(n_in, momentum=0.01)
        self.initial = FeatTransformer(shared, n_in, h)
        self.steps = nn.ModuleList([FeatTransformer(shared, n_in, h) for _ in range(steps)])
        self.attentive = nn.ModuleList(
            [
                nn.Sequential(nn.Linear(n_a, n_in, bias=False), nn.BatchNorm1d(n_in))
                for _ in range(steps)
            ]
        )
        self.final = nn.Linear(n_d, 7, bias=False)


model = TabNetEncoder()
