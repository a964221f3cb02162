# layers registered under generated names with register_module (an alias of add_module)
import torch.nn as nn


class Tower(nn.Module):
    def __init__(self, dims):
        super().__init__()
        self.n = len(dims) - 1
        for i, (a, b) in enumerate(zip(dims, dims[1:])):
            self.register_module(f"fc{i}", nn.Linear(a, b))
            if i < self.n - 1:
                self.register_module(f"ln{i}", nn.LayerNorm(b))


model = Tower([300, 512, 256, 128, 12])
