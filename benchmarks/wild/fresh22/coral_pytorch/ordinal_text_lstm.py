"""A review-score model: embedding + LSTM, the last hidden state into a CoralLayer built via partial."""

import functools

from coral_pytorch.layers import CoralLayer
from torch import nn

Head = functools.partial(CoralLayer, num_classes=10)


class ReviewModel(nn.Module):
    def __init__(self, vocab=200, emb=16, hid=24):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb, padding_idx=0)
        self.rnn = nn.LSTM(emb, hid, batch_first=True)
        self.head = Head(hid)


model = ReviewModel()
