"""A character-level sequence classifier: Feedback Transformer logits pooled into classes."""

import torch.nn as nn
from feedback_transformer_pytorch import FeedbackTransformer


class CharClassifier(nn.Module):
    def __init__(self, chars=128, dim=32, depth=2, classes=3):
        super().__init__()
        self.lm = FeedbackTransformer(
            num_tokens=chars, dim=dim, depth=depth, mem_len=8, seq_len=2, heads=2
        )
        self.cls = nn.Linear(chars, classes)

    def forward(self, x):
        return self.cls(self.lm(x).mean(dim=1))


model = CharClassifier(chars=128, dim=32, depth=2, classes=3)
