import torch.nn as nn
from torch.ao.quantization import DeQuantStub, QuantStub


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.quant = QuantStub()
        self.fc = nn.Linear(8, 4)
        self.relu = nn.ReLU()
        self.dequant = DeQuantStub()
