"""Freeze the face embedder and train a small identity head on top."""

import torch.nn as nn
from facenet_pytorch import InceptionResnetV1


class FaceID(nn.Module):
    def __init__(self, n_ids=20):
        super().__init__()
        self.embedder = InceptionResnetV1(pretrained=None, dropout_prob=0.2)
        for p in self.embedder.parameters():
            p.requires_grad = False
        self.head = nn.Sequential(nn.Linear(512, 256), nn.ReLU(), nn.Linear(256, n_ids))

    def forward(self, x):
        return self.head(self.embedder(x))


model = FaceID(n_ids=20)
