"""Text OOD detection with pytorch-ood's GRUClassifier and fixed class centers."""

import torch.nn as nn
from pytorch_ood.model import ClassCenters, GRUClassifier


class TextOOD(nn.Module):
    def __init__(self, vocab=5000, classes=4):
        super().__init__()
        self.encoder = GRUClassifier(num_classes=classes, n_vocab=vocab, embedding_dim=32)
        self.centers = ClassCenters(n_classes=classes, n_features=classes, fixed=True)


model = TextOOD(vocab=3000, classes=4)
