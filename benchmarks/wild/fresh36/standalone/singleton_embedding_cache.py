# a module-level cache hands out one embedding table per (vocab, dim): the encoders share it
import torch.nn as nn

_TABLES = {}


def shared_embedding(vocab, dim):
    key = (vocab, dim)
    if key not in _TABLES:
        _TABLES[key] = nn.Embedding(vocab, dim)
    return _TABLES[key]


class Encoder(nn.Module):
    def __init__(self, vocab, dim, hidden):
        super().__init__()
        self.emb = shared_embedding(vocab, dim)
        self.rnn = nn.GRU(dim, hidden, batch_first=True)


class QueryDocModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = Encoder(30000, 128, 128)
        self.doc = Encoder(30000, 128, 256)
        self.title = Encoder(30000, 64, 64)  # a different key: its own table
        self.score = nn.Bilinear(128, 256, 1)


model = QueryDocModel()
