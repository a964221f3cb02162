# FiLM: one generator predicts gamma / beta for every residual block's BN (affine off)
import torch.nn as nn


class FiLMBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 1)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
        self.bn = nn.BatchNorm2d(c, affine=False)


class FiLMedNet(nn.Module):
    def __init__(self, vocab=90, q_dim=256, c=64, n_blocks=4):
        super().__init__()
        self.q_emb = nn.Embedding(vocab, 200)
        self.q_rnn = nn.GRU(200, q_dim, batch_first=True)
        self.film_gen = nn.Linear(q_dim, n_blocks * 2 * c)
        self.stem = nn.Conv2d(1024, c, 3, padding=1)
        self.blocks = nn.ModuleList(FiLMBlock(c) for _ in range(n_blocks))
        self.classifier = nn.Sequential(
            nn.Conv2d(c, 512, 1), nn.AdaptiveMaxPool2d(1), nn.Flatten(), nn.Linear(512, 28)
        )


model = FiLMedNet(vocab=90, q_dim=256, c=64, n_blocks=4)
