"""A log-mel-like conv front end traced with torch.jit.trace and wrapped by an eager classifier."""

import torch
from torch import nn


class Frontend(nn.Module):
    def __init__(self, n_filters=64):
        super().__init__()
        self.conv = nn.Conv1d(1, n_filters, 400, stride=160, padding=200)
        self.norm = nn.GroupNorm(1, n_filters)

    def forward(self, wav):
        return torch.log1p(self.conv(wav).abs())


class KeywordSpotter(nn.Module):
    def __init__(self, frontend, n_filters=64, n_keywords=12):
        super().__init__()
        self.frontend = frontend
        self.gru = nn.GRU(n_filters, 96, num_layers=2, batch_first=True)
        self.head = nn.Linear(96, n_keywords)


frontend = torch.jit.trace(Frontend().eval(), torch.zeros(1, 1, 16000))
model = KeywordSpotter(frontend)
