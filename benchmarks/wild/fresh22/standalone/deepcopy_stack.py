"""A block prototype deep-copied N times (independent weights), and one shared copy reused twice."""

import copy

from torch import nn

proto = nn.Sequential(nn.Linear(20, 40), nn.GELU(), nn.Linear(40, 20))
shared = nn.Linear(20, 20)
layers = [copy.deepcopy(proto) for _ in range(3)] + [shared, nn.ReLU(), shared]
model = nn.Sequential(*layers)
