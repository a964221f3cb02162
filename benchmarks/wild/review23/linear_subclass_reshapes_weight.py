import torch.nn as nn


class Sliced(nn.Linear):
    def __init__(self, i, o, keep):
        super().__init__(i, o)
        self.weight = nn.Parameter(self.weight.data[:keep].clone())
        self.register_parameter("bias", None)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = Sliced(4, 6, 2)
