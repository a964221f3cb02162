"""A text-to-wave stack: a small GRU acoustic model predicting 128-bin mels, then WaveGrad."""

import torch.nn as nn
from wavegrad.model import WaveGrad
from wavegrad.params import params


class AcousticModel(nn.Module):
    def __init__(self, n_symbols=80, dim=256, n_mels=128):
        super().__init__()
        self.emb = nn.Embedding(n_symbols, dim)
        self.rnn = nn.GRU(dim, dim, num_layers=2, batch_first=True, bidirectional=True)
        self.to_mel = nn.Linear(2 * dim, n_mels)


class TTS(nn.Module):
    def __init__(self):
        super().__init__()
        self.acoustic = AcousticModel()
        self.vocoder = WaveGrad(params)


model = TTS()
