import torch.nn as nn


class Tower(nn.Module):
    def __init__(self, n_stage=3, base=8):
        super().__init__()
        c = 1
        for i in range(n_stage):
            out = base * 2**i
            self.add_module(f"conv{i}", nn.Conv3d(c, out, 3, padding=1))
            setattr(self, f"norm{i}", nn.InstanceNorm3d(out, affine=True))
            self.register_module(f"drop{i}", nn.Dropout3d(0.1))
            c = out
        self.n_stage = n_stage
        self.classifier = nn.Linear(c, 2)


model = Tower(n_stage=4, base=6)
