import torch
import torch.nn as nn
from torch_struct import LinearChainCRF


class BiLSTMCRF(nn.Module):
    def __init__(self, vocab, tags, emb=50, hidden=64):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb, padding_idx=0)
        self.lstm = nn.LSTM(emb, hidden // 2, bidirectional=True, batch_first=True)
        self.emit = nn.Linear(hidden, tags)
        self.trans = nn.Parameter(torch.zeros(tags, tags))

    def forward(self, x, lengths):
        e = self.emit(self.lstm(self.emb(x))[0])
        pot = e[:, 1:, :, None] + self.trans[None, None]
        return LinearChainCRF(pot, lengths=lengths)


model = BiLSTMCRF(vocab=2000, tags=9)
