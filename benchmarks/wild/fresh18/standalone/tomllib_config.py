import tomllib
import torch.nn as nn

CFG = tomllib.loads('''
[model]
d_model = 96
n_heads = 4
layers = 3
ff_mult = 3

[head]
classes = 12
dropout = 0.1
''')


class Encoder(nn.Module):
    def __init__(self, d_model, n_heads, layers, ff_mult):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(d_model, n_heads, d_model * ff_mult, batch_first=True)
            for _ in range(layers)
        )


class Net(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.enc = Encoder(**cfg["model"])
        self.head = nn.Sequential(nn.Dropout(cfg["head"]["dropout"]),
                                  nn.Linear(cfg["model"]["d_model"], cfg["head"]["classes"]))


model = Net(CFG)
