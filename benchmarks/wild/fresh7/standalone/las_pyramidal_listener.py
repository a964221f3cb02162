"""Listen, Attend and Spell: pyramidal BLSTM listener and an attention LSTM speller."""

import torch.nn as nn


class PyramidalBLSTM(nn.Module):
    def __init__(self, input_dim, hidden):
        super().__init__()
        # consecutive frames are concatenated in pairs, so the input is twice as wide
        self.lstm = nn.LSTM(input_dim * 2, hidden, batch_first=True, bidirectional=True)


class Listener(nn.Module):
    def __init__(self, feat=40, hidden=256, layers=3):
        super().__init__()
        self.base = nn.LSTM(feat, hidden, batch_first=True, bidirectional=True)
        self.pyramid = nn.ModuleList(PyramidalBLSTM(2 * hidden, hidden) for _ in range(layers))


class Speller(nn.Module):
    def __init__(self, vocab=32, listener_dim=512, hidden=512, attn_dim=128):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.rnn = nn.LSTM(hidden + listener_dim, hidden, num_layers=2, batch_first=True)
        self.phi = nn.Linear(hidden, attn_dim)
        self.psi = nn.Linear(listener_dim, attn_dim)
        self.char_out = nn.Sequential(
            nn.Linear(hidden + listener_dim, hidden), nn.ReLU(), nn.Linear(hidden, vocab)
        )


class LAS(nn.Module):
    def __init__(self):
        super().__init__()
        self.listener = Listener()
        self.speller = Speller()


model = LAS()
