"""math.perm and math.comb: ordered pairs of 5 fields (20 interaction heads) vs unordered pairs (10)."""

import math

import torch.nn as nn

n_fields = 5
ordered = math.perm(n_fields, 2)  # 20
unordered = math.comb(n_fields, 2)  # 10
all_orders = math.perm(3)  # 3! = 6

model = nn.ModuleDict(
    {
        "ordered": nn.Linear(8, ordered),
        "unordered": nn.Bilinear(unordered, unordered, all_orders),
    }
)
