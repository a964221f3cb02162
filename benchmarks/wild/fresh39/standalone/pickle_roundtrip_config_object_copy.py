# a config object pickled and unpickled (as when restored from a checkpoint), then edited and built
import pickle
from dataclasses import dataclass

import torch.nn as nn


@dataclass
class Cfg:
    vocab: int = 5000
    dim: int = 128
    kernel_sizes: tuple = (3, 4, 5)
    filters: int = 100
    classes: int = 2


restored = pickle.loads(pickle.dumps(Cfg(filters=64)))
restored.classes = 6


class TextCNN(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.emb = nn.Embedding(c.vocab, c.dim, padding_idx=0)
        self.convs = nn.ModuleList([nn.Conv1d(c.dim, c.filters, k) for k in c.kernel_sizes])
        self.fc = nn.Linear(c.filters * len(c.kernel_sizes), c.classes)


model = TextCNN(restored)
