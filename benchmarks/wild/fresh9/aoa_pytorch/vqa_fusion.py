# VQA: question tokens attend to image grid features with one shared AoA module used twice
from aoa_pytorch import AttentionOnAttention
from torch import nn


class VQAModel(nn.Module):
    def __init__(self, n_words=3000, n_answers=100, dim=128):
        super().__init__()
        self.words = nn.Embedding(n_words, dim, padding_idx=0)
        self.img = nn.Conv2d(3, dim, kernel_size=16, stride=16)
        self.aoa = AttentionOnAttention(dim=dim, heads=2, dim_head=32)
        self.classifier = nn.Sequential(
            nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, n_answers)
        )

    def forward(self, q, img):
        v = self.img(img).flatten(2).transpose(1, 2)
        x = self.words(q)
        x = x + self.aoa(x, context=v)
        x = x + self.aoa(x, context=v)
        return self.classifier(x.mean(1))


model = VQAModel(n_words=3000, n_answers=100, dim=128)
