from types import SimpleNamespace

import torch.nn as nn
from electra_pytorch import Electra

cfg = SimpleNamespace(vocab=3000, gen_dim=48, disc_dim=160, disc_layers=2)


class GRULM(nn.Module):
    def __init__(self, vocab, dim, layers, out):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, num_layers=layers, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * dim, out)

    def forward(self, x):
        return self.out(self.rnn(self.emb(x))[0])


model = Electra(
    GRULM(cfg.vocab, cfg.gen_dim, 1, cfg.vocab),
    GRULM(cfg.vocab, cfg.disc_dim, cfg.disc_layers, 1),
    num_tokens=cfg.vocab,
    random_token_prob=0.1,
    gen_weight=1.0,
    disc_weight=50.0,
)
