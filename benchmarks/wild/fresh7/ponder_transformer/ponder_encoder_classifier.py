import torch.nn as nn
from ponder_transformer import PonderTransformer


class PonderClassifier(nn.Module):
    def __init__(self, vocab=3000, dim=128, n_classes=2):
        super().__init__()
        # non-causal: the adaptive-depth block reads the whole review
        self.encoder = PonderTransformer(
            num_tokens=vocab,
            dim=dim,
            max_seq_len=400,
            causal=False,
            heads=4,
            dim_head=32,
            ponder_lambda_p=0.1,
        )
        self.cls = nn.Linear(vocab, n_classes)


model = PonderClassifier()
