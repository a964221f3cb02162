# a user's Bilinear subclass for pairwise scoring, with the rank of a low-rank variant from math.ceil
import math

import torch.nn as nn


class PairScorer(nn.Bilinear):
    def __init__(self, dim, n_labels):
        super().__init__(dim, dim, n_labels, bias=True)


class LowRankPair(nn.Module):
    def __init__(self, dim, n_labels, frac=0.3):
        super().__init__()
        r = math.ceil(dim * frac)
        self.u = nn.Linear(dim, r, bias=False)
        self.v = nn.Linear(dim, r, bias=False)
        self.out = nn.Linear(r, n_labels)


model = nn.ModuleDict({"full": PairScorer(150, 12), "low_rank": LowRankPair(150, 12)})
