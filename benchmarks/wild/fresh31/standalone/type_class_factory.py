"""Idiom: block classes made by a factory with the three-argument type(); each made class closes over
its own width through a default argument, and a class attribute in the namespace dict sets the depth."""

import torch.nn as nn


def make_block_class(name, width, depth):
    def __init__(self, d_in, width=width):
        nn.Module.__init__(self)
        self.layers = nn.Sequential(
            *[nn.Linear(d_in if i == 0 else width, width) for i in range(self.depth)]
        )

    return type(name, (nn.Module,), {"__init__": __init__, "depth": depth})


classes = [make_block_class(f"Block{w}", w, d) for w, d in [(8, 1), (16, 2), (24, 3)]]
model = nn.ModuleList(cls(12) for cls in classes)
