"""RNN-Transducer: a stacked-LSTM audio encoder with time reduction between layers, an
embedding + LSTM prediction network (blank index padding), and a joint network."""

import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, n_mels=80, hidden=320, layers=(2, 3), reduction=2, out=320):
        super().__init__()
        self.pre = nn.LSTM(n_mels, hidden, num_layers=layers[0], batch_first=True)
        self.post = nn.LSTM(hidden * reduction, hidden, num_layers=layers[1], batch_first=True)
        self.proj = nn.Linear(hidden, out)


class Predictor(nn.Module):
    def __init__(self, vocab, dim=320, layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab + 1, dim, padding_idx=vocab)
        self.dec_rnn = nn.LSTM(dim, dim, num_layers=layers, batch_first=True)


class Joint(nn.Module):
    def __init__(self, enc, pred, hidden, vocab):
        super().__init__()
        self.enc = nn.Linear(enc, hidden)
        self.pred = nn.Linear(pred, hidden)
        self.net = nn.Sequential(nn.ReLU(), nn.Linear(hidden, vocab + 1))


class RNNT(nn.Module):
    def __init__(self, vocab=1024):
        super().__init__()
        self.encoder = Encoder()
        self.prediction = Predictor(vocab)
        self.joint = Joint(320, 320, 512, vocab)


model = RNNT(vocab=512)
