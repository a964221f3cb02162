"""A block class with its own __deepcopy__: clones get fresh layers but keep the parent's codebook."""

import copy

import torch
import torch.nn as nn


class QuantBlock(nn.Module):
    def __init__(self, dim, codebook):
        super().__init__()
        self.codebook = codebook
        self.proj = nn.Linear(dim, dim)

    def __deepcopy__(self, memo):
        return QuantBlock(self.proj.in_features, self.codebook)


book = nn.Parameter(torch.zeros(64, 16))
first = QuantBlock(16, book)
model = nn.Sequential(first, copy.deepcopy(first), copy.deepcopy(first))
