import torch.nn as nn
from torch_struct import DependencyCRF


class Biaffine(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.W = nn.Bilinear(d, d, 1)


class Parser(nn.Module):
    def __init__(self, words=5000, tags=17, d=100):
        super().__init__()
        self.word = nn.Embedding(words, d)
        self.tag = nn.Embedding(tags, d // 4)
        self.enc = nn.LSTM(d + d // 4, d, num_layers=2, bidirectional=True, batch_first=True, dropout=0.3)
        self.head = nn.Linear(2 * d, d)
        self.dep = nn.Linear(2 * d, d)
        self.arc = Biaffine(d)

    def forward(self, w, t):
        return DependencyCRF


model = Parser(words=3000, d=64)
