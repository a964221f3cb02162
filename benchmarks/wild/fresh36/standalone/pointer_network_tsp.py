# Pointer Network (Vinyals et al.) for TSP: an LSTM encoder/decoder whose attention picks input cities
import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, hidden, use_tanh=True, C=10.0):
        super().__init__()
        self.W_ref = nn.Conv1d(hidden, hidden, 1)
        self.W_q = nn.Linear(hidden, hidden)
        self.v = nn.Parameter(torch.empty(hidden).uniform_(-0.08, 0.08))
        self.use_tanh, self.C = use_tanh, C


class PointerNet(nn.Module):
    def __init__(self, embedding=128, hidden=256, n_glimpses=1):
        super().__init__()
        self.embed = nn.Linear(2, embedding, bias=False)
        self.encoder = nn.LSTM(embedding, hidden, batch_first=True)
        self.decoder = nn.LSTM(embedding, hidden, batch_first=True)
        self.glimpses = nn.ModuleList(Attention(hidden, use_tanh=False) for _ in range(n_glimpses))
        self.pointer = Attention(hidden)
        self.dec_start = nn.Parameter(torch.empty(embedding).uniform_(-1, 1))


model = PointerNet(embedding=128, hidden=256, n_glimpses=1)
