"""A width picked from a table by `uuid.uuid5` of the experiment name (name-based, so deterministic)."""

import uuid

import torch.nn as nn

TABLE = [16, 24, 32, 40, 48, 56, 64, 72]
u = uuid.uuid5(uuid.NAMESPACE_DNS, "exp-alpha")
width = TABLE[u.int % len(TABLE)]
model = nn.Sequential(nn.Linear(7, width), nn.ReLU(), nn.Linear(width, 1))
