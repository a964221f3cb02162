import torch.nn as nn


class TreeNode(nn.Module):
    """A binary tree of MLPs: leaves are linear maps, inner nodes merge their two children."""

    def __init__(self, dim, depth):
        super().__init__()
        self.depth = depth
        if depth == 0:
            self.leaf = nn.Linear(dim, dim)
        else:
            self.left = TreeNode(dim, depth - 1)
            self.right = TreeNode(dim, depth - 1)
            self.merge = nn.Linear(2 * dim, dim)

    def forward(self, x):
        if self.depth == 0:
            return self.leaf(x)
        return self.merge(__import__("torch").cat([self.left(x), self.right(x)], -1))


model = TreeNode(dim=16, depth=3)
