import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.h = self.fc.register_forward_pre_hook(lambda m, inp: None)
        self.h.remove()
        self.fc2 = nn.Linear(4, 2)
