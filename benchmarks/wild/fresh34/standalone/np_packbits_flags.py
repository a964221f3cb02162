import numpy as np
import torch.nn as nn

# feature flags stored as one byte; unpackbits gives MSB first
FLAGS = np.array([0b10110001], dtype=np.uint8)
bits = np.unpackbits(FLAGS)
packed_back = int(np.packbits(bits[:4])[0])  # 0b1011 << 4 = 176


class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(d, d, bias=bool(b)) for b in bits)
        self.out = nn.Linear(d, packed_back // 16)


model = Net(d=12)
