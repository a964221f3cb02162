"""Multi-task heads sized from a collections.Counter over a label list (one head per task, k classes)."""

from collections import Counter, defaultdict

import torch.nn as nn

LABELS = [
    "pos:NOUN",
    "pos:VERB",
    "pos:ADJ",
    "ner:PER",
    "ner:LOC",
    "pos:NOUN",
    "ner:ORG",
    "sent:pos",
    "sent:neg",
    "ner:PER",
    "pos:ADV",
]
counts = Counter(LABELS)
tasks = defaultdict(set)
for label in counts:
    task, value = label.split(":")
    tasks[task].add(value)


class MultiTask(nn.Module):
    def __init__(self, vocab=2000, dim=64):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.shared = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.heads = nn.ModuleDict({t: nn.Linear(dim, len(v)) for t, v in sorted(tasks.items())})

    def forward(self, ids, offsets):
        h = self.shared(self.emb(ids, offsets))
        return {t: head(h) for t, head in self.heads.items()}


model = MultiTask(vocab=1500, dim=40)
