"""An RNN language model with AdaptiveLogSoftmaxWithLoss (clusters with shrinking widths) and a
GRU whose first layer is bias-free."""

import torch.nn as nn


class AdaptiveLM(nn.Module):
    def __init__(self, vocab=50000, emb=256, hidden=512, cutoffs=(2000, 10000)):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.rnn0 = nn.GRU(emb, hidden, bias=False, batch_first=True)
        self.rnn1 = nn.GRU(hidden, hidden, num_layers=2, batch_first=True)
        self.proj = nn.Linear(hidden, emb)
        self.out = nn.AdaptiveLogSoftmaxWithLoss(
            emb, vocab, list(cutoffs), div_value=4.0, head_bias=True
        )


model = AdaptiveLM(vocab=20000, emb=128, hidden=256)
