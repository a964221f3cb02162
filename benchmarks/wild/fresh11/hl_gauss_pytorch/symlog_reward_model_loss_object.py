"""A reward model whose head gets a prebuilt HLGaussLoss object (symlog transform) rather than a dict,
so the loss can be reused for target encoding; the head's norm is off."""

import torch.nn as nn
from hl_gauss_pytorch import HLGaussLayer, HLGaussLoss

loss_fn = HLGaussLoss(min_value=-20.0, max_value=20.0, num_bins=41, sigma=0.5, use_symlog=True)


class RewardModel(nn.Module):
    def __init__(self, vocab=300, dim=32, loss=loss_fn):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.head = HLGaussLayer(dim, hl_gauss_loss=loss)

    def forward(self, tokens):
        h, _ = self.rnn(self.tok(tokens))
        return self.head(h[:, -1])


model = RewardModel(vocab=300, dim=32)
