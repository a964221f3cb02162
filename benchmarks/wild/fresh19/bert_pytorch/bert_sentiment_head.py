import torch.nn as nn
from bert_pytorch import BERT

CONFIG = dict(vocab_size=8000, hidden=256, n_layers=3, attn_heads=8, dropout=0.0)


class BertSentiment(BERT):
    """BERT subclass with a pooled classifier on the [CLS] position."""

    def __init__(self, num_labels=3, **cfg):
        super().__init__(**cfg)
        self.pool = nn.Sequential(nn.Linear(self.hidden, self.hidden), nn.Tanh())
        self.classifier = nn.Linear(self.hidden, num_labels)

    def forward(self, x, segment_info):
        h = super().forward(x, segment_info)
        return self.classifier(self.pool(h[:, 0]))


model = BertSentiment(num_labels=5, **CONFIG)
