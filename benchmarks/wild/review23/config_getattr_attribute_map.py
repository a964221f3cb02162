import torch.nn as nn


class Config:
    attribute_map = {"hidden_size": "d_model", "num_layers": "n_layer"}

    def __init__(self, d_model=8, n_layer=2):
        self.d_model = d_model
        self.n_layer = n_layer

    def __getattr__(self, key):
        amap = type(self).attribute_map
        if key in amap:
            return getattr(self, amap[key])
        raise AttributeError(key)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Config(d_model=6)
        self.ls = nn.ModuleList(
            nn.Linear(c.hidden_size, c.hidden_size) for _ in range(c.num_layers)
        )
        self.x = nn.Linear(2, 2 if hasattr(c, "vocab_size") else 9)
        self.y = nn.Linear(2, getattr(c, "intermediate_size", 3))
