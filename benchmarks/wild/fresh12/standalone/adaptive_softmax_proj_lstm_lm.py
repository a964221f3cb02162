"""Word LM with an LSTM using proj_size (projected hidden state) and nn.AdaptiveLogSoftmaxWithLoss
(head plus down-projected tail clusters from cutoffs and div_value)."""

import torch.nn as nn


class LM(nn.Module):
    def __init__(self, vocab=20000, emb=128, hidden=256, proj=96, layers=2, cutoffs=(2000, 8000)):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.rnn = nn.LSTM(emb, hidden, num_layers=layers, proj_size=proj, dropout=0.2)
        self.crit = nn.AdaptiveLogSoftmaxWithLoss(
            proj, vocab, cutoffs=list(cutoffs), div_value=4.0, head_bias=True
        )


model = LM()
