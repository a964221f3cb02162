import torch.ao.quantization as tq
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fq = tq.FakeQuantize()
        self.obs = tq.MinMaxObserver()
        self.fc = nn.Linear(3, 7)
