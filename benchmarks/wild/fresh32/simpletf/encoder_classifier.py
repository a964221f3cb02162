import torch.nn as nn
from simple_transformer import Encoder


class TextClassifier(nn.Module):
    def __init__(self, vocab, dim, depth, classes):
        super().__init__()
        self.encoder = Encoder(vocab, dim, depth, 2, "cpu", 3, 0.1, 64)
        self.head = nn.Linear(dim, classes)


model = TextClassifier(vocab=200, dim=24, depth=3, classes=5)
