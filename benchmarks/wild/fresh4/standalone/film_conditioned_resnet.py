"""FiLM (feature-wise linear modulation): a question GRU produces gamma/beta for each residual block."""

import torch
import torch.nn as nn


class FiLMBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv1 = nn.Conv2d(ch, ch, 1)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)
        self.bn = nn.BatchNorm2d(ch, affine=False)

    def forward(self, x, gamma, beta):
        x = torch.relu(self.conv1(x))
        h = self.bn(self.conv2(x))
        h = gamma[..., None, None] * h + beta[..., None, None]
        return x + torch.relu(h)


class FiLMedNet(nn.Module):
    def __init__(self, vocab=90, wordvec_dim=200, hidden=512, n_blocks=4, ch=128, n_answers=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, wordvec_dim)
        self.rnn = nn.GRU(wordvec_dim, hidden, batch_first=True)
        self.film_gen = nn.Linear(hidden, n_blocks * 2 * ch)
        self.stem = nn.Sequential(nn.Conv2d(1024, ch, 3, padding=1), nn.ReLU())
        self.blocks = nn.ModuleList(FiLMBlock(ch) for _ in range(n_blocks))
        self.classifier = nn.Sequential(
            nn.Conv2d(ch, 512, 1),
            nn.ReLU(),
            nn.AdaptiveMaxPool2d(1),
            nn.Flatten(),
            nn.Linear(512, 1024),
            nn.ReLU(),
            nn.Linear(1024, n_answers),
        )
        self.ch = ch

    def forward(self, q, feats):
        _, h = self.rnn(self.embed(q))
        film = self.film_gen(h[-1]).view(q.shape[0], len(self.blocks), 2, self.ch)
        x = self.stem(feats)
        for i, blk in enumerate(self.blocks):
            x = blk(x, film[:, i, 0], film[:, i, 1])
        return self.classifier(x)


model = FiLMedNet()
