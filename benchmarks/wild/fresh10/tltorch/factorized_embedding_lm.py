import tltorch
from torch import nn


class FactorizedLM(nn.Module):
    """An LSTM LM whose large embedding table is a block tensor-train factorization."""

    def __init__(self, vocab=10000, dim=256):
        super().__init__()
        self.emb = tltorch.FactorizedEmbedding(vocab, dim, factorization="blocktt", rank=8)
        self.rnn = nn.LSTM(dim, dim, num_layers=2, batch_first=True)
        self.out = nn.Linear(dim, vocab)


model = FactorizedLM()
