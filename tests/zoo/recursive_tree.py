"""Zoo: a module that builds itself recursively (a binary tree of depth 3 of small layers)."""

import torch.nn as nn


class Node(nn.Module):
    def __init__(self, dim, depth):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        if depth > 0:
            self.left = Node(dim, depth - 1)
            self.right = Node(dim, depth - 1)


class Tree(nn.Module):
    def __init__(self, dim=10, depth=3):
        super().__init__()
        self.root = Node(dim, depth)


ENTRY = "Tree"
CONFIG = None
INPUT = None


def build():
    return Tree()
