import torch.nn as nn
from linformer import Linformer


class TextClassifier(nn.Module):
    def __init__(self, vocab, dim, seq_len, depth, n_classes):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(seq_len, dim)
        self.encoder = Linformer(dim=dim, seq_len=seq_len, depth=depth, k=64, heads=4)
        self.cls = nn.Linear(dim, n_classes)

    def forward(self, ids):
        import torch

        x = self.emb(ids) + self.pos(torch.arange(ids.shape[1], device=ids.device))
        return self.cls(self.encoder(x).mean(1))


model = TextClassifier(vocab=30522, dim=128, seq_len=512, depth=2, n_classes=4)
