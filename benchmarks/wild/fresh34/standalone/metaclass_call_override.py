import torch.nn as nn


class WidthScaled(type):
    """a metaclass whose __call__ rewrites the width before __init__ runs"""

    multiplier = 2

    def __call__(cls, *args, **kwargs):
        if "width" in kwargs:
            kwargs["width"] = kwargs["width"] * cls.multiplier
        return super().__call__(*args, **kwargs)


class ModuleMeta(WidthScaled, type(nn.Module)):
    pass


class Block(nn.Module, metaclass=ModuleMeta):
    def __init__(self, d_in, width=8):
        super().__init__()
        self.fc = nn.Linear(d_in, width)
        self.width = width


class WideBlock(Block):
    pass


ModuleMeta.multiplier = 3
b1 = Block(4, width=8)
b2 = WideBlock(b1.width, width=5)
b3 = Block(b2.width, 6)  # positional: not rewritten
model = nn.Sequential(b1, b2, b3)
