"""Weight tying through a property setter: assigning the decoder weight re-points it to the embedding."""

import torch.nn as nn


class TiedLM(nn.Module):
    def __init__(self, vocab=500, dim=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.LSTM(dim, dim, batch_first=True)
        self.decoder = nn.Linear(dim, vocab)
        # a plain assignment of a Parameter would hit Module.__setattr__ first; call the setter
        type(self).output_embedding.fset(self, self.embed.weight)

    @property
    def output_embedding(self):
        return self.decoder.weight

    @output_embedding.setter
    def output_embedding(self, w):
        self.decoder.weight = w


model = TiedLM(vocab=500, dim=64)
