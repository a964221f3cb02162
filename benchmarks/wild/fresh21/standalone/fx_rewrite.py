"""torch.fx: trace a model, swap every ReLU call_module for a new learnable PReLU in the GraphModule."""

import torch.fx as fx
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 8, 3)
        self.r1 = nn.ReLU()
        self.c2 = nn.Conv2d(8, 8, 3)
        self.r2 = nn.ReLU()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        x = self.r2(self.c2(self.r1(self.c1(x))))
        return self.fc(x.mean((2, 3)))


gm = fx.symbolic_trace(Net())
for node in gm.graph.nodes:
    if node.op == "call_module" and isinstance(gm.get_submodule(node.target), nn.ReLU):
        gm.add_submodule(node.target, nn.PReLU(8))
gm.recompile()
model = gm
