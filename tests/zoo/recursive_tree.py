"""Zoo: a module that builds itself recursively (a binary tree of depth 3 of small layers)."""

import torch
import torch.nn as nn


class Node(nn.Module):
    def __init__(self, dim, depth):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        if depth > 0:
            self.left = Node(dim, depth - 1)
            self.right = Node(dim, depth - 1)

    def forward(self, x):
        h = torch.tanh(self.fc(x))
        if hasattr(self, "left"):
            h = h + self.left(h) + self.right(h)
        return h


class Tree(nn.Module):
    def __init__(self, dim=10, depth=3):
        super().__init__()
        self.root = Node(dim, depth)

    def forward(self, x):
        return self.root(x)


ENTRY = "Tree"
CONFIG = None
INPUT = (3, 10)


def build():
    return Tree()
