import torch.nn as nn


class NormMixin:
    def __init__(self, *args, norm=True, **kwargs):
        super().__init__(*args, **kwargs)
        self.norm = nn.LayerNorm(self.dim) if norm else nn.Identity()


class DropMixin:
    def __init__(self, *args, p=0.1, **kwargs):
        super().__init__(*args, **kwargs)
        self.drop = nn.Dropout(p)


class Core(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim
        self.fc = nn.Linear(dim, dim)


class Block(NormMixin, DropMixin, Core):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Block(8)
        self.b = Block(4, norm=False, p=0.2)
