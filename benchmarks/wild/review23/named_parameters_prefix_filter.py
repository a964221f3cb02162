import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(3, 3), nn.LayerNorm(3))
        no_decay = [n for n, p in self.enc.named_parameters() if n.endswith("bias") or "1." in n]
        self.aux = nn.Linear(len(no_decay), 2)
