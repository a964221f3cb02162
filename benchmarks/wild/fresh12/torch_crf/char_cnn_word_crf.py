"""Character CNN + word embedding + CRF, char features computed by max-pooled convolutions of several widths."""

import torch.nn as nn
from TorchCRF import CRF


class CharCNN(nn.Module):
    def __init__(self, n_chars, dim, widths, filters):
        super().__init__()
        self.emb = nn.Embedding(n_chars, dim)
        self.convs = nn.ModuleList(nn.Conv1d(dim, filters, w, padding=w // 2) for w in widths)
        self.out_dim = filters * len(widths)


class Tagger(nn.Module):
    def __init__(self, n_words=1500, n_chars=80, n_tags=9):
        super().__init__()
        self.chars = CharCNN(n_chars, 16, widths=(3, 5), filters=20)
        self.words = nn.Embedding(n_words, 50)
        self.rnn = nn.GRU(50 + self.chars.out_dim, 60, bidirectional=True, batch_first=True)
        self.emit = nn.Linear(120, n_tags)
        self.crf = CRF(n_tags, use_gpu=False)


model = Tagger()
