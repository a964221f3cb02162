import torch.nn as nn


class TiedAE(nn.Module):
    def __init__(self, n=784, h=128):
        super().__init__()
        self.enc = nn.Linear(n, h)
        self.dec = nn.Linear(h, n)
        self.dec.weight = nn.Parameter(self.enc.weight.detach().t().clone())

    @property
    def codebook(self):
        return self.enc.weight


class SharedHead(nn.Module):
    def __init__(self, vocab=1000, d=64):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.rnn = nn.GRU(d, d, num_layers=2, batch_first=True)
        self.head = nn.Linear(d, vocab)
        self.head.weight = self.embedding_matrix

    @property
    def embedding_matrix(self):
        return self.tok.weight


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.ae = TiedAE(n=256, h=32)
        self.lm = SharedHead(vocab=500, d=48)


model = Both()
