# FiLM (CLEVR-style): a GRU question encoder predicts per-block gamma/beta for residual conv blocks
import torch.nn as nn


class FiLMBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv1 = nn.Conv2d(ch + 2, ch, 1)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)
        self.bn = nn.BatchNorm2d(ch, affine=False)


class FiLMNet(nn.Module):
    def __init__(self, vocab=90, ch=128, n_blocks=4, answers=28):
        super().__init__()
        self.embed = nn.Embedding(vocab, 200)
        self.gru = nn.GRU(200, 4096, batch_first=True)
        self.film = nn.Linear(4096, 2 * ch * n_blocks)
        self.stem = nn.Sequential(nn.Conv2d(1024, ch, 3, padding=1), nn.ReLU())
        self.blocks = nn.ModuleList([FiLMBlock(ch) for _ in range(n_blocks)])
        self.classifier = nn.Sequential(
            nn.Conv2d(ch + 2, 512, 1),
            nn.AdaptiveMaxPool2d(1),
            nn.Flatten(),
            nn.Linear(512, 1024),
            nn.ReLU(),
            nn.Linear(1024, answers),
        )


model = FiLMNet()
