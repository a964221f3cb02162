import torch.nn as nn


class Model(nn.Module):
    default = {"dim": 10, "out": 3}

    def __init__(self, dim, out):
        super().__init__()
        self.l = nn.Linear(dim, out)

    @classmethod
    def from_config(cls, cfg=None, **overrides):
        c = {**cls.default, **(cfg or {}), **overrides}
        return cls(**c)


class Wide(Model):
    default = {**Model.default, "dim": 20}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Model.from_config()
        self.b = Wide.from_config(out=5)
